import ContractsCore

/// `migration-not-newer-than-base`: every migration added since the base revision must replay after the newest
/// migration the base already had, or databases migrated from the base would run it out of order (or never).
/// Runs only for `migrations lint --against REF` (facts with a base revision's file list).
enum MigrationNotNewerThanBaseRule: DriftRule {
    static let rule = Rule.migrationNotNewerThanBase

    static func findings(_ facts: MigrationFolderFacts) -> [Finding] {
        guard let baseFiles = facts.baseRevisionFiles else { return [] }
        return findings(folder: facts.folder, files: facts.files, baseFiles: baseFiles)
    }

    /// `baseFiles`: every path in the base revision (relative to the root); only each folder's .sql files count.
    static func findings(folder: MigrationFolder, files: [MigrationFile], baseFiles: [String]) -> [Finding] {
        let prefix = folder.dir.isEmpty ? "" : folder.dir + "/"
        let base = baseFiles
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".sql") && !$0.dropFirst(prefix.count).contains("/") }
            .map { MigrationFile(path: $0, folder: folder) }
        guard let newest = base.max(by: MigrationFile.replaysBefore) else { return [] }
        let basePaths = Set(base.map(\.path))
        return files.filter { !basePaths.contains($0.path) && !MigrationFile.replaysBefore(newest, $0) }.map { file in
            Finding(.migrationNotNewerThanBase,
                    "\(file.name) was added since the base revision but does not sort after \(newest.name), the newest migration there; databases already at the base would skip it or run it out of order",
                    at: SourceLocation(file: file.path, line: 1, column: 1), registry: folder.location,
                    fix: "rename it with the prefix from `naars-contracts migrations next --dir \(folder.dir)`",
                    related: [SourceLocation(file: newest.path, line: 1, column: 1)], subject: .migrationFile(path: file.path))
        }
    }

    static let triggeringExamples = [
        // A branch took 003 while main added 003 and 004.
        RuleExample.migrations(["001_init.sql", "002_rides.sql", "003_badges.sql", "↓003_inbox.sql", "004_rides_index.sql"],
                               baseRevisionFiles: ["database/001_init.sql", "database/002_rides.sql",
                                                   "database/003_badges.sql", "database/004_rides_index.sql"]),
    ]
    static let nonTriggeringExamples = [
        // Added after the newest base migration; base files outside the folder (or in a subfolder) do not count.
        RuleExample.migrations(["001_init.sql", "002_rides.sql", "003_badges.sql"],
                               baseRevisionFiles: ["database/001_init.sql", "database/002_rides.sql",
                                                   "database/archive/009_old.sql", "supabase/migrations/20990101000000_x.sql"]),
    ]
}
