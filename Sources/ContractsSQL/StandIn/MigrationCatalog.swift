import ContractsCore

// TEMPORARY stand-in for branch `migrations` (API in notes); deleted when that branch is merged.

public struct MigrationFile: Sendable, Equatable {
    public var path: String
    public var folder: MigrationFolder
    public var name: String
    public var version: String?
    public var sortKey: [Int]
    public var slug: String?
}

public enum MigrationCatalog {
    public static func files(in folder: MigrationFolder, tree: FileTree) throws -> [MigrationFile] {
        let prefix = folder.dir.isEmpty ? "" : folder.dir + "/"
        return try tree.files(under: folder.dir).filter { $0.hasSuffix(".sql") && !$0.dropFirst(prefix.count).contains("/") }
            .map { path -> MigrationFile in
                let name = String(path.dropFirst(prefix.count))
                var key: [Int] = []
                for part in name.dropLast(4).split(separator: "_") {
                    guard let n = Int(part) else { break }
                    key.append(n)
                }
                return MigrationFile(path: path, folder: folder, name: name, version: key.first.map(String.init),
                                     sortKey: key, slug: nil)
            }
            .sorted { ($0.sortKey.lexicographicallyPrecedes($1.sortKey)) || ($0.sortKey == $1.sortKey && $0.name < $1.name) }
    }

    public static func replayOrder(_ registry: Registry, tree: FileTree) throws -> [MigrationFile] {
        try registry.migrations.flatMap { try files(in: $0, tree: tree) }
    }
}
