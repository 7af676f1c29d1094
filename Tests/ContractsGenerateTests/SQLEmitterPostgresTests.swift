import ContractsCore
import ContractsGenerate
import ContractsTestSupport
import Foundation
import XCTest

/// The emitted constraint migration against a real PostgreSQL 15: applies to a table with rows, applies twice,
/// accepts every registered type and rejects an unregistered one with SQLSTATE 23514 (check_violation).
final class SQLEmitterPostgresTests: XCTestCase {
    func testRepoRegistry() throws {
        let registry = try SQLEmitterFixtures.repoRegistry()
        try prove(registry, createTable: """
            CREATE TABLE public.notifications (
                id serial PRIMARY KEY,
                type text NOT NULL,
                CONSTRAINT valid_notification_type CHECK (type IN ('message', 'new_ride', 'other'))
            );
            INSERT INTO public.notifications (type) VALUES ('message'), ('new_ride'), ('other');
            """)
    }

    func testDriverAppRegistryWithoutSchema() throws {
        let registry = try SQLEmitterFixtures.driverAppRegistry()
        XCTAssertEqual(registry.notificationTypes!.sql!.table, "driver_notifications")
        try prove(registry, createTable: """
            CREATE TABLE driver_notifications (id serial PRIMARY KEY, kind text);
            INSERT INTO driver_notifications (kind) VALUES ('trip_assigned'), ('default'), (NULL);
            """)
    }

    func testIdentifiersThatNeedQuotes() throws {
        var registry = try SQLEmitterFixtures.driverAppRegistry()
        registry.notificationTypes!.sql! = SQLConstraintTarget(
            schema: "App Data", table: "user", column: "Kind", constraint: "check",
            location: registry.notificationTypes!.sql!.location)
        try prove(registry, createTable: """
            CREATE SCHEMA "App Data";
            CREATE TABLE "App Data"."user" (id serial PRIMARY KEY, "Kind" text);
            INSERT INTO "App Data"."user" ("Kind") VALUES ('urgent_alert');
            """)
    }

    /// Creates the table, applies the migration twice, then inserts every registered value and one unregistered.
    private func prove(_ registry: Registry, createTable: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let db = try SQLTestDatabase.create()
        defer { db.drop() }
        let target = registry.notificationTypes!.sql!
        let table = quote(target.schema) + "." + quote(target.table)
        let column = quote(target.column)
        let migration = SQLEmitterFixtures.notificationMigration(registry, digest: "sha256:test")

        try db.succeed(createTable, file: file, line: line)
        try db.succeed(migration, file: file, line: line)
        try db.succeed(migration, file: file, line: line)

        let validated = try db.succeed("""
            SELECT convalidated FROM pg_constraint
            WHERE conname = '\(target.constraintName)' AND conrelid = '\(table.replacingOccurrences(of: "'", with: "''"))'::regclass;
            """, file: file, line: line)
        XCTAssertEqual(validated.trimmingCharacters(in: .whitespacesAndNewlines), "t",
                       "exactly one constraint, validated", file: file, line: line)

        let every = registry.notificationTypes!.rawValues.map { "('\($0)')" }.joined(separator: ", ")
        try db.succeed("INSERT INTO \(table) (\(column)) VALUES \(every);", file: file, line: line)

        let rejected = try db.run("INSERT INTO \(table) (\(column)) VALUES ('not_a_registered_type');")
        XCTAssertEqual(rejected.status, 3, "psql stops the script on the error: \(rejected.stderr)", file: file, line: line)
        XCTAssertTrue(rejected.stderr.contains("ERROR:  23514:"), rejected.stderr, file: file, line: line)
        XCTAssertTrue(rejected.stderr.contains(target.constraintName), rejected.stderr, file: file, line: line)
    }

    /// Quoted for the test's own statements (always quoting is valid SQL for any name).
    private func quote(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
}
