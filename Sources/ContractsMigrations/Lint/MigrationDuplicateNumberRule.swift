import ContractsCore

/// `migration-duplicate-number`: sequential files sharing a number, one finding per number at the file that
/// replays last (only their names decide which runs first).
enum MigrationDuplicateNumberRule: DriftRule {
    static let rule = Rule.migrationDuplicateNumber

    static func findings(_ facts: MigrationFolderFacts) -> [Finding] {
        guard case .sequential = facts.folder.scheme else { return [] }
        let folder = facts.folder
        let numbered = facts.files.filter { $0.nameStyle == .sequential }
        return MigrationFolderFacts.groups(numbered, by: { $0.sortKey.first }).map { number, group in
            let names = group.map(\.name).joined(separator: ", ")
            return Finding(.migrationDuplicateNumber,
                           "\(group.count) migrations in \(folder.dir) share number \(group[0].version ?? String(number)) (\(names)); only their names decide which runs first",
                           at: MigrationFolderFacts.location(group.last!), registry: folder.location,
                           fix: "renumber the newer one with `naars-contracts migrations next --dir \(folder.dir)` (only if no database ran it yet)",
                           related: group.map(MigrationFolderFacts.location), subject: .migrationFile(path: group.last!.path))
        }
    }

    static let triggeringExamples = [
        RuleExample.migrations(["001_init.sql", "002_badges.sql", "↓002_rides.sql", "003_inbox.sql"]),
        // `2` and `002` are one number.
        RuleExample.migrations(["001_init.sql", "002_rides.sql", "↓2_badges.sql"]),
    ]
    static let nonTriggeringExamples = [
        // Timestamp folders share versions under `migration-version-collision`.
        RuleExample.migrations(["20260101120000_a.sql", "20260101120000_b.sql"], dir: "supabase/migrations", scheme: "timestamp"),
        RuleExample.migrations(["001_init.sql", "002_rides.sql", "010_badges.sql"]),
    ]
}
