import ContractsCore
import Foundation

/// A folder's `migrations.sum`: a hash chain over its migrations, so editing one that already ran is caught
/// (the idea of Atlas's atlas.sum).
///
/// ```
/// h1:<sha256 of the lines below>
/// 001_init.sql h1:<running hash>
/// ```
/// The running hash of a file is `sha256(previous running hash + name + "\n" + content)` (the first file's
/// previous hash is empty), so a line pins its file and every file before it; two branches adding migrations
/// both change the last lines and conflict in git instead of merging silently.
public struct MigrationSum: Sendable, Equatable {
    /// One recorded file: its name and running hash (hex, without `h1:`).
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var hash: String
        /// 1-based line in the sum file.
        public var line: Int
    }

    /// The hash on the first line (hex, without `h1:`).
    public var total: String
    public var entries: [Entry]

    /// The file name inside each migration folder.
    public static let fileName = "migrations.sum"

    /// The sum of files in replay order.
    public init(files: [(name: String, content: Data)]) {
        var previous = ""
        entries = files.enumerated().map { index, file in
            previous = Self.runningHash(previous: previous, name: file.name, content: file.content)
            return Entry(name: file.name, hash: previous, line: index + 2)
        }
        total = Self.totalHash(entries)
    }

    /// The sum of a folder's migrations as they are in `tree`.
    public init(folder: MigrationFolder, tree: FileTree) throws {
        let files = try MigrationCatalog.files(in: folder, tree: tree)
        self.init(files: try files.map { ($0.name, try tree.read($0.path)) })
    }

    /// Parses a sum file; nil when it is not in the format above.
    public init?(text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last == "" { lines.removeLast() }
        guard let first = lines.first, first.hasPrefix("h1:") else { return nil }
        total = String(first.dropFirst(3))
        var parsed: [Entry] = []
        for (index, line) in lines.dropFirst().enumerated() {
            guard let space = line.lastIndex(of: " "), line[line.index(after: space)...].hasPrefix("h1:") else {
                return nil
            }
            let hash = String(line[line.index(after: space)...].dropFirst(3))
            parsed.append(Entry(name: String(line[..<space]), hash: hash, line: index + 2))
        }
        entries = parsed
    }

    /// The file text.
    public var text: String {
        (["h1:\(total)"] + entries.map { "\($0.name) h1:\($0.hash)" }).joined(separator: "\n") + "\n"
    }

    /// Whether the first line matches the entries (false: edited by hand or merged badly).
    public var isConsistent: Bool { total == Self.totalHash(entries) }

    /// The running hash of one file after `previous`.
    public static func runningHash(previous: String, name: String, content: Data) -> String {
        SHA256.hex(Data((previous + name + "\n").utf8) + content)
    }

    private static func totalHash(_ entries: [Entry]) -> String {
        SHA256.hex(Data(entries.map { "\($0.name) h1:\($0.hash)\n" }.joined().utf8))
    }
}
