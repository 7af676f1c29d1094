import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a write lands once symbolic links are resolved. Everything the tool writes or removes must stay
/// inside the project (the registry's folder) and outside `.git`: a symlinked output folder, migration folder
/// or cache folder must not send a write (or a removal) anywhere else.
///
/// The file itself may be a symbolic link: the tool replaces a file by renaming over it (which replaces the
/// link, never its target), creates with `O_EXCL` (which fails on any link) and removes with `unlink`.
/// So it is the folders on the way that are resolved. (`check --fix` resolves a linked source itself first and
/// writes where it leads: `SourceFix.writePath`.)
public enum ProjectWriteTarget {
    /// A write the tool refuses; `description` is a `path:1:1: error: ...` line.
    public struct Refusal: Error, CustomStringConvertible, Sendable, Equatable {
        public var path: String
        public var reason: String

        public init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }

        public var description: String { "\(path):1:1: error: \(reason)" }
    }

    /// Throws a `Refusal` when writing `relative` (a `/`-separated path below `root`) would land outside
    /// `root` or inside `.git` once every existing folder on the way is resolved.
    public static func check(_ relative: String, root: URL) throws {
        let parts = relative.split(separator: "/").map(String.init)
        if parts.contains("..") || relative.hasPrefix("/") {
            throw Refusal(path: relative, reason: "is not a path inside the project; naars-contracts writes only there")
        }
        if parts.contains(".git") {
            throw Refusal(path: relative, reason: "is inside .git; naars-contracts never writes there")
        }
        guard let base = realPath(root.path) else {
            throw Refusal(path: relative, reason: "the project folder \(root.path) cannot be resolved")
        }
        // The deepest folder on the way that exists (a dangling link counts: it exists and cannot be resolved).
        var existing = parts.dropLast().count
        while existing > 0, !entryExists(root.path + "/" + parts.prefix(existing).joined(separator: "/")) { existing -= 1 }
        guard existing > 0 else { return }
        let folder = parts.prefix(existing).joined(separator: "/")
        guard let resolved = realPath(root.path + "/" + folder) else {
            throw Refusal(path: relative, reason: "\(folder) is a symbolic link that cannot be resolved (dangling or a loop); "
                + "naars-contracts writes only inside the project")
        }
        let inside = resolved == base || resolved.hasPrefix(base == "/" ? "/" : base + "/")
        guard inside else {
            throw Refusal(path: relative, reason: "\(folder) resolves to \(resolved), outside the project folder \(base) "
                + "(a symbolic link?); naars-contracts writes only inside the project: make \(folder) a real folder")
        }
        if resolved.dropFirst(base.count).split(separator: "/").contains(".git") {
            throw Refusal(path: relative, reason: "\(folder) resolves to \(resolved), inside .git; naars-contracts never writes there")
        }
    }

    /// Whether `path` names an entry, links included (`lstat`, not `stat`).
    static func entryExists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Whether `path` is itself a symbolic link (`lstat`).
    public static func entryIsLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// `realpath(3)`, or nil when the path (or a link on the way) cannot be resolved.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
