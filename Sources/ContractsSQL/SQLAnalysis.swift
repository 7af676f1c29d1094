import ContractsCore

/// Every configured migration parsed once; `generate` (the effective constraint) and `check` (the SQL rules)
/// both read this one value, so no migration is parsed twice in a run.
public struct SQLAnalysis: Sendable {
    let facts: SQLFacts
    let registry: Registry

    /// Reads and parses the registry's migration folders. Throws only when a file cannot be read.
    public static func load(_ context: CheckContext) throws -> SQLAnalysis {
        let history = try MigrationHistory.load(context)
        return SQLAnalysis(facts: SQLFacts(history: history, target: context.registry.notificationTypes.sql),
                           registry: context.registry)
    }

    /// The CHECK constraint the database ends up with after every migration, or nil when none is readable.
    public var effectiveConstraint: EffectiveConstraint? {
        let target = registry.notificationTypes.sql
        return ConstraintReplay.effective(of: ConstraintReplay.state(of: facts.history, target: target),
                                          preferring: target.constraintName)
    }

    /// Migrations that do not parse (`sql-syntax-error`): the effective constraint is unknown while any exist.
    public var syntaxErrors: [Finding] { SyntaxErrorRule.findings(facts) }

    /// Every SQL rule's findings, default severities, sorted for reporting.
    public var findings: [Finding] {
        var findings = SyntaxErrorRule.findings(facts)
        findings += ConstraintDriftRule.findings(facts, registry)
        findings += ConstraintUnreadableRule.findings(facts, registry)
        findings += UnknownLiteralRule.findings(facts, registry)
        findings += PayloadShapeRule.findings(facts, registry)
        findings += OrderAmbiguityRule.findings(facts)
        return findings.sortedForReport()
    }
}
