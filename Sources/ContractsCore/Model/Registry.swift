/// The validated contract: every name the generators and checkers use comes from here.
///
/// Plain values only; `RegistryLoader` builds it from registry.yaml and nothing else touches disk.
public struct Registry: Sendable, Equatable {
    /// The registry file, relative to `root` (normally `registry.yaml`).
    public var file: String
    public var version: Int
    public var notificationTypes: NotificationTypeSet
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
    /// The other enums the stacks share (`enums:`), in registry order.
    public var enums: [SharedEnum]

    public init(
        file: String, version: Int, notificationTypes: NotificationTypeSet, badges: BadgeSet?,
        deepLinks: DeepLinkSet?, payloads: [PayloadShape], emitters: Emitters, migrations: [MigrationFolder],
        sources: SourceGlobs, outputs: OutputPaths, ruleSeverities: [String: RuleSeverity], baseline: String,
        location: SourceLocation, pushKeys: [PushKey] = [], acceptBreaking: [AcceptedBreak] = [],
        keyLocations: RegistryKeyLocations = RegistryKeyLocations(), enums: [SharedEnum] = []
    ) {
        self.file = file
        self.version = version
        self.notificationTypes = notificationTypes
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
        self.enums = enums
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

/// The set of notification types and where each stack names it.
public struct NotificationTypeSet: Sendable, Equatable {
    /// Swift enum name (`NotificationType`).
    public var swiftEnum: String
    /// TypeScript `as const` object name (`NOTIFICATION_TYPES`).
    public var typescriptConst: String
    /// TypeScript union type name (defaults to the Swift enum name).
    public var typescriptType: String
    /// Key that carries the raw type in push payloads, notification rows and `userInfo` (`type`; seed 001: `notification_type`).
    public var payloadKey: String
    /// The table/column/constraint the SQL CHECK applies to.
    public var sql: SQLConstraintTarget
    /// Raw value unknown server values decode to, if any.
    public var fallback: String?
    /// Swift property names of the per-case attributes.
    public var swiftProperties: AttributeProperties
    /// Custom per-case attributes (`attributes:`), in registry order.
    public var attributes: [CustomAttribute]
    public var values: [NotificationTypeValue]
    /// Values old rows may hold that are no longer registered (`retired:`).
    public var retired: [RetiredValue]
    public var location: SourceLocation
    /// Whether `generate` writes its Swift (`generate: false`: the app keeps its hand-written declaration, which
    /// `check` compares with the registry; TypeScript and SQL are generated either way).
    public var generatesSwift: Bool

    public init(
        swiftEnum: String, typescriptConst: String, typescriptType: String, payloadKey: String,
        sql: SQLConstraintTarget, fallback: String?, swiftProperties: AttributeProperties,
        values: [NotificationTypeValue], location: SourceLocation, attributes: [CustomAttribute] = [],
        retired: [RetiredValue] = [], generatesSwift: Bool = true
    ) {
        self.swiftEnum = swiftEnum
        self.typescriptConst = typescriptConst
        self.typescriptType = typescriptType
        self.payloadKey = payloadKey
        self.sql = sql
        self.fallback = fallback
        self.swiftProperties = swiftProperties
        self.attributes = attributes
        self.values = values
        self.retired = retired
        self.location = location
        self.generatesSwift = generatesSwift
    }

    /// Raw values in registry order.
    public var rawValues: [String] { values.map(\.raw) }

    /// Raw values the database and the edge functions hold (scope `all` or `server`), in registry order.
    public var serverRawValues: [String] { values.filter(\.scope.onServer).map(\.raw) }

    /// Raw values the Swift enum declares (scope `all` or `app`), in registry order.
    public var appRawValues: [String] { values.filter(\.scope.inApp).map(\.raw) }

    /// Retired raw values, in registry order.
    public var retiredRawValues: [String] { retired.map(\.raw) }

    /// The value with this raw string.
    public func value(raw: String) -> NotificationTypeValue? { values.first { $0.raw == raw } }
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

/// One notification type and its per-case attributes.
public struct NotificationTypeValue: Sendable, Equatable {
    /// The wire value: `^[a-z][a-z0-9_]*$`, stored in SQL and sent in payloads.
    public var raw: String
    /// Swift case name (`rideClaimed`); also the key in the TypeScript const (`RIDE_CLAIMED` is derived).
    public var swiftCase: String
    /// SF Symbol name.
    public var icon: String?
    public var canBeDisabled: Bool
    public var preferenceKey: String?
    /// Badge case name (from `badges.cases`), or nil.
    public var badge: String?
    /// Deep-link case names (from `deep_links.cases`) this type opens, tried in order: the first whose
    /// required parameters are all in the payload wins (`[ride, favor]` for Q&A on either). Empty: none.
    public var deepLinks: [String]
    /// Where the value exists (`scope:`): everywhere by default.
    public var scope: ValueScope
    /// Values of the custom attributes, by attribute key; a missing key means null.
    public var attributeValues: [String: AttributeValue]
    public var location: SourceLocation

    public init(raw: String, swiftCase: String, icon: String?, canBeDisabled: Bool, preferenceKey: String?,
                badge: String?, deepLinks: [String], location: SourceLocation, scope: ValueScope = .all,
                attributeValues: [String: AttributeValue] = [:]) {
        self.raw = raw
        self.swiftCase = swiftCase
        self.icon = icon
        self.canBeDisabled = canBeDisabled
        self.preferenceKey = preferenceKey
        self.badge = badge
        self.deepLinks = deepLinks
        self.scope = scope
        self.attributeValues = attributeValues
        self.location = location
    }

    /// Key of this value in the TypeScript const object (`RIDE_CLAIMED`).
    /// Its key in the generated TypeScript const: the raw value upper-cased (`ride_claimed` → `RIDE_CLAIMED`);
    /// a raw value of another shape through snake case first (`expenseAdded` → `EXPENSE_ADDED`, `ride-cancelled` →
    /// `RIDE_CANCELLED`), or its Swift case's when that leaves nothing (`1H` → `_1H` is not asked: `1H`).
    public var typescriptKey: String { Identifiers.typescriptKey(raw: raw, swiftCase: swiftCase) }
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
