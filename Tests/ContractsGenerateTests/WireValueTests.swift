import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest
@testable import ContractsGenerate

/// Raw values are data, not identifiers: camelCase, kebab-case, dotted, upper case, spaces and quotes load, and
/// every generator escapes them (Swift compiles, TypeScript passes `deno check`, the SQL applies on PostgreSQL 15
/// and rejects a value of another case). A value that does not make a Swift case name needs `case:`.
final class WireValueTests: XCTestCase {
    static let yaml = """
        version: 1
        notification_types:
          swift_enum: ActivityType
          typescript_const: ACTIVITY_TYPES
          sql: { table: activities, column: event_type, constraint: activities_event_type_check }
          fallback: expenseAdded
          values:
            - { raw: expenseAdded }
            - { raw: commentAdded }
            - { raw: ride-cancelled, case: rideCancelled }
            - { raw: NS }
            - { raw: "with space", case: withSpace }
            - { raw: "it's \\"quoted\\" \\\\ here", case: quoted }
            - { raw: "a.b.c", case: dotted }
            - { raw: in_progress }
            - { raw: "café", case: cafe }
          retired: [old-kind, Legacy Value]
        migrations:
          - { dir: supabase/migrations, scheme: timestamp }
        outputs:
          swift: Generated
          typescript: functions/_shared
        """

    private func registry() throws -> Registry { try RegistryLoader.load(text: Self.yaml, file: "registry.yaml") }

    func testWireValuesLoadWithTheirCaseNamesAndKeys() throws {
        let types = try registry().notificationTypes!
        XCTAssertEqual(types.values.map(\.swiftCase),
                       ["expenseAdded", "commentAdded", "rideCancelled", "NS", "withSpace", "quoted", "dotted", "inProgress", "cafe"])
        XCTAssertEqual(types.values.map(\.typescriptKey),
                       ["EXPENSE_ADDED", "COMMENT_ADDED", "RIDE_CANCELLED", "NS", "WITH_SPACE", "IT_S_QUOTED_HERE", "A_B_C",
                        "IN_PROGRESS", "CAF"])
        XCTAssertEqual(types.retiredRawValues, ["old-kind", "Legacy Value"])
    }

    func testAValueThatMakesNoCaseNameNeedsCase() {
        let text = Self.yaml.replacingOccurrences(of: "- { raw: ride-cancelled, case: rideCancelled }", with: "- { raw: ride-cancelled }")
        XCTAssertThrowsError(try RegistryLoader.load(text: text, file: "registry.yaml")) { error in
            let message = "\(error)"
            XCTAssertTrue(message.contains("registry.yaml:10:14: error: raw value 'ride-cancelled' does not make a Swift case name; "
                + "give one with `case:` (for example `case: rideCancelled`)"), message)
        }
    }

    func testHiddenCharactersEmptyAndOverlongValuesAreRefused() {
        for (raw, what) in [("\"\"", "empty"), ("\"a\\u202Eb\"", "bidi"), ("\"a\\tb\"", "tab"),
                            ("\"" + String(repeating: "x", count: 256) + "\"", "256 bytes")] {
            let text = Self.yaml.replacingOccurrences(of: "- { raw: NS }", with: "- { raw: \(raw), case: odd }")
            XCTAssertThrowsError(try RegistryLoader.load(text: text, file: "registry.yaml"), what) { error in
                XCTAssertTrue("\(error)".contains("must be a non-empty string of at most 255 bytes without control, "
                    + "line-separator or bidi characters"), "\(what): \(error)")
            }
        }
    }

    func testAnEnumLabelOverSixtyThreeBytesIsRefusedForAnEnumTypeOnly() throws {
        let long = String(repeating: "x", count: 64)
        let text = Self.yaml.replacingOccurrences(of: "- { raw: NS }", with: "- { raw: \(long), case: long }")
        XCTAssertNoThrow(try RegistryLoader.load(text: text, file: "registry.yaml"), "a CHECK constraint takes any length")
        let enumType = text.replacingOccurrences(of: "constraint: activities_event_type_check", with: "enum_type: activity_type")
        XCTAssertThrowsError(try RegistryLoader.load(text: enumType, file: "registry.yaml")) { error in
            XCTAssertTrue("\(error)".contains("is 64 bytes; a PostgreSQL ENUM label holds at most 63 (sql.enum_type)"), "\(error)")
        }
    }

    func testTheSwiftCompilesAndDecodesEveryWireValue() throws {
        let registry = try registry()
        let output = try EmittedCodeProbe.runSwift(SwiftEmitter.emit(registry, digest: "d1"), main: """
            let raws = [\(registry.notificationTypes!.rawValues.map { SwiftSpelling.stringLiteral($0) }.joined(separator: ", "))]
            var ok = ActivityType.allCases.map(\\.rawValue) == raws
            ok = ok && ActivityType(rawValue: "ride-cancelled") == .rideCancelled && ActivityType.expenseAdded.rawValue == "expenseAdded"
            ok = ok && ActivityType(rawValue: "it's \\"quoted\\" \\\\ here") == .quoted && ActivityType(rawValue: "café") == .cafe
            print(ok ? "OK" : "FAIL")
            """, module: "Wire")
        if let output { XCTAssertEqual(output, "OK") }
    }

    func testTheTypeScriptPassesDeno() throws {
        let registry = try registry()
        try EmittedCodeProbe.assertDeno(TypeScriptEmitter.emit(registry), folder: "wire")
    }

    func testTheConstraintAppliesAndRejectsAValueOfAnotherCase() throws {
        let db = try SQLTestDatabase.create()
        defer { db.drop() }
        let registry = try registry()
        try db.succeed("CREATE TABLE activities (id serial PRIMARY KEY, event_type text NOT NULL);")
        let migration = SQLEmitterFixtures.notificationMigration(registry, digest: "sha256:test")
        try db.succeed(migration)
        try db.succeed(migration)
        let every = registry.notificationTypes!.rawValues.map { SQLIdentifier.literal($0) }.map { "(\($0))" }.joined(separator: ", ")
        try db.succeed("INSERT INTO activities (event_type) VALUES \(every);")
        let rejected = try db.run("INSERT INTO activities (event_type) VALUES ('expenseadded');")
        XCTAssertEqual(rejected.status, 3, rejected.stderr)
        XCTAssertTrue(rejected.stderr.contains("ERROR:  23514:"), rejected.stderr)
    }
}
