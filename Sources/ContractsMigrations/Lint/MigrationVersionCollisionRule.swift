import ContractsCore

/// `migration-version-collision`: timestamp-folder files the Supabase CLI would record under one version
/// (`^([0-9]+)_`), so only the first of them can be recorded in its migration history.
enum MigrationVersionCollisionRule: DriftRule {
    static let rule = Rule.migrationVersionCollision

    static func findings(_ facts: MigrationFolderFacts) -> [Finding] {
        guard facts.folder.scheme == .timestamp else { return [] }
        let folder = facts.folder
        return MigrationFolderFacts.groups(facts.files, by: \.version).map { version, group in
            let names = group.map(\.name).joined(separator: ", ")
            return Finding(.migrationVersionCollision,
                           "\(group.count) migrations in \(folder.dir) have the Supabase CLI version \(version) (\(names)); the Supabase CLI keys its migration history on the version, so only the first of them can be recorded",
                           at: MigrationFolderFacts.location(group.last!), registry: folder.location,
                           fix: "rename the newer one with the prefix from `naars-contracts migrations next --dir \(folder.dir)`",
                           related: group.map(MigrationFolderFacts.location), subject: .migrationFile(path: group.last!.path))
        }
    }

    static let triggeringExamples = [
        RuleExample.migrations(["20260101120000_init.sql", "↓20260101120000_rides.sql"], dir: "supabase/migrations", scheme: "timestamp"),
        // Two date-counter names on one day share the version `20260102`.
        RuleExample.migrations(["20260102_001_a.sql", "↓20260102_002_b.sql"], dir: "supabase/migrations", scheme: "timestamp"),
    ]
    static let nonTriggeringExamples = [
        RuleExample.migrations(["20260101120000_init.sql", "20260101120001_rides.sql"], dir: "supabase/migrations", scheme: "timestamp"),
        // Sequential folders report a shared number as `migration-duplicate-number`.
        RuleExample.migrations(["001_init.sql", "001_rides.sql"]),
    ]
}
