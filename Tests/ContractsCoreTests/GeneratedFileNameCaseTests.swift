import ContractsCore
import XCTest

/// Generated files whose paths differ only in case (`Status.swift` and `STATUS.swift`) are one file on a
/// case-insensitive file system, so `generate` never converges: every generated name, Swift and TypeScript, is compared
/// ignoring case, and the later entry is an error naming the earlier.
final class GeneratedFileNameCaseTests: XCTestCase {
    /// `enums:` is line 13: the first enum is at 14:3.
    private static func registry(enums: String) -> String {
        """
        version: 1
        notification_types:
          swift_enum: NotificationType
          sql: { table: notifications, column: type, constraint: notifications_type_check }
          values: [{ raw: ping, deep_link: inbox }]
        deep_links:
          cases: [{ name: inbox }]
        payloads:
          Counts:
            fields: { total: int }
            rpc: get_counts
        outputs: { swift: out/Swift, typescript: out/ts }
        enums:
        \(enums)

        """
    }

    private func errors(_ enums: String, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        do {
            _ = try RegistryLoader.load(text: Self.registry(enums: enums), file: "registry.yaml")
            XCTFail("expected registry errors", file: file, line: line)
            return []
        } catch {
            return "\(error)".components(separatedBy: "\n")
        }
    }

    func testSwiftNamesThatDifferOnlyInCaseAreRefused() {
        // Another entry's type: the notification types' enum.
        XCTAssertEqual(errors("""
              Kind:
                swift_enum: notificationType
                values: [a]
            """), [
            "registry.yaml:14:3: error: enums.Kind would generate out/Swift/notificationType.swift, which differs only in case from "
                + "out/Swift/NotificationType.swift of notification_types at registry.yaml:3:3 (on a case-insensitive file system, "
                + "as macOS has, one replaces the other); choose another name",
        ])
        // Two shared enums (their TypeScript names kept apart, so only the Swift files meet).
        XCTAssertEqual(errors("""
              Status:
                values: [a]
              Upper:
                swift_enum: STATUS
                values: [a]
              Lower:
                swift_enum: Status
                values: [a]
            """), [
            "registry.yaml:19:3: error: enums.Lower would generate out/Swift/Status.swift, which differs only in case from "
                + "out/Swift/STATUS.swift of enums.Upper at registry.yaml:16:3 (on a case-insensitive file system, as macOS has, "
                + "one replaces the other); choose another name",
        ])
    }

    /// The payload structs' file is a name too, exactly the same or not.
    func testThePayloadsFileIsOneOfTheNames() {
        XCTAssertEqual(errors("""
              Kind:
                swift_enum: Payloads
                values: [a]
            """), [
            "registry.yaml:14:3: error: enums.Kind would generate out/Swift/Payloads.swift, which payloads at registry.yaml:8:1 "
                + "writes too; choose another name",
        ])
        XCTAssertEqual(errors("""
              Kind:
                typescript_type: PAYLOADS
                values: [a]
            """), [
            "registry.yaml:14:3: error: enums.Kind would generate out/ts/pAYLOADS.ts, which differs only in case from "
                + "out/ts/payloads.ts of payloads at registry.yaml:8:1 (on a case-insensitive file system, as macOS has, one "
                + "replaces the other); choose another name",
        ])
    }

    func testTypeScriptNamesAreComparedAsBefore() {
        XCTAssertEqual(errors("""
              NotificationTypes:
                values: [a]
            """), [
            "registry.yaml:14:3: error: enums.NotificationTypes would generate out/ts/notificationTypes.ts, which notification_types "
                + "at registry.yaml:3:3 writes too; choose another name",
        ])
    }

    /// Decoys: names apart in more than case; a nested enum (`Expense.Category.swift`); `generate: false`, which writes
    /// no Swift; and a file the registry does not produce (no badges: nothing else writes `BadgeTab.swift`).
    func testNamesApartLoad() throws {
        for enums in [
            "  Status:\n    values: [a]\n  RideStatus:\n    values: [a]",
            "  Category:\n    swift_enum: Expense.Category\n    values: [a]\n  ExpenseCategory:\n    values: [a]",
            "  Kind:\n    swift_enum: notificationType\n    generate: false\n    values: [a]",
            "  Kind:\n    swift_enum: BadgeTab\n    values: [a]",
        ] {
            XCTAssertNoThrow(try RegistryLoader.load(text: Self.registry(enums: enums), file: "registry.yaml"), enums)
        }
    }
}
