import Foundation

/// One file git knows about: its path and the blob holding its content.
public struct GitEntry: Sendable, Equatable {
    /// `/`-separated, relative to the folder git was asked from.
    public var path: String
    /// The blob's object id (hex).
    public var object: String

    public init(path: String, object: String) {
        self.path = path
        self.object = object
    }
}

/// Parses the `-z` listings `GitTree` reads. Pure text → values, so the odd cases are tested without git.
///
/// Only regular files (modes 100644 and 100755) are kept: symlinks and submodules have no content of their
/// own to judge, and `DiskTree` does not list them either.
public enum GitListing {
    /// `git ls-files -s -z`: `<mode> <object> <stage>\t<path>\0`. Only stage 0: a path still in a merge
    /// conflict has no single staged content, and git refuses to commit it anyway.
    public static func parseIndex(_ data: Data) -> [GitEntry] {
        records(data).compactMap { record in
            guard let (meta, path) = split(record) else { return nil }
            let fields = meta.split(separator: " ")
            guard fields.count == 3, isRegularFile(fields[0]), fields[2] == "0" else { return nil }
            return GitEntry(path: path, object: String(fields[1]))
        }
    }

    /// `git ls-tree -r -z`: `<mode> <type> <object>\t<path>\0`.
    public static func parseTree(_ data: Data) -> [GitEntry] {
        records(data).compactMap { record in
            guard let (meta, path) = split(record) else { return nil }
            let fields = meta.split(separator: " ")
            guard fields.count == 3, isRegularFile(fields[0]), fields[1] == "blob" else { return nil }
            return GitEntry(path: path, object: String(fields[2]))
        }
    }

    /// NUL-separated paths (`git diff --name-only -z`).
    public static func parsePaths(_ data: Data) -> [String] {
        records(data).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func records(_ data: Data) -> [Data.SubSequence] {
        data.split(separator: 0, omittingEmptySubsequences: true)
    }

    /// Splits at the first tab: metadata before, path after (paths may contain tabs and spaces, never NUL).
    private static func split(_ record: Data.SubSequence) -> (Substring, String)? {
        guard let tab = record.firstIndex(of: UInt8(ascii: "\t")) else { return nil }
        let meta = String(decoding: record[record.startIndex..<tab], as: UTF8.self)
        let path = String(decoding: record[record.index(after: tab)...], as: UTF8.self)
        return (Substring(meta), path)
    }

    private static func isRegularFile(_ mode: Substring) -> Bool {
        mode == "100644" || mode == "100755"
    }
}
