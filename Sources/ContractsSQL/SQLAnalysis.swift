import ContractsCore

/// Every configured migration parsed once; `generate` (the effective constraint) and `check` (the SQL rules)
/// both read this one value, so no migration is parsed twice in a run.
public struct SQLAnalysis: Sendable {
    let facts: SQLFacts
    let registry: Registry

    /// Reads and parses the registry's migration folders. Throws only when a file cannot be read.
    public static func load(_ context: CheckContext) throws -> SQLAnalysis {
        try load(context, relevance: nil)
    }

    /// The same, with the bodies `relevance` admits read statement by statement (nil: the registry's).
    static func load(_ context: CheckContext, relevance: BodyRelevance?) throws -> SQLAnalysis {
        let history = try MigrationHistory.load(context, relevance: relevance)
        return SQLAnalysis(facts: SQLFacts(history: history, target: context.registry.notificationTypes.sql),
                           registry: context.registry)
    }

    /// The CHECK constraint the database ends up with after every migration, or nil when none is readable.
    public var effectiveConstraint: EffectiveConstraint? {
        ConstraintReplay.effective(of: facts.state, preferring: registry.notificationTypes.sql.constraintName)
    }

    /// The registry's ENUM type after every migration, or nil when the registry names none.
    public var effectiveEnum: EffectiveEnum? { EnumReplay.effective(facts.enumState, registry) }

    /// Why the value set the database enforces is unknown (statements that do not parse name its table,
    /// constraint or type), or nil when the replay can decide.
    public var valueSetUnknown: String? {
        facts.blockers.isEmpty ? nil : ValueSetUnknownRule.reason(facts, registry.notificationTypes.sql)
    }

    /// The statements behind `valueSetUnknown`, as `file:line:col`.
    public var valueSetBlockers: [SourceLocation] { facts.blockers.map(\.location) }

    /// Places where migrations or live functions write a value the registry does not list (assigned to or
    /// inserted into the column, or passed to an emitter; comparisons are reads): `(value, file:line:col)`.
    public var unregisteredWrites: [(value: String, location: SourceLocation)] {
        let registered = Set(registry.notificationTypes.rawValues)
        return UnknownLiteralRule.literals(facts, registry)
            .filter { $0.isWrite && !registered.contains($0.value) }
            .map { ($0.value, $0.location) }
    }

    /// Migrations that do not parse (`sql-syntax-error`): the effective constraint is unknown while any exist.
    public var syntaxErrors: [Finding] { SyntaxErrorRule.findings(facts) }

    /// The SQL rules, one unit each; every unit reads the same parsed history.
    /// Their order is the README's (findings are sorted afterwards, so it changes no report).
    static let units: [any DriftRule<SQLAnalysis>.Type] = [
        SyntaxErrorRule.self, ConstraintDriftRule.self, EnumDriftRule.self, ConstraintUnreadableRule.self,
        ValueSetUnknownRule.self, UnknownLiteralRule.self, PayloadShapeRule.self, PushKeyRule.self,
        OrderAmbiguityRule.self,
    ]

    /// Every SQL rule's findings, default severities, sorted for reporting.
    public var findings: [Finding] {
        Self.units.flatMap { $0.findings(self) }.sortedForReport()
    }
}
