import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text appended to a file another program owns and reads (a CI runner's `$GITHUB_STEP_SUMMARY`), created when
/// missing, without ever waiting to open it.
///
/// The file is opened non-blocking: a FIFO with no reader then fails at once (ENXIO) instead of holding the
/// run until someone reads it, and every other kind of file opens as it would. A FIFO that has a reader is
/// then written as usual (blocking again, so a slow reader gets all of it).
public enum AppendFile {
    /// Appends `data` to `path`; throws the reason it could not (a sentence fragment for a warning).
    public static func append(_ data: Data, to path: String) throws {
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            throw Failure(reason: errno == ENXIO ? "it is a FIFO that no one reads" : WriteAll.reason(errno))
        }
        defer { close(fd) }
        let flags = fcntl(fd, F_GETFL)
        guard flags >= 0, fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == 0 else { throw Failure(reason: WriteAll.reason(errno)) }
        if let code = WriteAll.write(data, to: fd) { throw Failure(reason: WriteAll.reason(code)) }
    }

    /// Why an append failed.
    public struct Failure: Error, CustomStringConvertible, Sendable, Equatable {
        public var reason: String
        public var description: String { reason }
    }
}
