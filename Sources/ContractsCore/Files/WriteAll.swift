import Foundation
#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// Every byte of `data` written to an open file, a FIFO, a device or a socket, however many calls that takes.
public enum WriteAll {
    /// Writes `data` to `fd` (retrying after a signal or a short write); the `errno` of the call that failed.
    ///
    /// SIGPIPE is ignored meanwhile: a FIFO or socket whose reader went away would otherwise end the process
    /// without a word, where the caller has an error to report (the report's `FILE:1:1: error:` line).
    public static func write(_ data: Data, to fd: Int32) -> Int32? {
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        return data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Int32? in
            guard let base = buffer.baseAddress else { return nil }
            var done = 0
            while done < buffer.count {
                let n = systemWrite(fd, base + done, buffer.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                done += n
            }
            return nil
        }
    }

    /// `strerror` for an `errno`, as a sentence fragment.
    public static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
