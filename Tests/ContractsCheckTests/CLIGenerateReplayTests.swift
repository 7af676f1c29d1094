import ContractsCore
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
}
