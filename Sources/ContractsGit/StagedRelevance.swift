import ContractsCore

/// Which staged paths can change what `check` reports, so `check --staged` (and the pre-commit hook it runs
/// in) exits at once when a commit touches nothing the registry governs.
///
/// Errs on the side of checking: a path that only might matter (any file in a migration folder, any file
/// below an output folder) counts; a missed path would let drift through, an extra one only costs a check.
public enum StagedRelevance {
    /// The staged paths (relative to the registry's folder) that are the registry, its baseline, a generated
    /// output, a file in a configured migration folder or a functions folder, or a configured source; in the order
    /// given.
    public static func relevantPaths(staged: [String], registry: Registry) -> [String] {
        let rules = Rules(registry)
        return staged.filter(rules.isRelevant)
    }

    /// The registry's paths and globs, compiled once for many staged paths.
    private struct Rules {
        let exactPaths: Set<String>
        let folderPrefixes: [String]
        let sources: [Glob]
        let excluded: [Glob]

        init(_ registry: Registry) {
            exactPaths = [StagedRelevance.normalized(registry.file), StagedRelevance.normalized(registry.baseline)]
            let outputs = [registry.outputs.swift, registry.outputs.typescript] + (registry.outputs.sql.map { [$0] } ?? [])
            // A function folder added or removed, or a function's entry file, changes what the edge-function rules say.
            folderPrefixes = (outputs + registry.migrations.map(\.dir) + registry.edgeFunctionFolderCandidates).map(StagedRelevance.normalized)
                .filter { !$0.isEmpty }.map { $0 + "/" }
            sources = (registry.sources.swift + registry.sources.typescript).map(Glob.init)
            excluded = registry.sources.exclude.map(Glob.init)
        }

        func isRelevant(_ path: String) -> Bool {
            if exactPaths.contains(path) { return true }
            if folderPrefixes.contains(where: { path.hasPrefix($0) }) { return true }
            return sources.contains { $0.matches(path) } && !excluded.contains { $0.matches(path) }
        }
    }

    /// `./database/` → `database`: registry paths are written by hand.
    private static func normalized(_ path: String) -> String {
        path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }.joined(separator: "/")
    }
}
