import ContractsCore
import Foundation

/// One question a check asked of its tree, with a fingerprint of the answer: a listing (the paths it
/// returned) or a read (the bytes, or the error). A check is a function of its registry and of these
/// answers, so when every observation still holds, its findings still hold.
public struct TreeObservation: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Sendable { case list, read }
    public var kind: Kind
    public var path: String
    public var answer: String

    public init(kind: Kind, path: String, answer: String) {
        self.kind = kind
        self.path = path
        self.answer = answer
    }

    /// The answer `tree` gives now to the question `kind`/`path`.
    public static func answer(_ kind: Kind, _ path: String, in tree: FileTree) -> String {
        switch kind {
        case .list: return listing(dir: path, in: tree).answer
        case .read:
            do { return try tree.fingerprint(path) } catch { return "error: \(error)" }
        }
    }

    static func listing(dir: String, in tree: FileTree) -> (paths: Result<[String], Error>, answer: String) {
        do {
            let paths = try tree.files(under: dir)
            return (.success(paths), ContentHash.hex(Data(paths.joined(separator: "\n").utf8)))
        } catch {
            return (.failure(error), "error: \(error)")
        }
    }

    static func reading(_ path: String, in tree: FileTree) -> (bytes: Result<Data, Error>, answer: String) {
        do {
            let bytes = try tree.read(path)
            return (.success(bytes), tree.fingerprint(path, of: bytes))
        } catch {
            return (.failure(error), "error: \(error)")
        }
    }
}

/// A tree that answers from `base` and remembers every question and the fingerprint of its answer
/// (`observations`), for the check cache. Safe to share between the checkers' threads.
public final class RecordingTree: FileTree, @unchecked Sendable {
    public let base: FileTree
    private let lock = NSLock()
    private var seen: [String: TreeObservation] = [:]
    private var changed = false

    public init(_ base: FileTree) { self.base = base }

    public func files(under dir: String) throws -> [String] {
        let (paths, answer) = TreeObservation.listing(dir: dir, in: base)
        remember(TreeObservation(kind: .list, path: dir, answer: answer))
        return try paths.get()
    }

    public func read(_ path: String) throws -> Data {
        let (bytes, answer) = TreeObservation.reading(path, in: base)
        remember(TreeObservation(kind: .read, path: path, answer: answer))
        return try bytes.get()
    }

    /// The fingerprint alone, recorded as the read it stands for (a read's answer is the fingerprint of what was
    /// read): a file whose stamp is unchanged is then not read at all (`StampedTree`).
    public func fingerprint(_ path: String) throws -> String {
        do {
            let answer = try base.fingerprint(path)
            remember(TreeObservation(kind: .read, path: path, answer: answer))
            return answer
        } catch {
            remember(TreeObservation(kind: .read, path: path, answer: "error: \(error)"))
            throw error
        }
    }

    public func fingerprint(_ path: String, of bytes: Data) -> String { base.fingerprint(path, of: bytes) }

    /// Whether a question was answered differently the second time (a file edited during the check): the
    /// findings then match no single state of the tree and must not be cached.
    public var sawChange: Bool {
        lock.lock()
        defer { lock.unlock() }
        return changed
    }

    /// Every distinct question asked so far, in a stable order.
    public var observations: [TreeObservation] {
        lock.lock()
        defer { lock.unlock() }
        return seen.values.sorted { ($0.kind.rawValue, $0.path) < ($1.kind.rawValue, $1.path) }
    }

    private func remember(_ observation: TreeObservation) {
        let key = observation.kind.rawValue + ":" + observation.path
        lock.lock()
        if let earlier = seen[key] {
            if earlier.answer != observation.answer { changed = true }
        } else {
            seen[key] = observation
        }
        lock.unlock()
    }
}
