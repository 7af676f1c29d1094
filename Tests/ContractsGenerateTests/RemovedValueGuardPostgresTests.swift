import ContractsCore
import ContractsGenerate
import ContractsTestSupport
import Foundation
import XCTest

/// The constraint migration that removes values, applied to a real PostgreSQL 15: with rows still holding a
/// removed type it stops before VALIDATE with their types and count (not a bare 23514); without, it applies.
final class RemovedValueGuardPostgresTests: XCTestCase {
    /// The driver app's table as a migration before this one left it: the constraint also accepts two types the
    /// registry has since dropped.
    private let createTable = """
        CREATE TABLE public.driver_notifications (id serial PRIMARY KEY, kind text,
            CONSTRAINT driver_notifications_kind_check CHECK (kind IN ('trip_assigned', 'trip_status_changed', 'order_ready',
                'urgent_alert', 'default', 'unknown', 'trip_cancelled', 'legacy_ping')));
        INSERT INTO public.driver_notifications (kind) VALUES ('trip_assigned'), ('default'), (NULL);
        """

    private func migration() throws -> String {
        SQLEmitterFixtures.notificationMigration(try SQLEmitterFixtures.driverAppRegistry(), digest: "sha256:test",
                                       removing: ["trip_cancelled", "legacy_ping"])
    }

    func testRowsHoldingARemovedTypeStopWithTheirTypesAndCount() throws {
        let db = try SQLTestDatabase.create()
        defer { db.drop() }
        try db.succeed(createTable + """
            INSERT INTO public.driver_notifications (kind) VALUES ('trip_cancelled'), ('trip_cancelled'), ('legacy_ping');
            """)
        let result = try db.run(try migration())
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("ERROR:  P0001: 3 row(s) of public.driver_notifications.kind hold notification "
            + "type(s) the registry no longer has: 'legacy_ping' (1), 'trip_cancelled' (2)"), result.stderr)
        XCTAssertTrue(result.stderr.contains("HINT:  Update or delete those rows first"), result.stderr)
        XCTAssertFalse(result.stderr.contains("23514"), "not the bare check violation: \(result.stderr)")
        // Step 1 committed: the new constraint is in place NOT VALID, so nothing new can hold a removed type.
        let state = try db.succeed("""
            SELECT convalidated FROM pg_constraint WHERE conname = 'driver_notifications_kind_check';
            """)
        XCTAssertEqual(state.trimmingCharacters(in: .whitespacesAndNewlines), "f")
        let rejected = try db.run("INSERT INTO public.driver_notifications (kind) VALUES ('legacy_ping');")
        XCTAssertTrue(rejected.stderr.contains("ERROR:  23514:"), rejected.stderr)

        // Once the rows are cleaned up, the same file applies.
        try db.succeed("UPDATE public.driver_notifications SET kind = 'default' WHERE kind IN ('trip_cancelled', 'legacy_ping');")
        try db.succeed(try migration())
        let validated = try db.succeed("SELECT convalidated FROM pg_constraint WHERE conname = 'driver_notifications_kind_check';")
        XCTAssertEqual(validated.trimmingCharacters(in: .whitespacesAndNewlines), "t")
    }

    func testWithoutSuchRowsItApplies() throws {
        let db = try SQLTestDatabase.create()
        defer { db.drop() }
        try db.succeed(createTable)
        try db.succeed(try migration())
        try db.succeed(try migration())
        let validated = try db.succeed("SELECT convalidated FROM pg_constraint WHERE conname = 'driver_notifications_kind_check';")
        XCTAssertEqual(validated.trimmingCharacters(in: .whitespacesAndNewlines), "t")
    }
}
