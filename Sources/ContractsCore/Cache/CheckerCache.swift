/// Where a checker's per-file results may come from an earlier run. `run` answers for one piece of work:
/// `body` reads what it needs through the tree it is given (so a cache can record and later re-verify it),
/// and the value it returns depends only on that, the registry and `key`.
public protocol CheckerCache: Sendable {
    func run<Value: Codable>(_ name: String, key: String, _ body: (FileTree) throws -> Value) rethrows -> Value
    /// Whether `name`'s stored result (asked with `key`) still holds; when it does, it is kept for the next run as if
    /// it had been asked, without being decoded. For a unit that only some runs need (another unit asks it when it
    /// runs again), so a run that does not need it does not lose it. False without a store.
    func keep(_ name: String, key: String) -> Bool
    /// Where readers may keep what they made of a file by its content (`ContentMemo`), or nil.
    var memo: ContentMemo? { get }
}

/// Where `check` keeps its cache, at the project root; file listings never descend into it.
public enum CacheFolder {
    public static let name = ".naars-contracts-cache"
}

/// No cache: every piece of work runs on the tree.
public struct NoCheckerCache: CheckerCache {
    public let tree: FileTree

    public init(_ tree: FileTree) { self.tree = tree }

    public func run<Value: Codable>(_ name: String, key: String, _ body: (FileTree) throws -> Value) rethrows -> Value {
        try body(tree)
    }
}

extension CheckerCache {
    public var memo: ContentMemo? { nil }

    public func keep(_ name: String, key: String) -> Bool { false }

    /// The same cache with `key` added to every key asked of it.
    public func keyed(_ key: String) -> CheckerCache { KeyedCheckerCache(base: self, key: key) }
}

private struct KeyedCheckerCache: CheckerCache {
    let base: CheckerCache
    let key: String

    func run<Value: Codable>(_ name: String, key: String, _ body: (FileTree) throws -> Value) rethrows -> Value {
        try base.run(name, key: self.key + " " + key, body)
    }

    func keep(_ name: String, key: String) -> Bool { base.keep(name, key: self.key + " " + key) }

    var memo: ContentMemo? { base.memo }
}
