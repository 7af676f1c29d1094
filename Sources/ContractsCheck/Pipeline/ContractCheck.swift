import ContractsCore
import ContractsSQL
import ContractsSwiftSource
import ContractsTypeScriptSource
import Foundation

/// `check`: every checker over one project, findings in report order. Checkers return their rules' default
/// severities; the registry's severities, inline suppressions and the baseline are applied afterwards.
public enum ContractCheck {
    /// Raw findings of every checker.
    public static func findings(in context: CheckContext) throws -> [Finding] {
        // A constraint migration `generate` would write shows up as sql-constraint-drift, so only the
        // Swift and TypeScript files are compared here.
        let plan = try GenerationPlan.sources(context: context)
        var findings = GeneratedFilesCheck.findings(plan: plan, context: context)
        let sources = context.excludingGenerated(Set(plan.sourceFiles.map(\.path) + plan.orphans))
        // The checkers share nothing but the read-only context, so they run side by side; a checker's
        // error is still thrown in checker order.
        let results = SourceCheckers.all.concurrentMap { checker in Result { try checker(sources) } }
        for result in results {
            findings += try result.get()
        }
        return findings.sortedForReport()
    }
}

/// The source checkers `check` runs, one per language reader.
enum SourceCheckers {
    static let all: [@Sendable (CheckContext) throws -> [Finding]] = [
        { SQLSourceCheck.findings(in: $0) },
        { MigrationLint.findings(in: $0) },
        { try SwiftSourceCheck.findings(in: $0) },
        { try TypeScriptSourceCheck.findings(in: $0) },
    ]
}
