import Foundation

/// What a reader made of a file, remembered by the file's content: `check` keeps each migration's parse (its
/// statements' trees, function definitions, syntax errors) here, so an edit to one migration parses that one
/// again and the others are decoded from bytes.
///
/// Content-addressed: a key is a hash of everything the value depends on (the reader passes the file's path
/// and text and its own settings; the cache that owns the memo adds the tool build). A value is never wrong
/// for its key, so the memo needs none of the check cache's re-verification: an edited file has another key.
/// Safe to use from several threads.
public final class ContentMemo: @unchecked Sendable {
    private let lock = NSLock()
    private let load: @Sendable () -> [String: [UInt8]]
    private var stored: [String: [UInt8]]?
    private var kept: [String: [UInt8]] = [:]
    private var stores = 0

    /// A memo holding what `load` returns (what an earlier run kept), read when first asked.
    public init(load: @escaping @Sendable () -> [String: [UInt8]] = { [:] }) {
        self.load = load
    }

    /// The bytes kept for `key`, or nil.
    public func value(for key: String) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        if stored == nil { stored = load() }
        guard let value = stored![key] ?? kept[key] else { return nil }
        kept[key] = value
        return value
    }

    /// Keeps `value` for `key`.
    public func store(_ value: [UInt8], for key: String) {
        lock.lock()
        defer { lock.unlock() }
        kept[key] = value
        stores += 1
    }

    /// How many values this run stored (made anew rather than found).
    public var storedCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return stores
    }

    /// What this run asked for or stored (an entry no run asks for any more is dropped), and whether that
    /// differs from what the memo started with (never, when nothing asked).
    public var used: (entries: [String: [UInt8]], changed: Bool) {
        lock.lock()
        defer { lock.unlock() }
        return (kept, stores > 0 || (stored.map { kept.count != $0.count } ?? false))
    }

    /// A key for `parts`: a content hash of each part, separated so that no two lists of parts share one.
    public static func key(_ parts: [String]) -> String {
        var bytes: [UInt8] = []
        for part in parts {
            bytes += Array(String(part.utf8.count).utf8) + [0x3A] + Array(part.utf8)
        }
        return ContentHash.hex(bytes)
    }
}

/// The memo's file: a header line (`format`, the owner's key), the content hash of the rest, then each entry
/// as its key's length, key, value's length, value (lengths as 8 little-endian bytes). Any damage (a
/// truncated file, a flipped byte) fails the hash, and the memo starts empty.
public enum ContentMemoFile {
    static let format = "naars-memo 1"

    public static func encode(_ entries: [String: [UInt8]], key: String) -> Data {
        var body: [UInt8] = []
        body.reserveCapacity(entries.reduce(0) { $0 + 16 + $1.key.utf8.count + $1.value.count })
        for name in entries.keys.sorted() {
            let value = entries[name]!
            append(UInt64(name.utf8.count), to: &body)
            body.append(contentsOf: name.utf8)
            append(UInt64(value.count), to: &body)
            body.append(contentsOf: value)
        }
        let header = "\(format) \(key)\n\(ContentHash.hex(body))\n"
        return Data(header.utf8) + Data(body)
    }

    /// The entries of `data` when it was written for `key` and is intact; nil otherwise.
    public static func decode(_ data: Data, key: String) -> [String: [UInt8]]? {
        let bytes = [UInt8](data)
        let header = Array("\(format) \(key)\n".utf8)
        guard bytes.count >= header.count + 33, bytes[..<header.count].elementsEqual(header),
              bytes[header.count + 32] == 0x0A else { return nil }
        let hash = String(decoding: bytes[header.count ..< header.count + 32], as: UTF8.self)
        let body = bytes[(header.count + 33)...]
        guard body.withUnsafeBytes({ ContentHash.hex(UnsafeRawBufferPointer($0)) }) == hash else { return nil }
        var entries: [String: [UInt8]] = [:]
        var at = body.startIndex
        func length() -> Int? {
            guard body.endIndex - at >= 8 else { return nil }
            var value: UInt64 = 0
            for shift in 0 ..< 8 { value |= UInt64(body[at + shift]) << (8 * UInt64(shift)) }
            at += 8
            guard value <= UInt64(body.endIndex - at) else { return nil }
            return Int(value)
        }
        while at < body.endIndex {
            guard let keyLength = length() else { return nil }
            let name = String(decoding: body[at ..< at + keyLength], as: UTF8.self)
            at += keyLength
            guard let valueLength = length() else { return nil }
            entries[name] = Array(body[at ..< at + valueLength])
            at += valueLength
        }
        return entries
    }

    private static func append(_ value: UInt64, to bytes: inout [UInt8]) {
        for shift in 0 ..< 8 { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(shift)))) }
    }
}
