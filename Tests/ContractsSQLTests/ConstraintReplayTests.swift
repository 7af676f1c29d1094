import ContractsCore
@testable import ContractsSQL
import XCTest

/// The replay across folders, through every syntax, DO-block guards, drops, renames and NOT VALID.
final class ConstraintReplayTests: XCTestCase {
    func effective(_ fixture: String, folders: [MigrationFolder] = [SQLTestRegistry.database, SQLTestRegistry.supabase])
        throws -> EffectiveConstraint? {
        let registry = SQLTestRegistry.make(values: [], folders: folders)
        return try ConstraintReplay.effective(in: CheckContext(registry: registry, tree: try SQLTestRegistry.fixture(fixture)))
    }

    func testMessyHistoryEndsWithTheDoBlockConstraintFromTheSecondFolder() throws {
        XCTAssertEqual(try effective("history-messy"), EffectiveConstraint(
            name: "valid_notification_type",
            values: ["message", "new_ride", "ride_update", "ride_claimed", "town_hall_post"],
            location: SourceLocation(file: "supabase/migrations/20260126_0001_readd_in_do_block.sql", line: 6, column: 42),
            notValid: true))
    }

    func testFolderOrderDecidesWhenOnlyTheFirstFolderIsConfigured() throws {
        // Without the supabase folder: the pg_dump-style re-add, renamed in 031, is what is left.
        XCTAssertEqual(try effective("history-messy", folders: [SQLTestRegistry.database]), EffectiveConstraint(
            name: "notification_type_allowed",
            values: ["message", "new_ride", "ride_update", "ride_claimed", "review"],
            location: SourceLocation(file: "database/030_pg_dump_style.sql", line: 4, column: 9),
            notValid: true))
    }

    func testUnnamedChecksGetPostgresNamesAndValidateClearsNotValid() throws {
        XCTAssertEqual(try effective("history-naming"), EffectiveConstraint(
            name: "notifications_type_check1", values: ["a", "b"],
            location: SourceLocation(file: "database/002_second_check.sql", line: 2, column: 38), notValid: false))
    }

    func testDroppedConstraintLeavesNothingAndCreateTableIfNotExistsIsANoOp() throws {
        XCTAssertNil(try effective("history-dropped"))
    }

    func testStatementThatDoesNotParseIsLeftOutAndTheRestOfItsFileReplays() throws {
        // 002's SELECT does not parse; its DROP CONSTRAINT does, and is replayed.
        XCTAssertNil(try effective("history-broken"))
    }

    func testSeveralActiveChecksAllowOnlyWhatAllOfThemAllow() throws {
        let context = SQLTestRegistry.context([
            "database/001_a.sql": "CREATE TABLE notifications (type text CHECK (type IN ('a', 'b', 'c')));",
            "database/002_b.sql": "ALTER TABLE notifications ADD CONSTRAINT valid_notification_type CHECK (type IN ('b', 'c', 'd'));",
        ])
        let result = try ConstraintReplay.effective(in: context)
        XCTAssertEqual(result?.name, "valid_notification_type")
        XCTAssertEqual(result?.values, ["b", "c"])
    }

    func testOtherTablesAndSchemasDoNotCount() throws {
        let context = SQLTestRegistry.context([
            "database/001_a.sql": """
            CREATE TABLE archive.notifications (type text CHECK (type IN ('x')));
            CREATE TABLE requests (type text CHECK (type IN ('ride')));
            """,
        ])
        XCTAssertNil(try ConstraintReplay.effective(in: context))
    }
}
