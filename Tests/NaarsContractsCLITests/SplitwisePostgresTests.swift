import ContractsTestSupport
import Foundation
import XCTest

/// The shared-enums fixture (Tests/Fixtures/splitwise-chat-app, eight enums) on a real PostgreSQL 15: the clean twin's
/// migrations apply and reject one invalid value per enum column, and `generate` on the drift app writes one
/// migration per enum whose CHECK differs, after which `check` finds no constraint drift, every migration applies,
/// and the new constraints hold.
final class SplitwisePostgresTests: XCTestCase {
    static let fixtures = CLIHarness.repoRoot.appendingPathComponent("Tests/Fixtures")
    static let support = fixtures.appendingPathComponent("splitwise-chat-app-support/postgres")

    /// A copy of a fixture app in a temporary folder.
    func copy(_ app: String) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-\(app)-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent(app), to: root)
        return root
    }

    /// The Supabase stub, then every migration of `root` in replay order.
    func applyMigrations(of root: URL, to db: SQLTestDatabase) throws {
        try db.succeed(try String(contentsOf: Self.support.appendingPathComponent("supabase-stub.sql"), encoding: .utf8))
        let folder = root.appendingPathComponent("supabase/migrations")
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".sql") {
            let result = try db.run(try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
        }
    }

    func testTheCleanTwinRejectsAnInvalidValueInEveryEnumColumn() throws {
        let root = try copy("splitwise-chat-app-clean")
        let db = try SQLTestDatabase.create()
        defer { db.drop() }
        try applyMigrations(of: root, to: db)
        try db.succeed(try String(contentsOf: Self.support.appendingPathComponent("clean-rows.sql"), encoding: .utf8))
        let lines = try String(contentsOf: Self.support.appendingPathComponent("invalid-writes.sql"), encoding: .utf8)
            .split(separator: "\n").filter { !$0.hasPrefix("--") && $0.contains("\t") }
        XCTAssertEqual(lines.count, 11)
        for line in lines {
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            let result = try db.run(parts[1] + ";")
            XCTAssertNotEqual(result.status, 0, "accepted: \(parts[1])")
            XCTAssertTrue(result.stderr.contains("\"\(parts[0])\"") || result.stderr.contains("enum \(parts[0])"),
                          "\(parts[1]): \(result.stderr)")
        }
    }

    func testGenerateOnTheDriftAppWritesAMigrationPerEnumThatPostgresEnforces() throws {
        let root = try copy("splitwise-chat-app")
        // The app's one migration folder is timestamped: migrations are written only where `outputs.sql` says.
        let registry = root.appendingPathComponent("registry.yaml")
        try Data((try String(contentsOf: registry, encoding: .utf8) + "\n  sql: supabase/migrations\n").utf8).write(to: registry)
        // `moderator` is in the ENUM type and not in the registry: generate refuses, and writes nothing, until it is
        // retired (PostgreSQL cannot drop an enum value).
        let before = CLIHarness.snapshot(root)
        let refused = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("'moderator', which enums.MemberRole no longer lists"), refused.stderr)
        CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root))
        let text = try String(contentsOf: registry, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "    values: [owner, admin, member, guest]\n",
                                           with: "    values: [owner, admin, member, guest]\n    retired: [moderator]\n").utf8)
            .write(to: registry)
        let generated = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(generated.status, 0, generated.stderr)
        let written = generated.stdout.split(separator: "\n").filter { $0.contains("supabase/migrations/") }
            .map { String($0.split(separator: "_", maxSplits: 1).last ?? "") }
        XCTAssertEqual(written, ["notification_type_check_constraint.sql", "chat_room_status_check_constraint.sql",
                                 "media_asset_status_check_constraint.sql", "plan_check_constraint.sql"], generated.stdout)
        let check = try CLIHarness.run(["check", "--no-cache", "--format", "json"], in: root)
        XCTAssertFalse(check.stdout.contains("sql-constraint-drift"), check.stdout)

        let db = try SQLTestDatabase.create()
        defer { db.drop() }
        try applyMigrations(of: root, to: db)
        try db.succeed(try String(contentsOf: Self.support.appendingPathComponent("clean-rows.sql"), encoding: .utf8))
        try db.succeed("""
            UPDATE public.chat_rooms SET status = 'deleted';
            INSERT INTO public.subscriptions (user_id, plan) VALUES ('00000000-0000-0000-0000-000000000001', 'family');
            """)
        for (statement, constraint) in [
            ("UPDATE public.chat_rooms SET status = 'dormant'", "chat_rooms_status_check"),
            ("INSERT INTO public.subscriptions (user_id, plan) VALUES ('00000000-0000-0000-0000-000000000001', 'premium')",
             "subscriptions_plan_check"),
        ] {
            let result = try db.run(statement + ";")
            XCTAssertNotEqual(result.status, 0, statement)
            XCTAssertTrue(result.stderr.contains(constraint), "\(statement): \(result.stderr)")
        }
    }
}
