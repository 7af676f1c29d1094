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
///
/// Entries a reader asks for on every run (a migration's facts) are asked for `bundled`: besides their own, they
/// are kept together in one bundle, read at the first such ask (one read rather than one a migration). The
/// bundle holds what the last run that changed it asked for or stored bundled (`changedBundle`).
public final class ContentMemo: @unchecked Sendable {
    private let lock = NSLock()
    private let load: @Sendable (String) -> [UInt8]?
    private let save: @Sendable (String, [UInt8]) -> Void
    private let loadBundle: @Sendable () -> [String: [UInt8]]
    /// Only keys are held, not the parses they name (those grow with the tree), and bundled values.
    private var asked: Set<String> = []
    private var new: Set<String> = []
    private var bundle: [String: [UInt8]]?
    private var bundled: [String: [UInt8]] = [:]
    private var bundleChanged = false

    /// A memo that asks `load` for what an earlier run kept under a key (nil: nothing, or not intact) and
    /// hands what this run makes to `save` at once; `loadBundle`: the bundle an earlier run kept (empty: none).
    public init(load: @escaping @Sendable (String) -> [UInt8]? = { _ in nil },
                save: @escaping @Sendable (String, [UInt8]) -> Void = { _, _ in },
                loadBundle: @escaping @Sendable () -> [String: [UInt8]] = { [:] }) {
        self.load = load
        self.save = save
        self.loadBundle = loadBundle
    }

    /// The bytes kept for `key`, or nil; `bundled`: looked up in the bundle first, and kept in the next one.
    public func value(for key: String, bundled: Bool = false) -> [UInt8]? {
        lock.lock()
        asked.insert(key)
        if bundled {
            if bundle == nil { bundle = loadBundle() }
            if let value = bundle![key] {
                self.bundled[key] = value
                lock.unlock()
                return value
            }
        }
        lock.unlock()
        let value = load(key)
        if bundled, let value {
            lock.lock()
            self.bundled[key] = value
            bundleChanged = true
            lock.unlock()
        }
        return value
    }

    /// Keeps what an earlier run kept for `key` without reading it: it counts as used (`used`).
    public func keep(_ key: String) {
        lock.lock()
        asked.insert(key)
        lock.unlock()
    }

    /// Keeps `value` for `key`; `bundled`: in the next bundle too.
    public func store(_ value: [UInt8], for key: String, bundled: Bool = false) {
        lock.lock()
        new.insert(key)
        if bundled {
            self.bundled[key] = value
            bundleChanged = true
        }
        lock.unlock()
        save(key, value)
    }

    /// What this run asked for or stored bundled, when that is not the bundle it read (nil: keep that one).
    public var changedBundle: [String: [UInt8]]? {
        lock.lock()
        defer { lock.unlock() }
        guard let bundle, bundleChanged || bundled.count != bundle.count else { return nil }
        return bundled
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

    /// A bundle's file: a header line (`bundleFormat`, the owner's key), each entry as its key, a newline, its
    /// length in decimal, a newline and its bytes, then the content hash of everything before it. Any damage
    /// fails the hash: the bundle is empty, and each entry is read from its own file.
    public static func encodeBundle(_ entries: [String: [UInt8]], key: String) -> Data {
        var out = Array("\(bundleFormat) \(key)\n".utf8)
        out.reserveCapacity(entries.reduce(out.count + 32) { $0 + $1.key.utf8.count + $1.value.count + 16 })
        for (name, value) in entries.sorted(by: { $0.key < $1.key }) {
            out.append(contentsOf: name.utf8)
            out.append(0x0A)
            ContentHash.appendDecimal(value.count, to: &out)
            out.append(0x0A)
            out.append(contentsOf: value)
        }
        out.append(contentsOf: ContentHash.hex(out).utf8)
        return Data(out)
    }

    /// The entries of a bundle written for `key`; empty when it is another key's, damaged or missing.
    public static func decodeBundle(_ data: Data, key: String) -> [String: [UInt8]] {
        let header = Array("\(bundleFormat) \(key)\n".utf8)
        return data.withUnsafeBytes { raw -> [String: [UInt8]]? in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard bytes.count >= header.count + 32, header.indices.allSatisfy({ bytes[$0] == header[$0] }) else { return nil }
            let end = bytes.count - 32
            guard ContentHash.hex(UnsafeRawBufferPointer(rebasing: raw[..<end])) == String(decoding: UnsafeBufferPointer(rebasing: bytes[end...]), as: UTF8.self)
            else { return nil }
            var entries: [String: [UInt8]] = [:]
            var at = header.count
            while at < end {
                guard let nameEnd = (at ..< end).first(where: { bytes[$0] == 0x0A }) else { return nil }
                var length = 0, cursor = nameEnd + 1
                while cursor < end, bytes[cursor] >= 0x30, bytes[cursor] <= 0x39, cursor - nameEnd <= 12 {
                    length = length * 10 + Int(bytes[cursor] - 0x30)
                    cursor += 1
                }
                guard cursor > nameEnd + 1, cursor < end, bytes[cursor] == 0x0A, length <= end - cursor - 1 else { return nil }
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[at ..< nameEnd]), as: UTF8.self)
                entries[name] = Array(UnsafeBufferPointer(rebasing: bytes[(cursor + 1) ..< (cursor + 1 + length)]))
                at = cursor + 1 + length
            }
            return entries
        } ?? [:]
    }

    static let bundleFormat = "naars-memo-bundle 1"
}
