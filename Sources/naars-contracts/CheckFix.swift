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

    /// Checks the working tree (without the cache: the edits are computed from the bytes read now), fixes what the
    /// reported findings' edits fix, and returns the line that says so; with `--dry-run`, prints the diff instead
    /// and writes nothing. A file changed meanwhile, or one that cannot be written, is exit 2 with nothing written.
    func fixSources(_ location: RegistryLocation, _ registry: Registry) throws -> String {
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
            let counted = "\(plan.fixed.count) finding(s) in \(plan.files.count) file(s)"
            if dryRun {
                if !plan.files.isEmpty { Console.print(plan.diff) }
                Console.error(plan.files.isEmpty ? "Nothing to fix." : "Would fix \(counted); nothing written.")
                return ""
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
            let stale = reported.contains { $0.ruleID == Rule.generatedStale.id }
            return "Fixed \(counted)." + (stale ? " Generated files are never edited: run `naars-contracts generate`." : "")
        }
    }
}
