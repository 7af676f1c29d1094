import ContractsCore
import Foundation

/// A tree that answers from `base` and keeps the bytes of every file read, so `check --fix` edits exactly the
/// text its findings were computed from, and can tell when a file changed before it is written.
public final class SnapshotTree: FileTree, @unchecked Sendable {
    public let base: FileTree
    private let lock = NSLock()
    private var bytes: [String: Data] = [:]

    public init(_ base: FileTree) { self.base = base }

    public func files(under dir: String) throws -> [String] { try base.files(under: dir) }

    /// The first answer for each path, every later read included: the checkers and the fixer see one text.
    public func read(_ path: String) throws -> Data {
        lock.lock()
        if let kept = bytes[path] { lock.unlock(); return kept }
        lock.unlock()
        let data = try base.read(path)
        lock.lock()
        defer { lock.unlock() }
        if let kept = bytes[path] { return kept }
        bytes[path] = data
        return data
    }
}
