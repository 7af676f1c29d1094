import ArgumentParser
import ContractsCheck
import ContractsCore
import ContractsReport
import ContractsSuppress
import Foundation

/// `check --fix` and `--fix --dry-run`: the findings' edits (`SourceFix`) applied to the hand-written sources, before
/// the check that reports what is left.
extension CheckCommand {
    func validateFix() throws {
        if dryRun, !fix { throw ValidationError("--dry-run goes with --fix (`check --fix --dry-run` prints the diff)") }
        if fix, staged { throw ValidationError("--fix edits the working tree; it cannot go with --staged") }
        if fix, writeBaseline { throw ValidationError("--fix and --write-baseline: fix first, then accept what is left") }
    }

    /// What `--fix` did or, with `--dry-run`, would do.
    struct FixOutcome {
        /// Findings the edits resolve, and the files they change.
        var fixed: Int
        var files: Int
        /// Errors among the fixed findings (after the registry's severities, suppressions and baseline).
        var fixedErrors: Int
        /// Whether a generated file is stale: `--fix` never edits one.
        var staleGenerated: Bool

        var counted: String { "\(fixed) finding(s) in \(files) file(s)" }

        /// The line after a fix that wrote.
        var writtenLine: String {
            "Fixed \(counted)." + (staleGenerated ? " Generated files are never edited: run `naars-contracts generate`." : "")
        }

        /// The line after `--dry-run`, given the report of the tree as it is (nothing was written): what would be
        /// fixed, and how many errors the fix would leave.
        func dryRunLine(_ summary: CheckSummary) -> String {
            let remaining = max(0, summary.errors - fixedErrors)
            let left = remaining == 0 ? "" : " \(remaining) error\(remaining == 1 ? "" : "s")"
            if fixed == 0 {
                return left.isEmpty ? "Nothing to fix." : "Nothing to fix;\(left) \(remaining == 1 ? "remains" : "remain") (`naars-contracts check` lists them)."
            }
            return "Would fix \(counted); nothing written." + (left.isEmpty ? "" : "\(left) would remain (`naars-contracts check` lists them).")
        }
    }

    /// Checks the working tree (without the cache: the edits are computed from the bytes read now) and fixes what
    /// the reported findings' edits fix; with `--dry-run`, prints the diff instead and writes nothing. A file changed
    /// meanwhile, or one that cannot be written, is exit 2 with nothing written.
    func fixSources(_ location: RegistryLocation, _ registry: Registry) throws -> FixOutcome {
        let root = location.root.path
        return try ProjectLock.holding(location.root) {
            let tree = SnapshotTree(DiskTree(root: location.root))
            var raw: [Finding]
            do {
                raw = try ContractCheck.findings(in: CheckContext(registry: registry, tree: tree))
            } catch {
                throw ToolFailure([.init("\(error)")], root: root)
            }
            raw = onlyRuleFindings(raw)
            let reported = try FindingFilter.applyWithProjectBaseline(raw, registry: registry, tree: tree, root: location.root).findings
            let plan = SourceFix.plan(reported, registry: registry, tree: tree)
            let outcome = FixOutcome(fixed: plan.fixed.count, files: plan.files.count,
                                     fixedErrors: plan.fixed.filter { $0.severity == .error }.count,
                                     staleGenerated: reported.contains { $0.ruleID == Rule.generatedStale.id })
            if dryRun {
                if !plan.files.isEmpty { Console.print(plan.diff) }
                return outcome
            }
            do {
                // Standard error: standard output is the report, perhaps JSON.
                for stale in try plan.write(root: location.root, registry: registry) {
                    Console.error("removed \(stale) (a temporary file left by an interrupted run)")
                }
            } catch let failure as SourceFix.WriteFailure {
                throw ToolFailure(failure.messages.map {
                    ToolFailure.Message($0.reason, at: $0.path.isEmpty ? nil : SourceLocation(file: $0.path, line: 1, column: 1))
                }, root: root)
            }
            return outcome
        }
    }
}
