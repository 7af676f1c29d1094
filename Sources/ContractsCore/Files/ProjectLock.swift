import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on a folder while the tool writes into it: two `generate` or `migrations new` runs
/// on one project take turns, so they never pick the same migration number, and temporary files found
/// while holding it were left by a run that died (the kernel drops the lock of a killed process).
public enum ProjectLock {
    /// Runs `body` holding the lock on `folder` (waits for another holder). When the folder cannot be
    /// opened (a read-only or missing folder), `body` runs without it: the writes then fail on their own.
    public static func holding<T>(_ folder: URL, _ body: () throws -> T) rethrows -> T {
        let fd = open(folder.path, O_RDONLY)
        guard fd >= 0 else { return try body() }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0, errno == EINTR {}
        defer { _ = flock(fd, LOCK_UN) }
        return try body()
    }
}
