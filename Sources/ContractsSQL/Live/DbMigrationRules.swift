import Foundation
import ContractsCore

/// `db-migration-not-applied`: a migration in a timestamp (Supabase CLI) folder whose version the live
/// database's `supabase_migrations.schema_migrations` does not list. Silent when that table does not exist
/// (a database not managed by the Supabase CLI).
enum DbMigrationNotAppliedRule {
    static func findings(_ facts: LiveFacts) -> [Finding] {
        guard let applied = facts.snapshot.appliedVersions.map(Set.init) else { return [] }
        return facts.versionedMigrations.filter { !applied.contains($0.version) }.map { migration in
            Finding(.dbMigrationNotApplied,
                    "Migration \(migration.path) (version \(migration.version)) is not in the live database's supabase_migrations.schema_migrations",
                    at: SourceLocation(file: migration.path, line: 1, column: 1),
                    fix: "apply it (`supabase db push`), or record it if it was applied by hand (`supabase migration repair --status applied \(migration.version)`)",
                    subject: .migrationFile(path: migration.path))
        }
    }
}

extension DbMigrationNotAppliedRule: DriftRule {
    typealias Facts = LiveFacts
    static let rule = Rule.dbMigrationNotApplied

    static let triggeringExamples = [
        RuleExample(DbMigrationExamples.files(marked: true), registry: DbMigrationExamples.registry,
                    live: DbMigrationExamples.live(["20250101120000"])),
    ]
    static let nonTriggeringExamples = [
        // Both applied; the sequential folder's files are not the Supabase CLI's, whatever their number.
        RuleExample(DbMigrationExamples.files(marked: false), registry: DbMigrationExamples.registry,
                    live: DbMigrationExamples.live(["20250101120000", "20250102090000"])),
    ]
}

/// `db-migration-unknown`: the live database lists an applied version that no migration file has (a file
/// deleted or renamed after it ran, or a migration run from another branch). Reported at the folder.
enum DbMigrationUnknownRule {
    static func findings(_ facts: LiveFacts) -> [Finding] {
        guard let applied = facts.snapshot.appliedVersions,
              let folder = facts.registry.migrations.first(where: { $0.scheme == .timestamp }) else { return [] }
        let known = Set(facts.versionedMigrations.map(\.version))
        return applied.filter { !known.contains($0) }.map { version in
            Finding(.dbMigrationUnknown,
                    "The live database lists applied migration version \(version), which no file in \(folder.dir) has",
                    at: folder.location,
                    fix: "restore the migration file, or `supabase migration repair --status reverted \(version)`",
                    // No file has it: the folder and the version stand for the file.
                    subject: .migrationFile(path: "\(folder.dir)/\(version)"))
        }
    }
}

extension DbMigrationUnknownRule: DriftRule {
    typealias Facts = LiveFacts
    static let rule = Rule.dbMigrationUnknown

    static let triggeringExamples = [
        RuleExample(DbMigrationExamples.files(marked: false), registry: DbMigrationExamples.registry(marked: true),
                    live: DbMigrationExamples.live(["20250101120000", "20250102090000", "20250103000000"])),
    ]
    static let nonTriggeringExamples = [
        RuleExample(DbMigrationExamples.files(marked: false), registry: DbMigrationExamples.registry,
                    live: DbMigrationExamples.live(["20250101120000", "20250102090000"])),
    ]
}

/// The project both migration rules' examples share: an old sequential folder and the Supabase CLI's.
enum DbMigrationExamples {
    static func registry(marked: Bool) -> String {
        RuleExample.baseRegistry.replacingOccurrences(
            of: "  - { dir: database, scheme: sequential, width: 3 }\n",
            with: "  - { dir: database, scheme: sequential, width: 3 }\n  - \(marked ? "↓" : ""){ dir: supabase/migrations, scheme: timestamp }\n")
    }

    static let registry = registry(marked: false)

    static func files(marked: Bool) -> [String: String] {
        [
            "database/001_init.sql": """
                CREATE TABLE public.notifications (id bigint, type text NOT NULL,
                  CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_update')));
                """,
            "supabase/migrations/20250101120000_index.sql": "CREATE INDEX notifications_type ON public.notifications (type);\n",
            "supabase/migrations/20250102090000_comment.sql": (marked ? "↓" : "") + "COMMENT ON TABLE public.notifications IS 'inbox';\n",
        ]
    }

    static func live(_ versions: [String]) -> LiveSnapshot {
        LiveSnapshot(constraints: [.init(name: "valid_notification_type",
                                         definition: "CHECK ((type = ANY (ARRAY['message'::text, 'ride_update'::text])))")],
                     appliedVersions: versions)
    }
}
