import ContractsCore
import ContractsFixtureApps
import ContractsTestSupport
import Foundation
import XCTest

/// `generate` and the replay: Swift and TypeScript never wait for SQL; the migration is written, refused or
/// skipped according to what the replay can decide.
final class CLIGenerateReplayTests: XCTestCase {
    private func repoRegistry() throws -> String {
        try String(contentsOf: CLIHarness.repoRoot.appendingPathComponent("registry.yaml"), encoding: .utf8)
    }

    /// An RLS fix PostgreSQL 15 cannot parse, about a function, not about notifications.
    static let unrelatedBroken = """
        -- applied long ago; never edit an applied migration
        ALTER FUNCTION public.is_admin() SET (row_security = off);
        CREATE POLICY admins ON public.profiles USING (public.is_admin());
        """

    func testUnrelatedBrokenMigrationStopsNothing() throws {
        let root = try CLIHarness.project([
            "registry.yaml": try repoRegistry(),
            "database/001_notifications.sql": "CREATE TABLE public.notifications (id uuid, type text);\n",
            "database/002_rls_fix.sql": Self.unrelatedBroken,
        ])
        let result = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("wrote generated/Swift/NotificationType.swift"), result.stdout)
        XCTAssertTrue(result.stdout.contains("wrote database/003_notification_type_check_constraint.sql"), result.stdout)
        let check = try CLIHarness.run(["check", "--format", "xcode"], in: root)
        XCTAssertTrue(check.stdout.contains("database/002_rls_fix.sql:2:38: error:"), check.stdout)
        XCTAssertFalse(check.stdout.contains("sql-constraint-unknown"), check.stdout)
    }

    /// The repo registry with a free-text column (no `constraint:`), with or without `outputs.sql`.
    private func freeTextRegistry(asked: Bool) throws -> String {
        var text = try repoRegistry().replacingOccurrences(
            of: "sql: { table: public.notifications, column: type, constraint: valid_notification_type }",
            with: "sql: { table: public.notifications, column: type }")
        if !asked { text = text.replacingOccurrences(of: "  sql: database\n", with: "") }
        return text
    }

    func testFreeTextColumnGetsNoConstraintMigrationUnlessAsked() throws {
        let files = ["database/001_notifications.sql": "CREATE TABLE public.notifications (id uuid, type text);\n"]
        let quiet = try CLIHarness.project(files.merging(["registry.yaml": try freeTextRegistry(asked: false)]) { $1 })
        let result = try CLIHarness.run(["generate"], in: quiet)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stdout.contains(".sql"), result.stdout)
        XCTAssertEqual(try CLIHarness.run(["check"], in: quiet).status, 0, "no constraint, no constraint drift")

        let asked = try CLIHarness.project(files.merging(["registry.yaml": try freeTextRegistry(asked: true)]) { $1 })
        let written = try CLIHarness.run(["generate"], in: asked)
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertTrue(written.stdout.contains("wrote database/002_notification_type_check_constraint.sql"), written.stdout)
        let sql = try String(contentsOf: asked.appendingPathComponent("database/002_notification_type_check_constraint.sql"), encoding: .utf8)
        XCTAssertTrue(sql.contains("ADD CONSTRAINT notifications_type_check CHECK"), sql)
    }

    func testFreeTextConstraintIsRefusedWhileUnregisteredValuesAreWritten() throws {
        let root = try CLIHarness.project([
            "registry.yaml": try freeTextRegistry(asked: true),
            "database/001_notifications.sql": """
                CREATE TABLE public.notifications (id uuid, type text);
                INSERT INTO public.notifications (type) VALUES ('message'), ('legacy_digest');
                SELECT * FROM public.notifications WHERE type = 'only_read_here';
                """,
            "database/002_notify.sql": """
                CREATE FUNCTION notify_all() RETURNS void LANGUAGE sql AS $$
                  SELECT create_notification(null, 'weekly_digest', 'x');
                $$;
                """,
            "supabase/functions/push/index.ts": """
                const payload = { aps: { alert: { title } }, type: 'app_update' };
                """,
        ])
        let before = CLIHarness.snapshot(root)
        let result = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        for expected in ["'legacy_digest', 'weekly_digest', 'app_update'", "database/001_notifications.sql:2:62: error: 'legacy_digest' is written here",
                         "database/002_notify.sql:2:36: error: 'weekly_digest' is written here",
                         "supabase/functions/push/index.ts:1:52: error: 'app_update' is written here"] {
            XCTAssertTrue(result.stderr.contains(expected), "\(expected) not in: \(result.stderr)")
        }
        XCTAssertFalse(result.stderr.contains("only_read_here"), "a comparison reads, it does not write: \(result.stderr)")
        CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root))
    }

    static let unregisteredWrites = UnregisteredWritesProject.files

    /// The refusal, whole: each value the registry lacks once, in the order of the first place that writes it, then
    /// every place by location. Retired and app-only values are listed (the new constraint rejects them too).
    func testTheRefusalListsEveryUnregisteredWriteOfSQLSwiftAndTypeScript() throws {
        let root = try CLIHarness.project(Self.unregisteredWrites)
        let before = CLIHarness.snapshot(root)
        let result = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, """
            error: refusing to write a CHECK constraint on public.notifications.type: 6 value(s) the registry lacks are \
            written today ('mesage', 'swift_written', 'legacy_digest', 'app_update', 'old_kind', 'local_only'), so its \
            VALIDATE would fail on live rows. Register them, or stop writing them and clean the rows up \
            (`UPDATE ... SET type = ... WHERE type = ...`) first.
            App/Inbox.swift:10:43: error: 'mesage' is written here
            App/Inbox.swift:12:102: error: 'swift_written' is written here
            database/001_notifications.sql:2:62: error: 'legacy_digest' is written here
            supabase/functions/push/index.ts:2:72: error: 'app_update' is written here
            supabase/functions/push/index.ts:5:72: error: 'old_kind' is written here
            supabase/functions/push/index.ts:6:72: error: 'local_only' is written here

            """)
        CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root))
    }

    /// `NOTIFICATION_TYPES.MESAGE` writes no value (the const object lacks the key), so it is no place, whichever
    /// value the registry lists first (`ts-unknown-literal`'s message lists the registered values: the first one
    /// was once taken for the value written).
    func testAConstKeyTheObjectLacksIsNoPlaceWhateverTheRegistryListsFirst() throws {
        var files = Self.unregisteredWrites
        files["registry.yaml"] = try XCTUnwrap(files["registry.yaml"]).replacingOccurrences(
            of: "    - raw: message\n", with: "    - raw: local_only\n      scope: app\n    - raw: message\n")
            .replacingOccurrences(of: "    - raw: local_only\n      scope: app\nmigrations:", with: "migrations:")
        XCTAssertTrue(try XCTUnwrap(files["registry.yaml"]).contains("values:\n    - raw: local_only\n      scope: app\n    - raw: message\n"))
        let result = try CLIHarness.run(["generate"], in: try CLIHarness.project(files))
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("supabase/functions/push/index.ts:6:72: error: 'local_only' is written here"), result.stderr)
        XCTAssertFalse(result.stderr.contains("index.ts:7:"), result.stderr)
    }

    /// A value with a quote in it is listed whole (it is the literal's value, not a stretch of a message between
    /// two quotes).
    func testAValueWithQuotesIsListedWhole() throws {
        var files = Self.unregisteredWrites
        files["App/Inbox.swift"] = """
            func route(client: SupabaseClient, id: UUID) async throws {
                try await client.from("notifications").insert(["user_id": AnyEncodable(id), "type": AnyEncodable("a\\"b")]).execute()
            }
            """
        files["supabase/functions/push/index.ts"] = """
            export async function notify(supabase: any, userId: string) {
              await supabase.from('notifications').insert({ user_id: userId, type: "it's" });
              await supabase.from('notifications').insert({ user_id: userId, type: 'say "hi"' });
            }
            """
        let result = try CLIHarness.run(["generate"], in: try CLIHarness.project(files))
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        for expected in ["('a\"b', 'legacy_digest', 'it's', 'say \"hi\"')", "App/Inbox.swift:2:102: error: 'a\"b' is written here",
                         "supabase/functions/push/index.ts:2:72: error: 'it's' is written here",
                         "supabase/functions/push/index.ts:3:72: error: 'say \"hi\"' is written here"] {
            XCTAssertTrue(result.stderr.contains(expected), "\(expected) not in: \(result.stderr)")
        }
    }
}

/// `generate` for a column whose value set is a PostgreSQL ENUM type.
final class CLIGenerateEnumTests: XCTestCase {
    static func registry(values: [String], retired: [String] = []) -> String {
        """
        version: 1
        notification_types:
          swift_enum: RemoteMatchStatus
          typescript_const: REMOTE_MATCH_STATUSES
          payload_key: status
          sql: { table: public.matches, column: remote_status, enum_type: remote_match_status }
        \(retired.isEmpty ? "" : "  retired: [\(retired.joined(separator: ", "))]\n")  values:
        \(values.map { "    - raw: \($0)" }.joined(separator: "\n"))
        migrations:
          - { dir: supabase/migrations, scheme: timestamp }
        outputs:
          swift: App/Generated
          typescript: supabase/functions/_shared
          sql: supabase/migrations
        """
    }

    static let history = [
        "supabase/migrations/20250201100000_matches.sql": """
            CREATE TYPE remote_match_status AS ENUM ('waiting', 'active', 'finished');
            CREATE TABLE public.matches (id uuid PRIMARY KEY, remote_status remote_match_status NOT NULL);
            """,
        "supabase/migrations/20250301100000_rename.sql": """
            ALTER TYPE remote_match_status RENAME VALUE 'finished' TO 'completed';
            """,
    ]

    func testMissingValuesAreAddedAndThenTheTypeMatches() throws {
        let root = try CLIHarness.project(Self.history.merging(
            ["registry.yaml": Self.registry(values: ["invited", "waiting", "active", "completed"])]) { $1 })
        let result = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("wrote App/Generated/"), result.stdout)
        let written = try XCTUnwrap(result.stdout.split(separator: "\n").first { $0.hasSuffix("_notification_type_enum_values.sql") })
        let path = String(written.dropFirst("wrote ".count))
        let sql = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        XCTAssertTrue(sql.contains("ALTER TYPE public.remote_match_status ADD VALUE IF NOT EXISTS 'invited' BEFORE 'waiting';"), sql)
        let again = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertFalse(again.stdout.contains(".sql"), "the replayed type now has every value: \(again.stdout)")
        let check = try CLIHarness.run(["check", "--format", "xcode"], in: root)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
    }

    func testAValueTheRegistryDropsIsRefusedWithTheReasonUnlessRetired() throws {
        let root = try CLIHarness.project(Self.history.merging(
            ["registry.yaml": Self.registry(values: ["waiting", "active"])]) { $1 })
        let before = CLIHarness.snapshot(root)
        let result = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("supabase/migrations/20250301100000_rename.sql:1:1: error: ENUM type public.remote_match_status has 'completed'"),
                      result.stderr)
        XCTAssertTrue(result.stderr.contains("PostgreSQL cannot drop a value from an ENUM type in place"), result.stderr)
        CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root))
        let check = try CLIHarness.run(["check", "--format", "xcode"], in: root)
        XCTAssertTrue(check.stdout.contains("not registered 'completed'  (sql-constraint-drift)") || check.stdout.contains("not registered 'completed' (sql-constraint-drift)"),
                      check.stdout)

        try Data(Self.registry(values: ["waiting", "active"], retired: ["completed"]).utf8)
            .write(to: root.appendingPathComponent("registry.yaml"))
        let retired = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(retired.status, 0, retired.stderr)
        XCTAssertFalse(retired.stdout.contains(".sql"), retired.stdout)
    }
}
