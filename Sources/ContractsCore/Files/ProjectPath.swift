import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Paths compared as the file system sees them. A rule about "the same folder" (never remove inside a
/// migration folder, never write generated files among migrations) must hold whatever the spelling:
/// `./database/x.sql`, `database//x.sql`, `db/x.sql` where `db` links to `database`.
public enum ProjectPath {
    /// `relative` without `.` and empty segments, `..` taken against the segment before it; nil when it climbs
    /// above the root. `""` is the root itself.
    public static func normalized(_ relative: String) -> String? {
        var out: [Substring] = []
        for part in relative.split(separator: "/", omittingEmptySubsequences: true) where part != "." {
            if part == ".." {
                guard !out.isEmpty else { return nil }
                out.removeLast()
            } else {
                out.append(part)
            }
        }
        return out.joined(separator: "/")
    }

    /// Where `relative` (below `root`) lands once every link on the way, the last segment included, is
    /// resolved: an absolute path. Segments past the deepest one that exists are added as written (normalised).
    /// Without a root (a tree that is not on disk), the normalised spelling.
    public static func resolved(_ relative: String, root: URL?) -> String {
        let parts = (normalized(relative) ?? relative).split(separator: "/").map(String.init)
        guard let root, let base = realPath(root.path) else { return parts.joined(separator: "/") }
        var existing = parts.count
        while existing > 0, realPath(root.path + "/" + parts.prefix(existing).joined(separator: "/")) == nil { existing -= 1 }
        let head = existing == 0 ? base : realPath(root.path + "/" + parts.prefix(existing).joined(separator: "/"))!
        let tail = parts.dropFirst(existing)
        return tail.isEmpty ? head : (head == "/" ? "" : head) + "/" + tail.joined(separator: "/")
    }

    /// Whether `path` is `folder` or lies inside it, both below `root` and compared resolved (`resolved`).
    public static func isSameOrInside(_ path: String, _ folder: String, root: URL?) -> Bool {
        let path = resolved(path, root: root), folder = resolved(folder, root: root)
        if folder.isEmpty || folder == "/" { return true }
        return path == folder || path.hasPrefix(folder + "/")
    }

    /// Whether either of two folders below `root` is, contains or lies inside the other, compared resolved.
    public static func overlap(_ a: String, _ b: String, root: URL?) -> Bool {
        isSameOrInside(a, b, root: root) || isSameOrInside(b, a, root: root)
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
