import ContractsCore
import Dispatch

/// The SQL checker: parses every configured migration once with PostgreSQL's parser, replays the
/// constraint history and runs each SQL rule over the result.
public enum SQLSourceCheck {
    /// Findings with each rule's default severity, sorted for reporting.
    ///
    /// Throws when a migration folder or file cannot be read: that is bad input (exit 2, as the README
    /// promises), not a syntax error in the migrations.
    public static func findings(in context: CheckContext) throws -> [Finding] {
        let analysis = try SQLAnalysis.load(context)
        let findings = analysis.findings
        // Freeing every parse tree is a good share of a run: done on another thread, off the report's path
        // (a `check` that ends first exits without waiting for it).
        DispatchQueue.global(qos: .utility).async { withExtendedLifetime(analysis) {} }
        return findings
    }
}

extension SQLSourceCheck {
    /// The SQL rules, one unit each (several may share an id), for the rule catalog and the examples test.
    public static var ruleUnits: [any DriftRule.Type] { SQLAnalysis.units }
}
