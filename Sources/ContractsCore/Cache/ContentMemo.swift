import Foundation

/// What a reader made of a file, remembered by the file's content: `check` keeps each migration's facts and
/// parse here (two entries: most runs read only the facts), so an edit to one migration reads and parses that
/// one again and the others' facts are decoded from bytes (and `migration-edited` keeps which recorded
/// migrations it found matching their sum).
///
/// Content-addressed: a key is a hash of everything the value depends on (the reader passes the file's path
/// and content hash and its own settings; the cache that owns the memo adds the tool build). A value is never
/// wrong for its key, so the memo needs none of the check cache's re-verification: an edited file has another key.
/// Safe to use from several threads.
public final class ContentMemo: @unchecked Sendable {
    private let lock = NSLock()
    private let load: @Sendable (String) -> [UInt8]?
    private let save: @Sendable (String, [UInt8]) -> Void
    /// Only keys are held: a tree 100 times NaarsCars's size has some 200 MB of parses.
    private var asked: Set<String> = []
    private var new: Set<String> = []

    /// A memo that asks `load` for what an earlier run kept under a key (nil: nothing, or not intact) and
    /// hands what this run makes to `save` at once.
    public init(load: @escaping @Sendable (String) -> [UInt8]? = { _ in nil },
                save: @escaping @Sendable (String, [UInt8]) -> Void = { _, _ in }) {
        self.load = load
        self.save = save
    }

    /// The bytes kept for `key`, or nil.
    public func value(for key: String) -> [UInt8]? {
        lock.lock()
        asked.insert(key)
        lock.unlock()
        return load(key)
    }

    /// Keeps what an earlier run kept for `key` without reading it: it counts as used (`used`).
    public func keep(_ key: String) {
        lock.lock()
        asked.insert(key)
        lock.unlock()
    }

    /// Keeps `value` for `key`.
    public func store(_ value: [UInt8], for key: String) {
        lock.lock()
        new.insert(key)
        lock.unlock()
        save(key, value)
    }

    /// How many values this run stored (made anew rather than found).
    public var storedCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return new.count
    }

    /// The keys this run asked for or stored, and whether it stored any.
    public var used: (keys: Set<String>, changed: Bool) {
        lock.lock()
        defer { lock.unlock() }
        return (asked.union(new), !new.isEmpty)
    }

    /// A key for `parts` (`ContentHash.hex(fields:)`: no two lists of parts share one).
    public static func key(_ parts: [String]) -> String { ContentHash.hex(fields: parts) }

    /// A memo whose entries live as long as it does, in memory (tests: several loads sharing one memo act as
    /// several runs sharing one cache folder).
    public static func inMemory() -> ContentMemo {
        let entries = InMemoryEntries()
        return ContentMemo(load: entries.load, save: entries.save)
    }

    private final class InMemoryEntries: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [String: [UInt8]] = [:]

        @Sendable func load(_ key: String) -> [UInt8]? { lock.withLock { entries[key] } }
        @Sendable func save(_ key: String, _ value: [UInt8]) { lock.withLock { entries[key] = value } }
    }
}

/// One memo entry's file: a header line (`format`, the owner's key), the content hash of the value, then the
/// value. Any damage (a truncated file, a flipped byte) fails the hash: the entry is missing.
public enum ContentMemoFile {
    static let format = "naars-memo 2"

    public static func encode(_ value: [UInt8], key: String) -> Data {
        Data("\(format) \(key)\n\(ContentHash.hex(value))\n".utf8) + Data(value)
    }

    /// The value of `data` when it was written for `key` and is intact; nil otherwise.
    public static func decode(_ data: Data, key: String) -> [UInt8]? {
        let header = Array("\(format) \(key)\n".utf8)
        guard data.count >= header.count + 33, data.prefix(header.count).elementsEqual(header),
              data[data.startIndex + header.count + 32] == 0x0A else { return nil }
        let hash = String(decoding: data[(data.startIndex + header.count) ..< (data.startIndex + header.count + 32)], as: UTF8.self)
        let value = [UInt8](data[(data.startIndex + header.count + 33)...])
        return ContentHash.hex(value) == hash ? value : nil
    }
}
