import ContractsCore

/// What every migration-lint rule reads: one configured folder, its migrations in replay order, the project's
/// files (for migrations.sum) and, for `migrations lint --against REF`, the base revision's file list.
struct MigrationFolderFacts {
    let folder: MigrationFolder
    /// The folder's .sql files, in replay order.
    let files: [MigrationFile]
    let tree: FileTree
    /// Every path of the base revision, relative to the root; nil when no base was given.
    let baseRevisionFiles: [String]?
    /// Where `check` remembers which recorded migrations were found unchanged (nil: every one is read).
    var memo: ContentMemo? = nil

    /// `file:1:1`: migration-lint findings point at a whole file.
    static func location(_ file: MigrationFile) -> SourceLocation {
        SourceLocation(file: file.path, line: 1, column: 1)
    }

    /// Files grouped by a key, only groups of two or more, in replay order of their first member.
    static func groups<Key: Hashable>(_ files: [MigrationFile], by key: (MigrationFile) -> Key?) -> [(Key, [MigrationFile])] {
        var order: [Key] = []
        var members: [Key: [MigrationFile]] = [:]
        for file in files {
            guard let k = key(file) else { continue }
            if members[k] == nil { order.append(k) }
            members[k, default: []].append(file)
        }
        return order.compactMap { k in members[k]!.count > 1 ? (k, members[k]!) : nil }
    }
}
