import ContractsCore
import XCTest

/// One column, one CHECK constraint and one ENUM type hold one enum: a second entry that names one is an error at its
/// claim, naming the first (the notification types' `sql` counts as an entry). Without it, an enum on the notification
/// types' column made every `generate` write one more migration, and a second enum on a column was never generated.
final class SharedEnumSQLClaimTests: XCTestCase {
    /// Lines 3 (`notification_types.sql`), 8 (`RideStatus`'s column) and 11 (`Status`'s) are the claims.
    private static func registry(notifications: String = "{ table: notifications, column: type, constraint: notifications_type_check }",
                                 rides: String = "{ table: public.rides, column: status, constraint: rides_status_check }",
                                 status: String = "{ table: public.rides, column: state }") -> String {
        """
        version: 1
        notification_types:
          sql: \(notifications)
          swift_enum: Kind
          values: [{ raw: ping }]
        enums:
          RideStatus:
            sql: \(rides)
            values: [requested, claimed]
          Status:
            sql: \(status)
            values: [open, done]
        outputs: { swift: out/swift, typescript: out/ts }

        """
    }

    private func errors(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        do {
            _ = try RegistryLoader.load(text: text, file: "registry.yaml")
            XCTFail("expected registry errors", file: file, line: line)
            return []
        } catch {
            return "\(error)".components(separatedBy: "\n")
        }
    }

    func testTheBaseLoads() throws {
        XCTAssertEqual(try RegistryLoader.load(text: Self.registry(), file: "registry.yaml").enums.map(\.name), ["RideStatus", "Status"])
    }

    func testTwoEnumsOnOneColumnAreRefusedAtTheSecond() {
        for spelling in ["rides", "public.rides"] {
            XCTAssertEqual(errors(Self.registry(status: "{ table: \(spelling), column: status }")), [
                "registry.yaml:11:10: error: enums.Status.sql claims public.rides.status, already claimed by enums.RideStatus.sql "
                    + "at registry.yaml:8:10; one column has one enum",
            ], spelling)
        }
    }

    func testAnEnumOnTheNotificationTypesColumnIsRefused() {
        XCTAssertEqual(errors(Self.registry(status: "{ table: public.notifications, column: type }")), [
            "registry.yaml:11:10: error: enums.Status.sql claims public.notifications.type, already claimed by notification_types.sql "
                + "at registry.yaml:3:8; one column has one enum",
        ])
        // In a list, the error is at the item that claims it.
        XCTAssertEqual(errors(Self.registry(status: "\n      - { table: rides, column: state }\n      - { table: notifications, column: type }")), [
            "registry.yaml:13:9: error: enums.Status.sql claims public.notifications.type, already claimed by notification_types.sql "
                + "at registry.yaml:3:8; one column has one enum",
        ])
    }

    /// PostgreSQL names a table's constraints apart: the same name on another table is fine, on the same table it is one
    /// constraint for two columns.
    func testAConstraintNameIsClaimedOnItsTable() throws {
        XCTAssertEqual(errors(Self.registry(status: "{ table: rides, column: state, constraint: rides_status_check }")), [
            "registry.yaml:11:10: error: enums.Status.sql claims constraint rides_status_check on public.rides, already claimed by "
                + "enums.RideStatus.sql at registry.yaml:8:10; one constraint checks one enum",
        ])
        XCTAssertNoThrow(try RegistryLoader.load(
            text: Self.registry(status: "{ table: trips, column: status, constraint: rides_status_check }"), file: "registry.yaml"))
    }

    func testAnEnumTypeIsClaimedOnce() {
        let text = Self.registry(notifications: "{ table: notifications, column: type, enum_type: public.ride_status }",
                                 rides: "{ enum_type: ride_status }", status: "{ enum_type: public.trip_status }")
        XCTAssertEqual(errors(text), [
            "registry.yaml:8:5: error: enums.RideStatus.sql claims ENUM type public.ride_status, already claimed by notification_types.sql "
                + "at registry.yaml:3:8; one ENUM type has one enum",
        ])
        // The type's columns are claims too.
        let columns = Self.registry(status: "{ enum_type: trip_status, columns: [{ table: rides, column: status }] }")
        XCTAssertEqual(errors(columns), [
            "registry.yaml:11:46: error: enums.Status.sql claims public.rides.status, already claimed by enums.RideStatus.sql "
                + "at registry.yaml:8:10; one column has one enum",
        ])
    }

    /// Decoys: one column name on another table or in another schema, and two columns of one table.
    func testDistinctColumnsLoad() throws {
        for status in ["{ table: trips, column: status }", "[{ table: rides, column: state }, { table: trips, column: status }]",
                       "{ table: private.rides, column: status }"] {
            XCTAssertNoThrow(try RegistryLoader.load(text: Self.registry(status: status), file: "registry.yaml"), status)
        }
    }
}
