import ContractsCore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
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
        guard let stamp = FileStamp.of(descriptor: fd), let bytes = FileBytes.readAll(fd, size: Int(stamp.size)) else {
            return try base.read(path)
        }
        index.record(path, stamp: stamp, fingerprint: ContentHash.hex(bytes), hashedAt: FileStamp.now())
        return bytes
    }

    /// From the stamp alone when it is the stored one; otherwise the file is read and hashed. Once per run: a
    /// fingerprint this run already verified is the answer (as if the run had asked every question at once).
    func fingerprint(_ path: String) throws -> String {
        if let known = index.verified(path) { return known }
        if let stamp = FileStamp.of(path: fullPath(path)), let known = index.fingerprint(path, stamp: stamp) { return known }
        let fd = open(fullPath(path), O_RDONLY)
        guard fd >= 0 else { return fingerprint(path, of: try base.read(path)) }
        defer { close(fd) }
        guard let stamp = FileStamp.of(descriptor: fd) else { return fingerprint(path, of: try base.read(path)) }
        let capacity = Int(stamp.size) + 1
        let hashed = withUnsafeTemporaryAllocation(byteCount: capacity, alignment: 8) { buffer -> String? in
            let filled = FileBytes.fill(fd, buffer.baseAddress!, capacity)
            guard filled < capacity else { return nil }
            return ContentHash.hex(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[..<filled]))
        }
        // A file that grew since `fstat` is read the ordinary way and not stamped.
        guard let hashed else { return fingerprint(path, of: try base.read(path)) }
        index.record(path, stamp: stamp, fingerprint: hashed, hashedAt: FileStamp.now())
        return hashed
    }

    private func fullPath(_ path: String) -> String { rootPath + "/" + path }
}
