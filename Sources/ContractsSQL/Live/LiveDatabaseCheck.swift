import ContractsCore

/// `check --database-url`: the live database's snapshot judged against the migrations and the registry.
/// Reading the database is ContractsLiveDatabase's; this module only parses and compares, so the rules and
/// their examples run without a server.
public enum LiveDatabaseCheck {
    /// The `db-*` rules, one unit each (`db-constraint-drift` and `db-unregistered-rows` over every enum).
    static let units: [any DriftRule<LiveFacts>.Type] = [
        DbConstraintDriftRule.self, DbFunctionDriftRule.self, DbUnknownLiteralRule.self,
        DbMigrationNotAppliedRule.self, DbMigrationUnknownRule.self, DbUnregisteredRowsRule.self, DbSchemaDriftRule.self,
    ]

    /// The rule units, for the rule catalog and the examples test.
    public static var ruleUnits: [any DriftRule.Type] { units }

    /// The functions whose live definitions the rules read (schema-qualified, lowercased): every function the
    /// migrations leave defined, and the registry's SQL emitters. (Functions that triggers on the table run
    /// are found by the reader in the database itself.)
    public static func functionsToRead(_ analysis: SQLAnalysis) -> [String] {
        let emitters = analysis.registry.emitters.sql.map { SQLFacts.qualifiedName($0.function) }
        return Array(Set(analysis.facts.live.keys).union(emitters)).sorted()
    }

    /// The schemas whose tables, views, columns and functions `db-schema-drift` compares: those the migrations create
    /// relations or functions in, and `public`.
    public static func schemasToRead(_ analysis: SQLAnalysis) -> [String] { DbSchemaDriftRule.schemasToRead(analysis.schema) }

    /// Every `db-*` finding, default severities, sorted for reporting.
    public static func findings(_ analysis: SQLAnalysis, _ snapshot: LiveSnapshot) -> [Finding] {
        let facts = LiveFacts(analysis: analysis, snapshot: snapshot)
        return units.flatMap { $0.findings(facts) }.sortedForReport()
    }

    /// The same, parsing the project's migrations first.
    public static func findings(in context: CheckContext, snapshot: LiveSnapshot) throws -> [Finding] {
        findings(try SQLAnalysis.load(context), snapshot)
    }
}
