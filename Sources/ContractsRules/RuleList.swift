/// Every rule's id, default severity and summary, declared here (a module that depends on nothing) so that what only
/// names rules — the reporters, suppressions and baselines, the git hook, the registry's `rules:` keys — never links
/// the readers (swift-syntax, libpg_query). Each rule's unit lives in its checker's module and reports it by name;
/// `RuleCatalog` (ContractsCheck) derives the same list from the units, and a test holds the two equal.

// MARK: Generated files (ContractsCheck, GeneratedFiles)

extension Rule {
    public static let generatedEdited = Rule("generated-edited", .error, "A file at a generated path has no generated header: it was written by hand and is never overwritten.")
    public static let generatedRedeclared = Rule("generated-redeclared", .error, "A type `generate` writes is also declared in the hand-written Swift, so an app target that holds both declares it twice.")
    public static let generatedStale = Rule("generated-stale", .error, "A generated file is missing or differs from what `generate` would write.")
}

// MARK: SQL migrations and the live database (ContractsSQL)

extension Rule {
    public static let dbConstraintDrift = Rule("db-constraint-drift", .error, "The live database's CHECK constraint (or ENUM labels) on an enum's column differs from the registry or from what the migrations leave.")
    public static let dbFunctionDrift = Rule("db-function-drift", .error, "A live function differs from its last definition in the migrations (compared as parse trees), is missing, or no migration defines it.")
    public static let dbMigrationNotApplied = Rule("db-migration-not-applied", .error, "A migration file's version is not in the live database's `supabase_migrations.schema_migrations`.")
    public static let dbSchemaDrift = Rule("db-schema-drift", .error, "The live database's tables, views, columns or functions differ from the schema the migrations leave (a migration not applied, a change made in the dashboard).")
    public static let dbMigrationUnknown = Rule("db-migration-unknown", .warning, "The live database lists an applied migration version that no migration file has.")
    public static let dbUnknownLiteral = Rule("db-unknown-literal", .error, "A live function writes or compares a value an enum does not list, where its migrations do not.")
    public static let dbUnregisteredRows = Rule("db-unregistered-rows", .error, "Live rows hold a type value that is neither registered nor retired.")
    public static let sqlConstraintDrift = Rule("sql-constraint-drift", .error, "The effective CHECK constraint (or ENUM type) after replaying every migration differs from the registry.")
    public static let sqlConstraintUnreadable = Rule("sql-constraint-unreadable", .warning, "A CHECK constraint on an enum's column could not be reduced to a set of values.")
    public static let migrationOrderAmbiguous = Rule("migration-order-ambiguous", .warning, "One object is defined in more than one migration folder, so its final state depends on folder order.")
    public static let sqlSyntaxError = Rule("sql-syntax-error", .error, "A migration does not parse with PostgreSQL 15's parser, or contains a NUL byte.")
    public static let sqlUnknownLiteral = Rule("sql-unknown-literal", .error, "A literal SQL writes to an enum's column (inserts, assigns, passes to an emitter) is not one of its values, or is retired.")
    /// Split from `sql-unknown-literal`: a comparison that never holds, apart from a broken write (see
    /// `Rule.swiftUnknownLiteralRead`).
    public static let sqlUnknownLiteralRead = Rule("sql-unknown-literal-read", .error, "A literal SQL compares with an enum's column is not one of its values: a condition that never holds.", narrowing: .sqlUnknownLiteral)
    public static let sqlSchemaError = Rule("sql-schema-error", .error, "A migration statement PostgreSQL would refuse on the schema the migrations before it leave: a `CREATE OR REPLACE VIEW` that renames, reorders or drops a view column, an `ALTER TABLE` on a column that does not exist, a `DROP COLUMN` a view still selects.")
    public static let sqlConstraintUnknown = Rule("sql-constraint-unknown", .warning, "A statement that does not parse could change the value set of an enum's column, so the replay cannot tell what the database accepts.")
}

// MARK: Migration folders (ContractsMigrations, Lint)

extension Rule {
    public static let migrationBadName = Rule("migration-bad-name", .error, "A migration file name does not follow the folder's naming scheme.")
    public static let migrationDuplicateNumber = Rule("migration-duplicate-number", .error, "Several migrations in one folder share a number.")
    public static let migrationEdited = Rule("migration-edited", .error, "A migration recorded in migrations.sum has changed.")
    public static let migrationGap = Rule("migration-gap", .warning, "Sequential migration numbers skip a value.")
    public static let migrationMixedScheme = Rule("migration-mixed-scheme", .warning, "One folder mixes two naming schemes.")
    public static let migrationNotNewerThanBase = Rule("migration-not-newer-than-base", .error, "A migration added since the base ref does not sort after the newest migration of the base.")
    public static let migrationVersionCollision = Rule("migration-version-collision", .error, "Timestamp migrations share the version the Supabase CLI reads (`^([0-9]+)_`).")
}

// MARK: Swift sources (ContractsSwiftSource)

extension Rule {
    public static let swiftAttributeDrift = Rule("swift-attribute-drift", .error, "A per-case attribute (`switch self`) differs from the registry.")
    public static let swiftDeepLinkDrift = Rule("swift-deeplink-drift", .error, "The hand-written deep-link enum or the userInfo keys it reads differ from the registry.")
    public static let swiftEnumDrift = Rule("swift-enum-drift", .error, "A hand-written Swift enum differs from its enum in the registry.")
    public static let swiftSourceTooDeep = Rule("swift-source-too-deep", .error, "A Swift source goes past what swift-syntax parses in bounded time and depth (nesting, `[`, generics, else-if chains, switches without a case), so it is not checked.")
    public static let swiftUnknownLiteral = Rule("swift-unknown-literal", .error, "A string literal Swift writes as an enum's value (a row, a payload, an emitter's argument) is not one of its values, or is retired.")
    /// Split from `swift-unknown-literal`: a dead branch breaks nothing the other stacks see, so a team may make
    /// it a warning (`rules: { swift-unknown-literal-read: warning }`) and keep broken writes errors.
    public static let swiftUnknownLiteralRead = Rule("swift-unknown-literal-read", .error, "A string literal Swift reads or compares as an enum's value is not one of its values: a branch that never runs.", narrowing: .swiftUnknownLiteral)
}

// MARK: TypeScript sources (ContractsTypeScriptSource)

extension Rule {
    public static let tsConstDrift = Rule("ts-const-drift", .error, "A TypeScript declaration of an enum (an `as const` object, a union, Supabase's generated `Enums`) differs from the registry.")
    public static let tsPayloadKeyDrift = Rule("ts-payload-key-drift", .error, "Push payload keys sent for a notification type differ from its deep link's payload keys.")
    public static let tsUnknownLiteral = Rule("ts-unknown-literal", .error, "A string literal TypeScript writes as an enum's value (a row, a payload, an emitter's argument) is not one of its values, or is retired.")
    /// Split from `ts-unknown-literal`: a dead branch, apart from a broken write (see `Rule.swiftUnknownLiteralRead`).
    public static let tsUnknownLiteralRead = Rule("ts-unknown-literal-read", .error, "A string literal TypeScript compares with an enum's value is not one of its values: a branch that never runs.", narrowing: .tsUnknownLiteral)
}

// MARK: Names the app uses of the schema (ContractsCheck, SchemaNames)

extension Rule {
    /// Reported by two checkers: the names Swift and TypeScript queries use (ContractsCheck, SchemaNames) and the
    /// names the bodies of the SQL functions in force use (ContractsSQL, `BodyTableRule`, `BodyColumnRule`).
    public static let unknownTable = Rule("unknown-table", .error, "Swift or TypeScript queries a table or view (`.from(\"t\")`), or an SQL function body names one (`INSERT INTO t`, `FROM t`), that the migrations never create, or drop.")
    public static let unknownColumn = Rule("unknown-column", .error, "A query or an SQL function body selects, filters, orders by, writes or names in `onConflict` a column its table (or an embedded table) does not have after the migrations.")
    public static let unknownRelationship = Rule("unknown-relationship", .error, "A select embeds a resource (`rel(…)`, `rel!hint(…)`) that no foreign key links to the queried table, in either direction.")
    public static let missingRequiredColumn = Rule("missing-required-column", .error, "An insert or upsert leaves out a NOT NULL column that has no default, identity or generated value and no BEFORE INSERT trigger that sets it.")
    public static let rpcArgumentDrift = Rule("rpc-argument-drift", .error, "`.rpc(\"fn\", params:)` names a function the migrations do not define, sends an argument no overload takes, or leaves out a required one.")
}

// MARK: Every source's raw bytes (NulByte, ContractsCore)

extension Rule {
    public static let sourceNulByte = Rule("source-nul-byte", .error, "A Swift or TypeScript source contains a NUL byte, which its compiler and this tool read differently.")
}

// MARK: The list

extension Rule {
    /// Every rule, in the order the README lists them: checker by checker (generated files, SQL, migration folders,
    /// Swift, TypeScript), then the rules that cut across checkers, then the live database's and `--against`'s.
    public static let all: [Rule] = [
        .generatedStale, .generatedEdited, .generatedRedeclared, .sqlSyntaxError, .sqlConstraintDrift,
        .sqlConstraintUnreadable, .sqlConstraintUnknown, .sqlSchemaError, .sqlUnknownLiteral, .sqlUnknownLiteralRead,
        .migrationOrderAmbiguous, .migrationDuplicateNumber, .migrationBadName, .migrationGap, .migrationMixedScheme,
        .migrationVersionCollision, .migrationNotNewerThanBase, .migrationEdited, .swiftEnumDrift,
        .swiftAttributeDrift, .swiftDeepLinkDrift, .swiftUnknownLiteral, .swiftUnknownLiteralRead, .tsConstDrift,
        .tsUnknownLiteral, .tsUnknownLiteralRead, .tsPayloadKeyDrift,
        .unknownRelationship, .missingRequiredColumn, .rpcArgumentDrift, .edgeFunctionMissing, .edgeFunctionMethodDrift,
        .payloadShapeDrift, .unknownTable, .unknownColumn, .sourceNulByte,
        .swiftSourceTooDeep, .dbConstraintDrift, .dbFunctionDrift, .dbUnknownLiteral, .dbMigrationNotApplied,
        .dbMigrationUnknown, .dbUnregisteredRows, .dbSchemaDrift, .breakingTypeRemoved, .breakingTypeRenamed,
        .breakingDeepLinkChanged, .breakingPayloadChanged, .breakingFallbackChanged,
    ]

    /// The rule with this id, if there is one.
    public static func named(_ id: String) -> Rule? { all.first { $0.id == id } }

    /// The ids that name the findings of the rule `id` in a project's settings, most specific first: its own,
    /// then the rule it was split from (`Rule.parent`), which named them before the split.
    public static func namingIDs(of id: String) -> [String] {
        guard let parent = parents[id] else { return [id] }
        return [id, parent]
    }

    /// Each split-off rule's parent, by id.
    private static let parents: [String: String] = Dictionary(
        all.compactMap { rule in rule.parent.map { (rule.id, $0) } }, uniquingKeysWith: { first, _ in first })
}

// MARK: Edge functions (ContractsCheck, EdgeFunctions)

extension Rule {
    public static let edgeFunctionMissing = Rule("edge-function-missing", .error, "`functions.invoke(\"name\")` names no function under the functions folder: every call answers 404.")
    public static let edgeFunctionMethodDrift = Rule("edge-function-method-drift", .error, "An edge function refuses every HTTP method but some, and a call sends another (supabase-swift and supabase-js send POST by default).")
}
