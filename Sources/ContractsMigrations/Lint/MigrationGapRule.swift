import ContractsCore

/// `migration-gap`: sequential numbers that skip values, one warning at the first file after each hole (a
/// deleted or renamed migration that databases may still have run).
enum MigrationGapRule: DriftRule {
    static let rule = Rule.migrationGap

    static func findings(_ facts: MigrationFolderFacts) -> [Finding] {
        guard case .sequential = facts.folder.scheme else { return [] }
        let folder = facts.folder
        let numbered = facts.files.filter { $0.nameStyle == .sequential && $0.sortKey.first != nil }
        var out: [Finding] = []
        for (previous, file) in zip(numbered, numbered.dropFirst()) {
            let a = previous.sortKey[0], b = file.sortKey[0]
            guard b > a + 1 else { continue }
            let missing = b - a == 2 ? "\(a + 1) is" : "\(a + 1)–\(b - 1) are"
            out.append(Finding(.migrationGap,
                               "migration numbers in \(folder.dir) jump from \(previous.name) to \(file.name); \(missing) missing (a deleted or renamed migration?)",
                               at: MigrationFolderFacts.location(file), registry: folder.location,
                               fix: "if a file was lost, restore it; otherwise accept the gap in the baseline",
                               related: [MigrationFolderFacts.location(previous)], subject: .migrationFile(path: file.path)))
        }
        return out
    }

    static let triggeringExamples = [
        RuleExample.migrations(["001_init.sql", "002_rides.sql", "↓004_badges.sql", "↓009_inbox.sql"]),
    ]
    static let nonTriggeringExamples = [
        // A shared number is `migration-duplicate-number`, not a gap; unnumbered files are not counted.
        RuleExample.migrations(["001_init.sql", "002_rides.sql", "002_badges.sql", "003_inbox.sql", "notes.sql"]),
        RuleExample.migrations(["20260101120000_a.sql", "20260407202111_b.sql"], dir: "supabase/migrations", scheme: "timestamp"),
    ]
}
