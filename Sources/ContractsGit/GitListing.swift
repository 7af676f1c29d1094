import ContractsCore
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

/// Parses the `-z` listings `GitTree` reads. Pure bytes → values, so the odd cases are tested without git.
///
/// Only regular files (modes 100644 and 100755) are kept: symlinks and submodules have no content of their
/// own to judge, and `DiskTree` does not list them either. Scans raw bytes: a 60,000-file index parses in
/// a few milliseconds.
public enum GitListing {
    /// `git ls-files -s -z`: `<mode> <object> <stage>\t<path>\0`. Only stage 0: a path still in a merge
    /// conflict has no single staged content, and git refuses to commit it anyway.
    public static func parseIndex(_ data: Data) -> [GitEntry] {
        entries(data) { fields in
            fields.count == 3 && isRegularFile(fields[0]) && fields[2].elementsEqual("0".utf8) ? fields[1] : nil
        }
    }

    /// `git ls-tree -r -z`: `<mode> <type> <object>\t<path>\0`.
    public static func parseTree(_ data: Data) -> [GitEntry] {
        entries(data) { fields in
            fields.count == 3 && isRegularFile(fields[0]) && fields[1].elementsEqual("blob".utf8) ? fields[2] : nil
        }
    }

    /// NUL-separated paths (`git diff --name-only -z`).
    public static func parsePaths(_ data: Data) -> [String] {
        data.split(separator: 0, omittingEmptySubsequences: true).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `git diff --name-status -z --no-renames`: `<status>\0<path>\0` (`M`, `A`, `D`, `T`, `U` for unmerged); no
    /// record has a second path without renames and copies.
    public static func parseNameStatus(_ data: Data) -> [(status: String, path: String)] {
        let fields = parsePaths(data)
        return stride(from: 0, to: fields.count - 1, by: 2).map { (fields[$0], fields[$0 + 1]) }
    }

    /// Splits each `<meta>\t<path>\0` record; `object` picks the object id from the space-separated meta
    /// fields, or nil to skip the record.
    private static func entries(
        _ data: Data, object: ([UnsafeBufferPointer<UInt8>]) -> UnsafeBufferPointer<UInt8>?
    ) -> [GitEntry] {
        data.withUnsafeBytes { raw -> [GitEntry] in
            let bytes = raw.bindMemory(to: UInt8.self)
            var out: [GitEntry] = []
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != 0 { end += 1 }
                var tab = start
                while tab < end && bytes[tab] != UInt8(ascii: "\t") { tab += 1 }
                if tab < end {
                    let meta = UnsafeBufferPointer(rebasing: bytes[start..<tab])
                    let fields = meta.split(separator: UInt8(ascii: " ")).map { UnsafeBufferPointer(rebasing: $0) }
                    if let id = object(fields) {
                        out.append(GitEntry(
                            path: String(decoding: UnsafeBufferPointer(rebasing: bytes[(tab + 1)..<end]), as: UTF8.self),
                            object: String(decoding: id, as: UTF8.self)))
                    }
                }
                start = end + 1
            }
            return out
        }
    }

    private static func isRegularFile(_ mode: UnsafeBufferPointer<UInt8>) -> Bool {
        mode.elementsEqual("100644".utf8) || mode.elementsEqual("100755".utf8)
    }
}
