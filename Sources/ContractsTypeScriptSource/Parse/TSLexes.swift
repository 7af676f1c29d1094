import ContractsCore
import Foundation

/// The TypeScript files of one run, each lexed once (`TSSource`), whichever readers ask: the TypeScript checker's
/// passes (the pre-filtered files, those calling a type function, those calling a sink) and the push-contract
/// check's push sends.
///
/// Keyed by path and content: a reader that reads other bytes under the same path (an edit between two reads) gets
/// them lexed, never an older file. Each reader keeps its own byte test of whether it wants a file at all; the store
/// only answers for the files some reader asked about. Lexed files are kept for at most `retainBytes` bytes of
/// source; one not kept is lexed again when asked for again, exactly as the first time.
public final class TSLexes: @unchecked Sendable {
    private final class Entry: @unchecked Sendable {
        let bytes: Data
        /// Held while the file is lexed: a second reader waits for the first one's tokens.
        let lock = NSLock()
        var source: TSSource?
        /// Whether its bytes count against the budget (set under the store's lock).
        var retained = false

        init(bytes: Data) { self.bytes = bytes }
    }

    /// How many bytes of TypeScript, in all, keep their lexed files during a run (tokens take several times the
    /// bytes of their source).
    static let retainBytes = 64 << 20

    private let retainBudget: Int
    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var retainedBytes = 0
    /// What was done, path by path (for the tests that count them).
    private var lexes: [String: Int] = [:]
    private var asks: [String: Int] = [:]

    init(retainBytes: Int) { retainBudget = retainBytes }

    // MARK: The run

    private static let scope = RunScope<TSLexes>()

    /// The store of the run in progress, if any.
    static var current: TSLexes? { scope.current }

    /// Runs `body` with one store shared by every reader that asks during it; a run that starts while another is in
    /// progress shares its store (the keys are the files' contents).
    public static func sharing<T>(_ body: (TSLexes) throws -> T) rethrows -> T {
        try scope.sharing(make: { TSLexes(retainBytes: retainBytes) }, body)
    }

    // MARK: Asking

    /// The file lexed: kept from an earlier ask with the same bytes, or lexed now.
    func source(_ path: String, bytes: Data) -> TSSource {
        let entry = self.entry(path, bytes: bytes)
        entry.lock.lock()
        defer { entry.lock.unlock() }
        lock.withLock { asks[path, default: 0] += 1 }
        if let source = entry.source { return source }
        let source = TSSource(path: path, text: String(decoding: bytes, as: UTF8.self))
        if keep(path, entry) { entry.source = source }
        return source
    }

    /// The file lexed through the run's store, or, outside a run, lexed now.
    static func source(_ path: String, bytes: Data) -> TSSource {
        guard let store = current else { return TSSource(path: path, text: String(decoding: bytes, as: UTF8.self)) }
        return store.source(path, bytes: bytes)
    }

    /// The same, for a reader that holds the text: its UTF-8 is the key.
    static func source(_ path: String, text: String) -> TSSource {
        guard let store = current else { return TSSource(path: path, text: text) }
        return store.source(path, bytes: Data(text.utf8))
    }

    // MARK: Counts

    /// A lex of `path` (every `TSSource` made, inside the store or around it), counted by the run in progress.
    static func countLex(_ path: String) {
        guard let store = current else { return }
        store.lock.withLock { store.lexes[path, default: 0] += 1 }
    }

    /// How many times `path` was lexed and asked for lexed.
    public func counts(_ path: String) -> (lexes: Int, asks: Int) {
        lock.withLock { (lexes[path] ?? 0, asks[path] ?? 0) }
    }

    /// Every path asked about or lexed during the run.
    public var paths: [String] {
        lock.withLock { Set(entries.keys).union(lexes.keys).sorted() }
    }

    // MARK: Inside

    /// The entry of `path` with these bytes: a new one when the bytes changed (the old file is dropped).
    private func entry(_ path: String, bytes: Data) -> Entry {
        lock.withLock {
            if let entry = entries[path], entry.bytes == bytes { return entry }
            if let stale = entries.removeValue(forKey: path), stale.retained { retainedBytes -= stale.bytes.count }
            let entry = Entry(bytes: bytes)
            entries[path] = entry
            return entry
        }
    }

    /// Whether the entry's lexed file may be kept (its bytes fit the budget, and are counted).
    private func keep(_ path: String, _ entry: Entry) -> Bool {
        lock.withLock {
            guard entries[path] === entry, retainedBytes + entry.bytes.count <= retainBudget else { return false }
            retainedBytes += entry.bytes.count
            entry.retained = true
            return true
        }
    }
}
