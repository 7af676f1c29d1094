import ContractsCore

/// The SQL checker: parses every configured migration once with PostgreSQL's parser, replays the
/// constraint history and runs each SQL rule over the result.
public enum SQLSourceCheck {
    /// Findings with each rule's default severity, sorted for reporting.
    public static func findings(in context: CheckContext) -> [Finding] {
        let registry = context.registry
        let history: MigrationHistory
        do {
            history = try MigrationHistory.load(context)
        } catch {
            return [Finding(.sqlSyntaxError, "Cannot read the migrations: \(error)", at: registry.location)]
        }
        let facts = SQLFacts(history: history, target: registry.notificationTypes.sql)
        var findings = SyntaxErrorRule.findings(facts)
        findings += ConstraintDriftRule.findings(facts, registry)
        findings += ConstraintUnreadableRule.findings(facts, registry)
        findings += UnknownLiteralRule.findings(facts, registry)
        findings += PayloadShapeRule.findings(facts, registry)
        findings += OrderAmbiguityRule.findings(facts)
        return findings.sortedForReport()
    }
}
