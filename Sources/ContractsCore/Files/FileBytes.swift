import Foundation
#if canImport(Glibc)
import Glibc
private let systemRead = Glibc.read
#elseif canImport(Darwin)
import Darwin
private let systemRead = Darwin.read
#endif

/// Whole files read with the system's calls (`open`, `fstat`, `read`): `Data(contentsOf:)` and `URL` paths cost
/// more than the read itself, and a warm or incremental `check` reads hundreds of small files.
public enum FileBytes {
    /// The regular file at `path`, whole; nil when it cannot be opened, is not a regular file, or grew while read.
    public static func read(_ path: String) -> Data? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return readAll(fd, size: Int(info.st_size))
    }

    /// Every byte of the open file, which `fstat` said holds `size` bytes; nil when it holds more (it grew since).
    public static func readAll(_ fd: Int32, size: Int) -> Data? {
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
    public static func fill(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ capacity: Int) -> Int {
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
