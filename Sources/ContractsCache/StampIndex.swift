import ContractsCore
import Foundation

/// Each file's stamp (`FileStamp`) with the fingerprint of the bytes read under it, kept between runs, so a
/// warm `check` learns that nothing changed from `stat` alone, as git's index does, and reads only the files
/// whose stamp moved.
///
/// Racily clean files: a file can be written again without its stamp moving (the same size, within one tick
/// of the file system's clock). A stamp is therefore recorded only when the file's last change (modified
/// or changed time) is at least `settle` older than the moment its bytes were hashed; a younger file is read
/// and hashed again on every run until it has settled. In particular a file changed within the same second
/// the cache is written is never trusted from its stamp.
///
/// Stored one line per file, each with a checksum of its own: a damaged line is dropped (that file is read
/// again), never trusted. Safe to share between the checkers' threads.
final class StampIndex: @unchecked Sendable {
    struct Entry: Equatable {
        var stamp: FileStamp
        var fingerprint: String
    }

    /// How long after its last change a file's stamp is trusted: well above any file system's timestamp
    /// tick (and the lag of the kernel's coarse clock behind the wall clock).
    static let settle: Int64 = 2_000_000_000
    static let header = "naars-contracts-stamps 1"

    private let stored: [String: Entry]
    private let lock = NSLock()
    private var current: [String: Entry] = [:]
    private var changed = false
    private var hashed: Set<String> = []

    init(stored: [String: Entry] = [:]) {
        self.stored = stored
        current.reserveCapacity(stored.count)
    }

    /// The fingerprint of the file at `path` when its stamp is the stored one; nil when it must be read.
    func fingerprint(_ path: String, stamp: FileStamp) -> String? {
        guard let entry = stored[path], entry.stamp == stamp else { return nil }
        lock.lock()
        current[path] = entry
        lock.unlock()
        return entry.fingerprint
    }

    /// The fingerprint this run already verified for `path` (its stamp was the stored one, or the file was
    /// read and hashed, and has settled), or nil: asked again in the same run, a file is not stat'ed again.
    func verified(_ path: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        return current[path]?.fingerprint
    }

    /// `fingerprint`: of the bytes read from `path` after its stamp was taken as `stamp`; `hashedAt`: the
    /// clock once they were read. Kept only once the file has settled.
    func record(_ path: String, stamp: FileStamp, fingerprint: String, hashedAt: Int64) {
        let (settledAt, overflow) = max(stamp.modified, stamp.changed).addingReportingOverflow(StampIndex.settle)
        let settled = !overflow && settledAt <= hashedAt
        let storable = !path.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" })
        lock.lock()
        hashed.insert(path)
        if settled, storable {
            let entry = Entry(stamp: stamp, fingerprint: fingerprint)
            current[path] = entry
            if stored[path] != entry { changed = true }
        }
        lock.unlock()
    }

    /// Whether this run learnt a stamp the stored index lacks.
    var needsSaving: Bool {
        lock.lock()
        defer { lock.unlock() }
        return changed
    }

    /// The files this run read and hashed (tests watch it), sorted.
    var filesHashed: [String] {
        lock.lock()
        defer { lock.unlock() }
        return hashed.sorted()
    }

    /// Every stamp this run trusted or learnt, under `key` (the cache's key: another build or format reads
    /// none of it).
    func encoded(key: String) -> Data {
        lock.lock()
        let entries = current
        lock.unlock()
        var out = Array((StampIndex.header + "\t" + key + "\n").utf8)
        out.reserveCapacity(entries.count * 160)
        // Byte by byte: a string interpolated and hashed per line would cost more than the rest of the save.
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            let stamp = entry.stamp, lineStart = out.count
            ContentHash.appendDecimal(Int(stamp.size), to: &out)
            out.append(0x09)
            ContentHash.appendDecimal(Int(stamp.modified), to: &out)
            out.append(0x09)
            ContentHash.appendDecimal(Int(stamp.changed), to: &out)
            out.append(0x09)
            ContentHash.appendDecimal(stamp.inode, to: &out)
            out.append(0x09)
            ContentHash.appendDecimal(stamp.device, to: &out)
            out.append(0x09)
            out.append(contentsOf: entry.fingerprint.utf8)
            out.append(0x09)
            out.append(contentsOf: path.utf8)
            let checksum = out.withUnsafeBufferPointer { ContentHash.hex(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer($0)[lineStart...])) }
            out.append(0x09)
            out.append(contentsOf: checksum.utf8)
            out.append(0x0A)
        }
        return Data(out)
    }

    /// The entries of a stored index written under `key`; none when it is another key's or unreadable, and
    /// without any line whose checksum disagrees.
    static func decode(_ data: Data, key: String) -> [String: Entry] {
        data.withUnsafeBytes { raw -> [String: Entry] in
            let bytes = raw.bindMemory(to: UInt8.self)
            guard let firstEnd = bytes.firstIndex(of: 0x0A),
                  String(decoding: UnsafeBufferPointer(rebasing: bytes[..<firstEnd]), as: UTF8.self) == header + "\t" + key
            else { return [:] }
            var entries: [String: Entry] = [:]
            var start = firstEnd + 1
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
                if let (path, entry) = decodeLine(UnsafeBufferPointer(rebasing: bytes[start ..< end])) { entries[path] = entry }
                start = end + 1
            }
            return entries
        }
    }

    /// `size, modified, changed, inode, device, fingerprint, path, checksum`, tab-separated.
    private static func decodeLine(_ line: UnsafeBufferPointer<UInt8>) -> (String, Entry)? {
        guard let lastTab = line.lastIndex(of: 0x09) else { return nil }
        let body = UnsafeBufferPointer(rebasing: line[..<lastTab])
        var hex = ContentHash.hex(UnsafeRawBufferPointer(body))
        let checksum = UnsafeBufferPointer(rebasing: line[(lastTab + 1)...])
        guard hex.withUTF8({ $0.count == checksum.count && memcmp($0.baseAddress!, checksum.baseAddress!, $0.count) == 0 })
        else { return nil }
        // The first six fields end at a tab each; the path is the rest (found in place: no array of slices).
        var bounds: [Range<Int>] = []
        bounds.reserveCapacity(7)
        var start = body.startIndex
        while bounds.count < 6 {
            guard let tab = body[start...].firstIndex(of: 0x09) else { return nil }
            bounds.append(start ..< tab)
            start = tab + 1
        }
        bounds.append(start ..< body.endIndex)
        guard let size = integer(body[bounds[0]]), let modified = integer(body[bounds[1]]),
              let changed = integer(body[bounds[2]]), let inode = integer(body[bounds[3]]), let device = integer(body[bounds[4]])
        else { return nil }
        let stamp = FileStamp(size: size, modified: modified, changed: changed, inode: UInt64(bitPattern: inode), device: UInt64(bitPattern: device))
        return (String(decoding: body[bounds[6]], as: UTF8.self), Entry(stamp: stamp, fingerprint: String(decoding: body[bounds[5]], as: UTF8.self)))
    }

    /// A decimal, possibly negative (an unsigned field above `Int64.max` reads back through its bit pattern).
    private static func integer(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int64? {
        var value: UInt64 = 0
        var negative = false
        var any = false
        for (i, byte) in digits.enumerated() {
            if i == 0, byte == UInt8(ascii: "-") { negative = true; continue }
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            let (times, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times.addingReportingOverflow(UInt64(byte - 0x30))
            guard !o1, !o2 else { return nil }
            value = sum
            any = true
        }
        guard any else { return nil }
        return negative ? 0 &- Int64(bitPattern: value) : Int64(bitPattern: value)
    }
}
