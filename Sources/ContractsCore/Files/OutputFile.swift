import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A whole document written to the place `--output FILE` names, by what that place is.
///
/// A regular file (or a missing one) is replaced atomically: a temporary file beside it, renamed over it, so a
/// reader never sees half a report. A symbolic link is followed first: its target is replaced, never the link
/// (a dangling link's target is created when its folder exists). A character device, a FIFO or a socket is
/// written in place, as `tee` writes: renaming over `/dev/stdout` would replace the machine's device node when
/// run as root, and a FIFO's reader would get nothing. The process's own standard output or error (`/dev/stdout`
/// when it is redirected to a file, a socket) is written through its descriptor, so the shell's redirection
/// (`>>`, what the script prints next) keeps working.
public enum OutputFile {
    /// A write that failed; `description` is a `FILE:1:1: error: ...` line.
    public struct Failure: Error, CustomStringConvertible, Sendable, Equatable {
        public var path: String
        public var reason: String

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }

        public var description: String { "\(path):1:1: error: cannot write the report: \(reason)" }
    }

    /// Writes `data` to `path` (relative paths from `folder`); throws a `Failure` naming `path` as given.
    public static func write(_ data: Data, to path: String,
                             from folder: String = FileManager.default.currentDirectoryPath) throws {
        let absolute = path.hasPrefix("/") ? path : folder + "/" + path
        let fail = { (reason: String) in Failure(path: path, reason: reason) }
        var info = stat()
        guard stat(absolute, &info) == 0 else {
            guard errno == ENOENT else { throw fail(WriteAll.reason(errno)) }
            // Missing, or a dangling link: the file the link names is created.
            let target = try linkTarget(absolute, fail)
            let parent = (target as NSString).deletingLastPathComponent
            var folderInfo = stat()
            guard stat(parent, &folderInfo) == 0, (folderInfo.st_mode & S_IFMT) == S_IFDIR else {
                throw fail(target == absolute ? "the folder \(parent) does not exist"
                    : "it is a symbolic link to \(target), whose folder does not exist")
            }
            return try replace(target, with: data, keeping: nil, fail)
        }
        if let stream = standardStream(matching: info) {
            if let code = WriteAll.write(data, to: stream) { throw fail(WriteAll.reason(code)) }
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            let target = try linkTarget(absolute, fail)
            var found = stat()
            // A link the kernel resolves by itself (`/proc/self/fd/N`) may name no path that leads back to the file.
            guard lstat(target, &found) == 0, found.st_dev == info.st_dev, found.st_ino == info.st_ino else {
                return try writeInPlace(absolute, data, flags: O_TRUNC, fail)
            }
            try replace(target, with: data, keeping: info, fail)
        case S_IFCHR, S_IFIFO:
            try writeInPlace(absolute, data, flags: 0, fail)
        case S_IFSOCK:
            try send(data, toSocket: absolute, fail)
        case S_IFDIR:
            throw fail("it is a folder")
        default:
            throw fail("it is a block device; a report goes to a regular file, a character device, a FIFO or a socket")
        }
    }

    /// Standard output or error when `info` is the file either one is (the same device and inode).
    private static func standardStream(matching info: stat) -> Int32? {
        [STDOUT_FILENO, STDERR_FILENO].first { fd in
            var open = stat()
            return fstat(fd, &open) == 0 && open.st_dev == info.st_dev && open.st_ino == info.st_ino
        }
    }

    /// The path `path` leads to once every symbolic link in its last component is followed (a link to a link
    /// included), or `path` itself; the last target may not exist. Relative targets are taken from the link's folder.
    static func linkTarget(_ path: String, _ fail: (String) -> Failure) throws -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count >= 0 else { throw fail("cannot read the symbolic link \(current): \(WriteAll.reason(errno))") }
            let target = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : (current as NSString).deletingLastPathComponent + "/" + target
        }
        throw fail("it is a loop of symbolic links")
    }

    /// Replaces the regular file `target` (or creates it) through a temporary file in its folder renamed over it;
    /// a replaced file keeps its permissions and, when allowed, its owner.
    private static func replace(_ target: String, with data: Data, keeping old: stat?,
                                _ fail: (String) -> Failure) throws {
        let parent = (target as NSString).deletingLastPathComponent
        var temporary = ""
        var fd: Int32 = -1
        for _ in 0..<100 {
            temporary = parent + "/.naars-contracts-output-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { throw fail("cannot create a temporary file in \(parent): \(WriteAll.reason(errno))") }
        var problem = WriteAll.write(data, to: fd)
        if problem == nil, let old {
            _ = fchown(fd, old.st_uid, old.st_gid)
            if fchmod(fd, old.st_mode & 0o777) != 0 { problem = errno }
        }
        if problem == nil, fsync(fd) != 0 { problem = errno }
        if close(fd) != 0, problem == nil { problem = errno }
        if problem == nil, rename(temporary, target) != 0 { problem = errno }
        if let problem {
            unlink(temporary)
            throw fail(WriteAll.reason(problem))
        }
    }

    /// Opens `path` for writing (a FIFO waits for its reader, as with `tee`) and writes `data`.
    private static func writeInPlace(_ path: String, _ data: Data, flags: Int32, _ fail: (String) -> Failure) throws {
        let fd = open(path, O_WRONLY | O_CLOEXEC | flags)
        guard fd >= 0 else { throw fail(WriteAll.reason(errno)) }
        let problem = WriteAll.write(data, to: fd)
        let closed = close(fd) == 0 ? nil : errno
        if let code = problem ?? closed { throw fail(WriteAll.reason(code)) }
    }

    /// Connects to the Unix socket `path` (a socket cannot be opened as a file) and writes `data`.
    private static func send(_ data: Data, toSocket path: String, _ fail: (String) -> Failure) throws {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        guard bytes.count < capacity else { throw fail("the socket's path is longer than \(capacity - 1) bytes") }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        #if canImport(Glibc)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_UNIX, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw fail(WriteAll.reason(errno)) }
        defer { close(fd) }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { throw fail("cannot connect to the socket: \(WriteAll.reason(errno))") }
        if let code = WriteAll.write(data, to: fd) { throw fail(WriteAll.reason(code)) }
    }
}
