import Foundation

/// Read access to a project's files, relative to its root.
///
/// The checkers read through this so the same code judges the working tree (`DiskTree`),
/// the git index (`check --staged`) or an in-memory fixture in tests (`MemoryTree`).
public protocol FileTree: Sendable {
    /// Every regular file below `dir` ("" for the whole tree), as `/`-separated paths relative to the root, sorted.
    func files(under dir: String) throws -> [String]
    /// The bytes of a file.
    func read(_ path: String) throws -> Data
}

extension FileTree {
    /// A file decoded as UTF-8 (invalid bytes are replaced, never a crash).
    public func readText(_ path: String) throws -> String {
        String(decoding: try read(path), as: UTF8.self)
    }

    /// Whether the file exists.
    public func exists(_ path: String) -> Bool { (try? read(path)) != nil }

    /// Files matching any of `include` and none of `exclude`.
    public func files(matching include: [String], excluding exclude: [String] = []) throws -> [String] {
        let inc = include.map(Glob.init), exc = exclude.map(Glob.init)
        return try files(under: "").filter { path in
            inc.contains { $0.matches(path) } && !exc.contains { $0.matches(path) }
        }
    }
}

/// Errors reading a tree.
public struct FileTreeError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var reason: String
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
    public var description: String { "\(path): \(reason)" }
}

/// The working tree on disk.
public struct DiskTree: FileTree {
    public let root: URL

    public init(root: URL) { self.root = root.standardizedFileURL }

    public func files(under dir: String) throws -> [String] {
        let prefix = dir.isEmpty ? "" : (dir.hasSuffix("/") ? dir : dir + "/")
        var out: [String] = []
        DirectoryWalk.regularFiles(in: root.path + "/" + prefix, relative: prefix, into: &out)
        return out.sorted()
    }

    public func read(_ path: String) throws -> Data {
        do {
            return try Data(contentsOf: root.appendingPathComponent(path))
        } catch {
            throw FileTreeError(path: path, reason: "cannot read file (\((error as NSError).localizedDescription))")
        }
    }
}

/// An in-memory tree, for tests and for the staged (git index) view.
public struct MemoryTree: FileTree {
    public var contents: [String: Data]

    public init(_ contents: [String: Data]) { self.contents = contents }

    public init(text: [String: String]) { contents = text.mapValues { Data($0.utf8) } }

    public func files(under dir: String) throws -> [String] {
        let prefix = dir.isEmpty ? "" : (dir.hasSuffix("/") ? dir : dir + "/")
        return contents.keys.filter { $0.hasPrefix(prefix) }.sorted()
    }

    public func read(_ path: String) throws -> Data {
        guard let data = contents[path] else { throw FileTreeError(path: path, reason: "no such file") }
        return data
    }
}
