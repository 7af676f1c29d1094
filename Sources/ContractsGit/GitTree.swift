import ContractsCore
import Foundation

/// A project tree as git holds it: the index (what `git commit` would record) or a commit.
///
/// `check --staged` judges the index, so a partially staged file is judged by its staged content, not the
/// working copy; `migrations lint --against REF` judges a revision. Paths are relative to `root` (the
/// registry's folder), which may be a subfolder of the repository: only files below it are listed.
public struct GitTree: FileTree {
    /// Which version of the files to read.
    public enum Source: Sendable, Equatable {
        /// The index: staged content.
        case index
        /// A commit, branch, tag or any tree-ish git accepts (`main`, `HEAD~1`, `origin/main`).
        case revision(String)
    }

    public let root: URL
    public let source: Source
    /// Sorted paths, relative to `root`.
    private let paths: [String]
    private let objects: [String: String]
    private let blobs: GitBlobReader

    /// The `cat-file --batch` contents are read through: object ids name blobs across the whole repository, so
    /// trees of one repository (the index, `HEAD`) can share one.
    public var blobReader: GitBlobReader { blobs }

    /// Lists the files (one git process); contents are read on demand through one `cat-file --batch` (`blobs`,
    /// or a new one). `listing`: for the index, what `GitTree.indexListing(root)` already returned.
    public init(root: URL, source: Source, blobs: GitBlobReader? = nil, listing: Data? = nil) throws {
        self.root = root.standardizedFileURL
        self.source = source
        let entries: [GitEntry]
        switch source {
        case .index:
            entries = GitListing.parseIndex(try listing ?? Self.indexListing(self.root))
        case .revision(let rev):
            // Likewise ls-tree without --full-tree/--full-name; `--end-of-options` keeps a revision
            // that starts with `-` from being read as an option.
            entries = GitListing.parseTree(
                try GitProcess.run(["ls-tree", "-r", "-z", "--end-of-options", rev], in: self.root))
        }
        var objects: [String: String] = [:]
        objects.reserveCapacity(entries.count)
        for entry in entries { objects[entry.path] = entry.object }
        self.objects = objects
        // Git lists in byte order, which is String order for ASCII paths: sort only when that is not so.
        let listed = entries.map(\.path)
        paths = zip(listed, listed.dropFirst()).allSatisfy { $0 < $1 } ? listed : objects.keys.sorted()
        self.blobs = blobs ?? GitBlobReader(dir: self.root)
    }

    /// The index's listing below `root` (`git ls-files -s -z`): run from `root`, ls-files lists only files below
    /// it, with paths relative to it.
    public static func indexListing(_ root: URL) throws -> Data {
        try GitProcess.run(["ls-files", "-s", "-z"], in: root)
    }

    public func files(under dir: String) throws -> [String] {
        guard !dir.isEmpty else { return paths }
        let prefix = dir.hasSuffix("/") ? dir : dir + "/"
        return paths.filter { $0.hasPrefix(prefix) }
    }

    public func read(_ path: String) throws -> Data {
        guard let object = objects[path] else {
            throw FileTreeError(path: path, reason: "not in \(sourceName)")
        }
        do {
            return try blobs.read(object)
        } catch {
            throw FileTreeError(path: path, reason: "cannot read from \(sourceName) (\(error))")
        }
    }

    /// Git's object id: the index and every commit already name each blob by a hash of its content, so the
    /// cache's check that nothing changed reads no blob at all.
    public func fingerprint(_ path: String) throws -> String {
        guard let object = objects[path] else { throw FileTreeError(path: path, reason: "not in \(sourceName)") }
        return "git:" + object
    }

    public func fingerprint(_ path: String, of bytes: Data) -> String {
        objects[path].map { "git:" + $0 } ?? ContentHash.hex(bytes)
    }

    /// Many files at once, in one round trip to git: for callers that know up front what they will read.
    public func read(_ paths: [String]) throws -> [Data] {
        let objects = try paths.map { path in
            guard let object = self.objects[path] else {
                throw FileTreeError(path: path, reason: "not in \(sourceName)")
            }
            return object
        }
        return try blobs.read(objects)
    }

    private var sourceName: String {
        switch source {
        case .index: return "the git index"
        case .revision(let rev): return "git revision \(rev)"
        }
    }
}
