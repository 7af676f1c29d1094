import ContractsCore
import ContractsGenerate
import ContractsTestSupport
import Foundation
import XCTest

/// The emitted ENUM migration against a real PostgreSQL 15: applies over a type created, extended and renamed
/// by earlier migrations (inside psql's implicit single transaction too), applies twice, leaves every
/// registered server value accepted and rejects an unregistered one (SQLSTATE 22P02).
final class SQLEnumEmitterPostgresTests: XCTestCase {
    static let history = """
        CREATE TYPE public.remote_match_status AS ENUM ('waiting', 'active', 'finished');
        CREATE TABLE public.matches (id serial PRIMARY KEY, remote_status public.remote_match_status NOT NULL);
        ALTER TYPE public.remote_match_status ADD VALUE 'paused' AFTER 'active';
        ALTER TYPE public.remote_match_status RENAME VALUE 'finished' TO 'completed';
        INSERT INTO public.matches (remote_status) VALUES ('waiting'), ('completed');
        """

    func registry() throws -> Registry {
        var registry = try SQLEmitterFixtures.driverAppRegistry()
        let here = registry.notificationTypes!.location
        registry.notificationTypes!.sql! = SQLConstraintTarget(
            schema: "public", table: "matches", column: "remote_status", constraint: nil, location: here,
            enumType: SQLTypeName(schema: "public", name: "remote_match_status"))
        let raws = ["invited", "waiting", "active", "paused", "spectating", "completed", "sent"]
        registry.notificationTypes!.values = raws.map {
            NotificationTypeValue(raw: $0, swiftCase: Identifiers.camelCase($0), icon: nil, canBeDisabled: true,
                                  preferenceKey: nil, badge: nil, deepLinks: [], location: here)
        }
        registry.notificationTypes!.values[6].scope = .app   // UI-only: never in the database
        return registry
    }

    func testMigrationText() throws {
        let sql = SQLEmitterFixtures.notificationEnumMigration(try registry(), type: SQLTypeName(schema: "public", name: "remote_match_status"),
                                           existing: ["waiting", "active", "paused", "completed"], digest: "sha256:test")
        XCTAssertTrue(sql.contains("""
            ALTER TYPE public.remote_match_status ADD VALUE IF NOT EXISTS 'invited' BEFORE 'waiting';
            ALTER TYPE public.remote_match_status ADD VALUE IF NOT EXISTS 'spectating' AFTER 'paused';

            """), sql)
        XCTAssertFalse(sql.contains("'sent'"), "an app-only value never reaches the database")
        XCTAssertFalse(sql.uppercased().contains("BEGIN"), "no transaction block around ADD VALUE")
    }

    func testAppliesTwiceAndTheTypeThenAcceptsExactlyTheServerValues() throws {
        let registry = try registry()
        let db = try SQLTestDatabase.create()
        defer { db.drop() }
        try db.succeed(Self.history)
        let migration = SQLEmitterFixtures.notificationEnumMigration(registry, type: SQLTypeName(schema: "public", name: "remote_match_status"),
                                                 existing: ["waiting", "active", "paused", "completed"], digest: "sha256:test")
        try db.succeed(migration)
        try db.succeed(migration)
        // In one transaction block, as `supabase db push` runs a file (PostgreSQL 15 allows ADD VALUE there).
        try db.succeed("BEGIN;\n" + migration + "COMMIT;\n")
        let values = try db.succeed("""
            SELECT string_agg(enumlabel, ',' ORDER BY enumsortorder) FROM pg_enum
            WHERE enumtypid = 'public.remote_match_status'::regtype;
            """)
        XCTAssertEqual(values.trimmingCharacters(in: .whitespacesAndNewlines), "invited,waiting,active,paused,spectating,completed")
        let every = registry.notificationTypes!.serverRawValues.map { "('\($0)')" }.joined(separator: ", ")
        try db.succeed("INSERT INTO public.matches (remote_status) VALUES \(every);")
        let rejected = try db.run("INSERT INTO public.matches (remote_status) VALUES ('sent');")
        XCTAssertEqual(rejected.status, 3, rejected.stderr)
        XCTAssertTrue(rejected.stderr.contains("ERROR:  22P02:"), rejected.stderr)
        XCTAssertTrue(rejected.stderr.contains("invalid input value for enum remote_match_status"), rejected.stderr)
    }
}
