import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file on disk as one moment saw it: which entry it is (device and inode), its size, modification time, owner,
/// mode and number of names, as `lstat` says (a symbolic link is the link), and its bytes. A writer records one when
/// it decides to replace a file and compares again right before the rename: any difference means someone saved the
/// file meanwhile, and the save must not be lost.
public struct FileState: Sendable, Equatable {
    public let device: UInt64
    public let inode: UInt64
    public let size: Int64
    /// The modification time, seconds and nanoseconds.
    public let modified: [Int]
    /// `st_mode`: the entry's kind and permission bits.
    public let mode: UInt32
    public let owner: UInt32
    public let group: UInt32
    /// How many names the entry has (hard links).
    public let links: UInt64
    /// What opening the path reads (a link's target's bytes).
    public let bytes: Data

    /// Why a path that names something gave no state.
    public struct Unreadable: Error, CustomStringConvertible, Sendable {
        public let reason: String
        public var description: String { reason }
    }

    /// The entry at `path`, or nil when there is none. Throws `Unreadable` when it is not a regular file (or a link
    /// to one) or cannot be read.
    public static func read(_ path: String) throws -> FileState? {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            // ENOTDIR: a file where a folder on the way should be, so nothing at the path either.
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw Unreadable(reason: String(cString: strerror(errno)))
        }
        let kind = info.st_mode & S_IFMT
        guard kind == S_IFREG || kind == S_IFLNK else { throw Unreadable(reason: "is not a regular file") }
        guard let bytes = FileBytes.read(path) else { throw Unreadable(reason: "cannot be read") }
        #if canImport(Darwin)
        let modified = [Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec)]
        #else
        let modified = [Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec)]
        #endif
        return FileState(device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size), modified: modified,
                         mode: UInt32(info.st_mode), owner: UInt32(info.st_uid), group: UInt32(info.st_gid),
                         links: UInt64(info.st_nlink), bytes: bytes)
    }

    /// Whether the entry is a regular file (not a symbolic link).
    public var isRegularFile: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFREG) }

    /// Whether `other` is this file unchanged: the same entry, size, modification time and bytes. The link count and
    /// the change time are left out: a writer that keeps the original under a second name changes both.
    public func isUnchanged(_ other: FileState) -> Bool {
        device == other.device && inode == other.inode && size == other.size && modified == other.modified && bytes == other.bytes
    }
}
