import ContractsCore
import Foundation

/// What `check --staged` judges: the registry and every file as the index holds them, so a partially
/// staged file (or registry) is judged by what the commit would record.
public struct StagedProject: Sendable {
    /// The registry as staged.
    public let registry: Registry
    /// The staged registry's bytes, exactly as parsed (the check cache keys by them).
    public let registryBytes: Data
    /// The project files as staged (relative to the registry's folder).
    public let tree: GitTree
    /// The staged paths that made the check necessary.
    public let relevantPaths: [String]

    /// Nil when the commit touches nothing the registry governs (the caller exits 0 at once), or when the
    /// registry is not in the index at all (the commit then carries no contract to break); otherwise the
    /// staged project. Costs one git process when nothing is staged below `root`, two when nothing staged
    /// is relevant; only then is the index listed (`GitTree`).
    /// Throws `RegistryErrors` when the staged registry is invalid.
    public static func load(root: URL, registryFile: String) throws -> StagedProject? {
        let staged = try StagedChanges.paths(in: root)
        guard !staged.isEmpty else { return nil }
        // One `cat-file --batch` for the registry and every blob read later (the index's, and HEAD's).
        let blobs = GitBlobReader(dir: root)
        guard let text = try blobs.readIfPresent(":./" + registryFile) else { return nil }
        let registry = try RegistryLoader.load(text: String(decoding: text, as: UTF8.self), file: registryFile,
                                                ruleIDs: RuleCatalog.ids)
        let relevant = StagedRelevance.relevantPaths(staged: staged, registry: registry)
        guard !relevant.isEmpty else { return nil }
        let tree = try GitTree(root: root, source: .index, blobs: blobs)
        return StagedProject(registry: registry, registryBytes: text, tree: tree, relevantPaths: relevant)
    }
}
