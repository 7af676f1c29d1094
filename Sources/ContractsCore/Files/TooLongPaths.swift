import Foundation

/// Folders the directory walk cannot open because their path passes the system's limit (PATH_MAX: 4096 bytes on
/// Linux, 1024 on macOS), and entries it cannot tell the type of for the same reason (a link, a file system that
/// gives no type): nothing below them can be opened by its path either. Each is left out and named once per run on
/// standard error, as `UnreadableNames` names the names it leaves out, so a deep tree is never skipped without a
/// word. (A regular file whose own name takes it past the limit is listed: reading it fails, and says so.)
public enum TooLongPaths {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var seen: Set<String> = []

    /// Records the entry at `relative` (the shallowest on its branch where the limit is hit: its parent opened) and
    /// prints its warning the first time it is seen.
    static func note(_ relative: String) {
        let path = HiddenScalars.visible(relative.hasSuffix("/") ? String(relative.dropLast()) : relative)
        let first = lock.withLock { seen.insert(path).inserted }
        guard first else { return }
        let line = "warning: \(path): its path is longer than the system's limit (PATH_MAX), so neither it nor anything "
            + "below it is read; shorten the folder names on the way to it\n"
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// The folders noted so far in this process, sorted (tests).
    public static var noted: [String] { lock.withLock { seen.sorted() } }
}
