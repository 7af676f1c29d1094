/// A drift or lint rule: a stable id, its default severity and what it is about.
///
/// The rules are declared here, where every module sees them; the list of every rule (`Rule.all`) is derived
/// from the checkers' rule units in ContractsCheck (`RuleCatalog`), never written by hand.
public struct Rule: Hashable, Sendable {
    public let id: String
    public let defaultSeverity: Severity
    public let summary: String

    public init(_ id: String, _ defaultSeverity: Severity, _ summary: String) {
        self.id = id
        self.defaultSeverity = defaultSeverity
        self.summary = summary
    }
}

extension Rule {
    // Registry and generated files
    public static let generatedStale = Rule("generated-stale", .error, "A generated file is missing or differs from what `generate` would write.")
    public static let generatedEdited = Rule("generated-edited", .error, "A file at a generated path has no generated header: it was written by hand and is never overwritten.")

    // SQL
    public static let sqlSyntaxError = Rule("sql-syntax-error", .error, "A migration does not parse with PostgreSQL 15's parser, or contains a NUL byte.")
    public static let sqlConstraintDrift = Rule("sql-constraint-drift", .error, "The effective CHECK constraint (or ENUM type) after replaying every migration differs from the registry.")
    public static let sqlConstraintUnreadable = Rule("sql-constraint-unreadable", .warning, "A CHECK constraint on the type column could not be reduced to a set of values.")
    public static let sqlConstraintUnknown = Rule("sql-constraint-unknown", .warning, "A statement that does not parse could change the type column's value set, so the replay cannot tell what the database accepts.")
    public static let sqlUnknownLiteral = Rule("sql-unknown-literal", .error, "A notification-type literal in SQL is not registered.")
    public static let migrationOrderAmbiguous = Rule("migration-order-ambiguous", .warning, "One object is defined in more than one migration folder, so its final state depends on folder order.")

    // Migrations
    public static let migrationDuplicateNumber = Rule("migration-duplicate-number", .error, "Several migrations in one folder share a number.")
    public static let migrationBadName = Rule("migration-bad-name", .error, "A migration file name does not follow the folder's naming scheme.")
    public static let migrationGap = Rule("migration-gap", .warning, "Sequential migration numbers skip a value.")
    public static let migrationMixedScheme = Rule("migration-mixed-scheme", .warning, "One folder mixes two naming schemes.")
    public static let migrationVersionCollision = Rule("migration-version-collision", .error, "Timestamp migrations share the version the Supabase CLI reads (`^([0-9]+)_`).")
    public static let migrationNotNewerThanBase = Rule("migration-not-newer-than-base", .error, "A migration added since the base ref does not sort after the newest migration of the base.")
    public static let migrationEdited = Rule("migration-edited", .error, "A migration recorded in migrations.sum has changed.")

    // Swift sources
    public static let swiftEnumDrift = Rule("swift-enum-drift", .error, "The hand-written notification-type enum differs from the registry.")
    public static let swiftAttributeDrift = Rule("swift-attribute-drift", .error, "A per-case attribute (`switch self`) differs from the registry.")
    public static let swiftDeepLinkDrift = Rule("swift-deeplink-drift", .error, "The hand-written deep-link enum or the userInfo keys it reads differ from the registry.")
    public static let swiftUnknownLiteral = Rule("swift-unknown-literal", .error, "A string literal used as a notification type in Swift is not registered.")
    public static let swiftSourceTooDeep = Rule("swift-source-too-deep", .error, "A Swift source nests brackets or string interpolations deeper than the checker parses (128 levels; 8 for key-path parentheses), so it is not checked.")

    // TypeScript sources
    public static let tsConstDrift = Rule("ts-const-drift", .error, "The `as const` notification-type object differs from the registry.")
    public static let tsUnknownLiteral = Rule("ts-unknown-literal", .error, "A string literal used as a notification type in TypeScript is not registered.")
    public static let tsPayloadKeyDrift = Rule("ts-payload-key-drift", .error, "Push payload keys sent for a notification type differ from its deep link's payload keys.")

    // Live database (`check --database-url`)
    public static let dbConstraintDrift = Rule("db-constraint-drift", .error, "The live database's CHECK constraint (or ENUM labels) on the type column differs from the registry or from what the migrations leave.")
    public static let dbFunctionDrift = Rule("db-function-drift", .error, "A live function differs from its last definition in the migrations (compared as parse trees), is missing, or no migration defines it.")
    public static let dbUnknownLiteral = Rule("db-unknown-literal", .error, "A live function uses a notification-type literal that is not registered.")
    public static let dbMigrationNotApplied = Rule("db-migration-not-applied", .error, "A migration file's version is not in the live database's `supabase_migrations.schema_migrations`.")
    public static let dbMigrationUnknown = Rule("db-migration-unknown", .warning, "The live database lists an applied migration version that no migration file has.")
    public static let dbUnregisteredRows = Rule("db-unregistered-rows", .error, "Live rows hold a type value that is neither registered nor retired.")

    // Shared
    /// One id for users (one `rules:` entry, one suppression: "a payload's keys differ from the registry"),
    /// answered by five units in three readers. Each owns one part, and only that part:
    ///
    /// | reader     | unit                                  | owns                                                    |
    /// |------------|---------------------------------------|---------------------------------------------------------|
    /// | SQL        | `PayloadShapeRule` (ContractsSQL)     | the objects a payload's `rpc` returns (required fields on every path, no extra key) |
    /// | SQL        | `PushKeyRule`                         | the keys a SQL push builder sends, when `push_keys` is declared |
    /// | Swift      | `PayloadShapeRule` (ContractsSwiftSource) | the keys a `Decodable` type named like a payload reads |
    /// | TypeScript | `PayloadShapeRule` (ContractsTypeScriptSource) | the properties read from a registered RPC's result |
    /// | TypeScript | `PayloadInterfaceRule`                | the keys an `interface` named like a payload declares  |
    ///
    /// A new reader of payload keys adds its row here (and to the README's row for this rule).
    public static let payloadShapeDrift = Rule("payload-shape-drift", .error, "Keys read or returned for a payload differ from the registry's fields.")
    public static let sourceNulByte = Rule("source-nul-byte", .error, "A Swift or TypeScript source contains a NUL byte, which its compiler and this tool read differently.")

    // Breaking changes since a git ref (`check --against REF`)
    public static let breakingTypeRemoved = Rule("breaking-type-removed", .error, "A notification type the registry at the base ref has is gone without being moved to `retired`: rows and shipped apps still hold it.")
    public static let breakingTypeRenamed = Rule("breaking-type-renamed", .error, "A Swift case's raw value changed since the base ref: rows and shipped apps hold the old one.")
    public static let breakingDeepLinkChanged = Rule("breaking-deeplink-changed", .error, "A deep-link case was removed since the base ref, or a parameter was removed, renamed, retyped or made required.")
    public static let breakingPayloadChanged = Rule("breaking-payload-changed", .error, "A payload or payload field was removed since the base ref, a field's type changed, or it was made required without a default.")
    public static let breakingFallbackChanged = Rule("breaking-fallback-changed", .error, "The notification-type fallback was removed or changed since the base ref.")

    /// The rules `check --against REF` reports, the only ones `accept_breaking:` may name.
    public static let breaking: [Rule] = [
        .breakingTypeRemoved, .breakingTypeRenamed, .breakingDeepLinkChanged, .breakingPayloadChanged, .breakingFallbackChanged,
    ]
}
