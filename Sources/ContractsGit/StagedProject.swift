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
    /// staged project. Costs one git process when nothing is staged below `root`, three otherwise.
    /// Throws `RegistryErrors` when the staged registry is invalid, `UnmergedPaths` when a path below `root` is unmerged.
    ///
    /// When a staged file looks like one the checkers read (`mayBeRelevant`), the index is listed while the staged
    /// registry is read and parsed, each of its own git process; the answers, and errors, are taken in the order
    /// they would be asked one after another. Otherwise (documents, images) it is listed only once it is needed.
    public static func load(root: URL, registryFile: String) throws -> StagedProject? {
        let (staged, unmerged) = try StagedChanges.read(in: root)
        guard !staged.isEmpty else { return nil }
        // A path in a merge conflict has no staged content: left out, it would let the check pass on what it never read.
        guard unmerged.isEmpty else { throw UnmergedPaths(paths: unmerged) }
        // One `cat-file --batch` for the registry and every blob read later (the index's, and HEAD's).
        let blobs = GitBlobReader(dir: root)
        let questions: [Question] = staged.contains(where: mayBeRelevant) ? [.registry, .listing] : [.registry]
        let answers = questions.concurrentMap { question -> Answer in
            switch question {
            case .registry: return .registry(Result { try StagedRegistry.read(blobs, registryFile, revision: "", ruleIDs: Rule.all.map(\.id)) })
            case .listing: return .listing(Result { try GitTree.indexListing(root) })
            }
        }
        guard case .registry(let registryAnswer) = answers[0] else { return nil }
        guard let (text, loaded) = try registryAnswer.get() else { return nil }
        let registry = try loaded.get()
        let relevant = StagedRelevance.relevantPaths(staged: staged, registry: registry)
        guard !relevant.isEmpty else { return nil }
        let listing: Data
        if answers.count > 1, case .listing(let answer) = answers[1] { listing = try answer.get() } else { listing = try GitTree.indexListing(root) }
        let tree = try GitTree(root: root, source: .index, blobs: blobs, listing: listing)
        return StagedProject(registry: registry, registryBytes: text, tree: tree, relevantPaths: relevant)
    }

    /// A guess, only to decide when to list the index (the registry decides what is relevant): a file of a kind
    /// the checkers read or the registry's own format.
    static func mayBeRelevant(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return ["swift", "sql", "ts", "tsx", "mts", "js", "yaml", "yml", "json", "sum"].contains(path[path.index(after: dot)...].lowercased())
    }

    private enum Question { case registry, listing }

    private enum Answer {
        case registry(Result<(Data, Result<Registry, Error>)?, Error>)
        case listing(Result<Data, Error>)
    }
}

/// A registry as git holds it: read through the run's blob reader and parsed on the thread that read it.
enum StagedRegistry {
    /// The registry's bytes at `revision` ("" for the index, `HEAD`...), and what they load as; nil when it has
    /// none there.
    static func read(_ blobs: GitBlobReader, _ registryFile: String, revision: String,
                     ruleIDs: [String]?) throws -> (Data, Result<Registry, Error>)? {
        guard let text = try blobs.readIfPresent(revision + ":./" + registryFile) else { return nil }
        return (text, Result { try RegistryLoader.load(text: String(decoding: text, as: UTF8.self), file: registryFile,
                                                       ruleIDs: ruleIDs) })
    }
}
