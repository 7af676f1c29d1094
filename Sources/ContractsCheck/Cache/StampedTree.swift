import ContractsCore
import Foundation
#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
#endif

/// The working tree, for the check cache: a file whose stamp is the one `index` holds is fingerprinted
/// without being read; every file that is read (to check it, or because its stamp moved) is stamped first
/// and hashed from the very bytes read, and `index` learns both.
struct StampedTree: FileTree {
    let base: DiskTree
    let index: StampIndex
    /// `base.root.path`, computed once: a warm run stats every file through it.
    private let rootPath: String

    init(base: DiskTree, index: StampIndex) {
        self.base = base
        self.index = index
        rootPath = base.root.path
    }

    func files(under dir: String) throws -> [String] { try base.files(under: dir) }

    /// The bytes, stamped before they are read (`fstat` of the same descriptor): a change during the read
    /// moves the stamp away from what is recorded, so the next run reads the file again.
    func read(_ path: String) throws -> Data {
        let fd = open(fullPath(path), O_RDONLY)
        guard fd >= 0 else { return try base.read(path) }
        defer { close(fd) }
        guard let stamp = FileStamp.of(descriptor: fd), let bytes = StampedTree.readAll(fd, size: Int(stamp.size)) else {
            return try base.read(path)
        }
        index.record(path, stamp: stamp, fingerprint: ContentHash.hex(bytes), hashedAt: FileStamp.now())
        return bytes
    }

    /// From the stamp alone when it is the stored one; otherwise the file is read and hashed.
    func fingerprint(_ path: String) throws -> String {
        if let stamp = FileStamp.of(path: fullPath(path)), let known = index.fingerprint(path, stamp: stamp) { return known }
        let fd = open(fullPath(path), O_RDONLY)
        guard fd >= 0 else { return fingerprint(path, of: try base.read(path)) }
        defer { close(fd) }
        guard let stamp = FileStamp.of(descriptor: fd) else { return fingerprint(path, of: try base.read(path)) }
        let capacity = Int(stamp.size) + 1
        let hashed = withUnsafeTemporaryAllocation(byteCount: capacity, alignment: 8) { buffer -> String? in
            let filled = StampedTree.fill(fd, buffer.baseAddress!, capacity)
            guard filled < capacity else { return nil }
            return ContentHash.hex(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[..<filled]))
        }
        // A file that grew since `fstat` is read the ordinary way and not stamped.
        guard let hashed else { return fingerprint(path, of: try base.read(path)) }
        index.record(path, stamp: stamp, fingerprint: hashed, hashedAt: FileStamp.now())
        return hashed
    }

    private func fullPath(_ path: String) -> String { rootPath + "/" + path }

    /// Every byte of the regular file at `path`, or nil when it cannot be opened and read whole.
    static func readFile(_ path: String) -> Data? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let stamp = FileStamp.of(descriptor: fd) else { return nil }
        return readAll(fd, size: Int(stamp.size))
    }

    /// Every byte of the open file, which `fstat` said holds `size` bytes; nil when it holds more (it grew
    /// since: read the ordinary way, unstamped).
    static func readAll(_ fd: Int32, size: Int) -> Data? {
        let capacity = size + 1
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
        let filled = fill(fd, buffer, capacity)
        guard filled < capacity else {
            buffer.deallocate()
            return nil
        }
        return Data(bytesNoCopy: buffer, count: filled, deallocator: .custom { pointer, _ in pointer.deallocate() })
    }

    /// Reads until `capacity` bytes or the end of the file; the count read.
    private static func fill(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ capacity: Int) -> Int {
        var filled = 0
        while filled < capacity {
            let n = systemRead(fd, buffer + filled, capacity - filled)
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            filled += n
        }
        return filled
    }
}
