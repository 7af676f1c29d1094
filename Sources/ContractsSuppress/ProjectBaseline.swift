import ContractsCore
import ContractsReport
import Foundation

extension FindingFilter {
    /// What every command reports: `applyCounting` with the project's baseline (the file the registry's
    /// `baseline:` names, when the tree has it). A baseline that does not load stops the run (`Baseline.load`).
    public static func applyWithProjectBaseline(_ findings: [Finding], registry: Registry, tree: FileTree,
                                                root: URL) throws -> (findings: [Finding], suppressed: Int, baselined: Int) {
        let baseline = try Baseline.load(registry.baseline, in: tree, root: root)
        return applyCounting(findings, registry: registry, tree: tree, baseline: baseline)
    }
}

extension Baseline {
    /// The baseline file at `path` in `tree`, or nil when there is none. One that cannot be read or decoded is
    /// a `ToolFailure` (exit 2) at its first line, its path relative to `root`.
    public static func load(_ path: String, in tree: FileTree, root: URL) throws -> Baseline? {
        guard tree.exists(path) else { return nil }
        do {
            return try Baseline(data: tree.read(path))
        } catch {
            throw ToolFailure([.init("\(error)", at: SourceLocation(file: path, line: 1, column: 1))], root: root.path)
        }
    }
}
