import ContractsCore

/// The SQL checker: parses every configured migration once with PostgreSQL's parser, replays the
/// constraint history and runs each SQL rule over the result.
public enum SQLSourceCheck {
    /// Findings with each rule's default severity, sorted for reporting.
    public static func findings(in context: CheckContext) -> [Finding] {
        do {
            return try SQLAnalysis.load(context).findings
        } catch {
            return [Finding(.sqlSyntaxError, "Cannot read the migrations: \(error)", at: context.registry.location)]
        }
    }
}

extension SQLSourceCheck {
    /// The SQL rules, one unit each (several may share an id), for the rule catalog and the examples test.
    public static var ruleUnits: [any DriftRule.Type] { SQLAnalysis.rules }
}
