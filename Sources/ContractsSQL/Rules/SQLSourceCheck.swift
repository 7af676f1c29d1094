import ContractsCore

/// The SQL checker: parses every configured migration once with PostgreSQL's parser, replays the
/// constraint history and runs each SQL rule over the result.
public enum SQLSourceCheck {
    /// Findings with each rule's default severity, sorted for reporting.
    ///
    /// Throws when a migration folder or file cannot be read: that is bad input (exit 2, as the README
    /// promises), not a syntax error in the migrations.
    public static func findings(in context: CheckContext) throws -> [Finding] {
        try SQLAnalysis.load(context).findings
    }
}

extension SQLSourceCheck {
    /// The SQL rules, one unit each (several may share an id), for the rule catalog and the examples test.
    public static var ruleUnits: [any DriftRule.Type] { SQLAnalysis.rules }
}
