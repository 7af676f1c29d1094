/// The validated contract: every name the generators and checkers use comes from here.
///
/// Plain values only; `RegistryLoader` builds it from registry.yaml and nothing else touches disk.
public struct Registry: Sendable, Equatable {
    /// The registry file, relative to `root` (normally `registry.yaml`).
    public var file: String
    public var version: Int
    /// Every enum the stacks share, in registry order: the notification enum first when there is one (notification
    /// types, then every status and kind). One list: the notification contract names one of them, it holds no copy.
    public var allEnums: [SharedEnum]
    /// The notification contract (`notifications:`, or the one `notification_types:` implies): which enum of
    /// `allEnums` pushes, notification rows and `userInfo` carry, under which key. Nil when the app has none.
    public var notificationContract: NotificationContract?
    public var badges: BadgeSet?
    public var deepLinks: DeepLinkSet?
    /// Payload shapes in registry order.
    public var payloads: [PayloadShape]
    public var emitters: Emitters
    /// Keys push payloads carry beyond deep-link parameters, the type key and the link key.
    public var pushKeys: [PushKey]
    /// Migration folders in replay order.
    public var migrations: [MigrationFolder]
    public var sources: SourceGlobs
    public var outputs: OutputPaths
    /// Per-rule severity overrides (`rules:` section), by rule id.
    public var ruleSeverities: [String: RuleSeverity]
    /// Baseline file of accepted findings, relative to the root.
    public var baseline: String
    /// Where the whole document starts (for findings about the registry as a whole).
    public var location: SourceLocation
    /// Breaking changes accepted on purpose (`accept_breaking:`); read only by `check --against REF`.
    public var acceptBreaking: [AcceptedBreak]
    /// Where list-holding keys sit, for findings about things no longer in the registry.
    public var keyLocations: RegistryKeyLocations

    public init(
        file: String, version: Int, notificationTypes: NotificationTypeSet?, badges: BadgeSet?,
        deepLinks: DeepLinkSet?, payloads: [PayloadShape], emitters: Emitters, migrations: [MigrationFolder],
        sources: SourceGlobs, outputs: OutputPaths, ruleSeverities: [String: RuleSeverity], baseline: String,
        location: SourceLocation, pushKeys: [PushKey] = [], acceptBreaking: [AcceptedBreak] = [],
        keyLocations: RegistryKeyLocations = RegistryKeyLocations(), enums: [SharedEnum] = []
    ) {
        self.file = file
        self.version = version
        self.allEnums = (notificationTypes.map { [$0.sharedEnum] } ?? []) + enums
        self.notificationContract = notificationTypes?.contract
        self.badges = badges
        self.deepLinks = deepLinks
        self.payloads = payloads
        self.emitters = emitters
        self.pushKeys = pushKeys
        self.migrations = migrations
        self.sources = sources
        self.outputs = outputs
        self.ruleSeverities = ruleSeverities
        self.baseline = baseline
        self.location = location
        self.acceptBreaking = acceptBreaking
        self.keyLocations = keyLocations
    }

    /// The enums other than the notification enum, in registry order.
    public var enums: [SharedEnum] {
        get { notificationContract == nil ? allEnums : Array(allEnums.dropFirst()) }
        set { allEnums = (notificationContract == nil ? [] : [allEnums[0]]) + newValue }
    }

    /// The notification enum seen through its contract (a view of `allEnums[0]`, which `notificationContract`
    /// names); nil when the app has none. Setting it sets the enum and the contract.
    public var notificationTypes: NotificationTypeSet? {
        get { notificationContract.map { NotificationTypeSet(sharedEnum: allEnums[0], contract: $0) } }
        set {
            let others = enums
            notificationContract = newValue?.contract
            allEnums = (newValue.map { [$0.sharedEnum] } ?? []) + others
        }
    }

    /// The notification enum, for a rule that runs only when the registry has one (the checkers leave out the rules
    /// that judge it when there is none).
    public var notificationEnum: NotificationTypeSet {
        guard let notificationTypes else { preconditionFailure("a notification rule ran without a notification enum") }
        return notificationTypes
    }

    /// The notification enum's column, for the emitters of its migrations (run only when it has one).
    public var notificationColumn: SQLConstraintTarget {
        guard let column = notificationEnum.sql else { preconditionFailure("a migration of the notification enum without a column") }
        return column
    }

    /// The payload shape with this registry name.
    public func payload(named name: String) -> PayloadShape? { payloads.first { $0.name == name } }

    /// The deep-link case with this name.
    public func deepLink(named name: String) -> DeepLinkCase? { deepLinks?.cases.first { $0.name == name } }

    /// The folder that `generate` writes constraint migrations into: `outputs.sql`; else, when a sequential folder
    /// is configured, the one the Supabase CLI applies (`supabase/migrations`) if it is configured too (a legacy
    /// `database/` beside it is history the CLI never runs), else the first sequential folder.
    public var sqlOutputFolder: MigrationFolder? {
        if let dir = outputs.sql { return migrations.first { ProjectPath.normalized($0.dir) == ProjectPath.normalized(dir) } }
        guard let sequential = migrations.first(where: { if case .sequential = $0.scheme { return true } else { return false } })
        else { return nil }
        return supabaseMigrationsFolder ?? sequential
    }

    /// The folder `migrations new` writes to without `--dir`: `sqlOutputFolder`, else `supabase/migrations`.
    public var newMigrationFolder: MigrationFolder? { sqlOutputFolder ?? supabaseMigrationsFolder }

    /// The configured folder the Supabase CLI applies.
    private var supabaseMigrationsFolder: MigrationFolder? {
        migrations.first { ProjectPath.normalized($0.dir) == "supabase/migrations" }
    }

    /// The severity a rule's findings get in this project, or nil when the registry turns it off.
    public func severity(of rule: Rule) -> Severity? {
        if let set = ruleSeverities[rule.id] { return set.severity }
        return rule.defaultSeverity
    }
}

/// Where the type column lives in the database and what restricts its values: a CHECK constraint, a
/// PostgreSQL ENUM type, or nothing (free text).
public struct SQLConstraintTarget: Sendable, Equatable {
    /// Schema, `public` when the registry names the table without one.
    public var schema: String
    public var table: String
    public var column: String
    /// The CHECK constraint's name, or nil when the column has none (free text, or an ENUM type).
    public var constraint: String?
    /// The PostgreSQL ENUM type the column has (`remote_match_status`), or nil.
    public var enumType: SQLTypeName?
    public var location: SourceLocation

    public init(schema: String, table: String, column: String, constraint: String?, location: SourceLocation,
                enumType: SQLTypeName? = nil) {
        self.schema = schema
        self.table = table
        self.column = column
        self.constraint = constraint
        self.enumType = enumType
        self.location = location
    }

    /// `schema.table`.
    public var qualifiedTable: String { "\(schema).\(table)" }

    /// The name a constraint on the column is looked for and written under: the declared one, else
    /// PostgreSQL's default name for a column CHECK (`notifications_kind_check`).
    public var constraintName: String { constraint ?? "\(table)_\(column)_check" }
}

/// A schema-qualified SQL type name.
public struct SQLTypeName: Sendable, Equatable {
    public var schema: String
    public var name: String

    public init(schema: String, name: String) {
        self.schema = schema
        self.name = name
    }

    /// `schema.name`.
    public var qualified: String { "\(schema).\(name)" }
}

/// Swift property names for the per-case attributes of the notification-type enum.
public struct AttributeProperties: Sendable, Equatable {
    public var icon: String
    public var canBeDisabled: String
    public var preferenceKey: String
    public var badge: String

    public init(icon: String = "icon", canBeDisabled: String = "canBeDisabled", preferenceKey: String = "preferenceKey",
                badge: String = "badgeTab") {
        self.icon = icon
        self.canBeDisabled = canBeDisabled
        self.preferenceKey = preferenceKey
        self.badge = badge
    }
}

/// The badge tabs notification types count toward.
public struct BadgeSet: Sendable, Equatable {
    public var swiftEnum: String
    public var cases: [String]
    public var location: SourceLocation
    /// Whether `generate` writes its Swift (`generate: false`: the app keeps its hand-written declaration, which
    /// `check` compares with the registry; TypeScript and SQL are generated either way).
    public var generatesSwift: Bool

    public init(swiftEnum: String, cases: [String], location: SourceLocation, generatesSwift: Bool = true) {
        self.swiftEnum = swiftEnum
        self.cases = cases
        self.location = location
        self.generatesSwift = generatesSwift
    }
}
