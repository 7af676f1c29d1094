import ContractsCore

/// The migrations a project replays, in the order the database sees them.
///
/// Readers of the effective schema (the CHECK constraint replay) and the migration lint both start here,
/// so the two agree on which files exist and in which order they run.
public enum MigrationCatalog {
    /// The .sql files directly in one folder (other files such as README.md are ignored), in replay order:
    /// by `sortKey`, then by name.
    public static func files(in folder: MigrationFolder, tree: FileTree) throws -> [MigrationFile] {
        var dir = folder.dir
        while dir.hasSuffix("/") { dir.removeLast() }
        let prefix = dir.isEmpty ? "" : dir + "/"
        return try tree.files(under: dir)
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".sql") && !$0.dropFirst(prefix.count).contains("/") }
            .map { MigrationFile(path: $0, folder: folder) }
            .sorted(by: MigrationFile.replaysBefore)
    }

    /// Every migration of every configured folder: folders in registry order, each in replay order.
    public static func replayOrder(_ registry: Registry, tree: FileTree) throws -> [MigrationFile] {
        try registry.migrations.flatMap { try files(in: $0, tree: tree) }
    }
}
