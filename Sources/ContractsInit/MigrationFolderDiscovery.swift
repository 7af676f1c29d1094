import ContractsCore
import ContractsMigrations

/// Finds the folders of numbered `.sql` files and the numbering scheme of each.
enum MigrationFolderDiscovery {
    /// A discovered folder: what `migrations:` gets, and how many files it holds (for the summary).
    struct Found: Equatable {
        var dir: String
        var scheme: MigrationScheme
        var files: Int
    }

    /// Folders where most `.sql` files are numbered (`107_x.sql`, `20260407202111_x.sql`), in replay order:
    /// sequential folders first (they are the older history in real apps), then timestamp ones, each by path.
    static func folders(in files: ProjectFiles) -> [Found] {
        var byFolder: [String: [String]] = [:]
        for path in files.paths where path.hasSuffix(".sql") {
            let parts = path.split(separator: "/")
            let dir = parts.dropLast().joined(separator: "/")
            byFolder[dir, default: []].append(path)
        }
        let found = byFolder.compactMap { dir, paths -> Found? in
            let placeholder = MigrationFolder(dir: dir, scheme: .timestamp, location: SourceLocation(file: "", line: 1, column: 1))
            let migrations = paths.map { MigrationFile(path: $0, folder: placeholder) }
            let numbered = migrations.filter { $0.nameStyle != .unnumbered }
            guard !numbered.isEmpty, numbered.count * 2 > migrations.count else { return nil }
            let dated = numbered.filter { $0.nameStyle == .timestamp || $0.nameStyle == .dateCounter }.count
            if dated * 2 >= numbered.count { return Found(dir: dir, scheme: .timestamp, files: numbered.count) }
            return Found(dir: dir, scheme: .sequential(width: commonWidth(numbered)), files: numbered.count)
        }
        return found.sorted { a, b in
            let aSeq = a.scheme != .timestamp, bSeq = b.scheme != .timestamp
            return aSeq != bSeq ? aSeq : a.dir < b.dir
        }
    }

    /// The most common digit count of sequential numbers (the folder's zero-padding), smallest on a tie.
    private static func commonWidth(_ files: [MigrationFile]) -> Int {
        var counts: [Int: Int] = [:]
        for file in files where file.nameStyle == .sequential { counts[file.version?.count ?? 3, default: 0] += 1 }
        let best = counts.max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }
        return min(9, max(1, best?.key ?? 3))
    }
}
