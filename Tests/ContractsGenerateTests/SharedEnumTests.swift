import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest
@testable import ContractsGenerate

/// `enums:` — the other enums the stacks share: loaded with their surfaces, validated, and generated (one Swift enum
/// and one TypeScript file each) so that the Swift compiles and the TypeScript passes Deno. A registry without
/// `enums:` keeps its digest, so every generated file of today stays byte-identical.
final class SharedEnumTests: XCTestCase {
    static let yaml = """
        version: 1
        notification_types:
          swift_enum: NotificationType
          typescript_const: NOTIFICATION_TYPES
          sql: { table: public.notifications, column: type, constraint: valid_notification_type }
          values:
            - raw: message
        enums:
          ChatRoomStatus:
            swift_enum: ChatRoomStatus
            sql:
              - { table: public.chat_rooms, column: status, constraint: chat_rooms_status_check }
              - { table: chat_room_events, column: new_status }
            fallback: unknown
            values: [active, archived, blocked, deleted, unknown]
            retired: [closed]
          InviteStatus:
            swift_enum: InviteStatus
            typescript_const: INVITE_STATUSES
            sql: { enum_type: invite_status }
            values: [pending, accepted, { raw: not-going, case: notGoing }, expired]
          ReportTargetType:
            sql: { table: reports, column: target_type }
            values: [message, profile, chat_room]
          Plan:
            swift_enum: Plan
            typescript_type: SubscriptionPlan
            values: [free, pro]
        migrations:
          - { dir: supabase/migrations, scheme: timestamp }
        outputs:
          swift: Generated
          typescript: functions/_shared
        """

    private func registry(_ text: String = SharedEnumTests.yaml) throws -> Registry {
        try RegistryLoader.load(text: text, file: "registry.yaml")
    }

    func testEnumsLoadWithTheirSurfaces() throws {
        let enums = try registry().enums
        XCTAssertEqual(enums.map(\.name), ["ChatRoomStatus", "InviteStatus", "ReportTargetType", "Plan"])
        XCTAssertEqual(enums[0].sql.columns.map { "\($0.schema).\($0.table).\($0.column) \($0.constraint ?? "-")" },
                       ["public.chat_rooms.status chat_rooms_status_check", "public.chat_room_events.new_status -"])
        XCTAssertEqual(enums[0].fallback, "unknown")
        XCTAssertEqual(enums[0].retired.map(\.raw), ["closed"])
        XCTAssertEqual(enums[1].sql.enumType, SQLTypeName(schema: "public", name: "invite_status"))
        XCTAssertEqual(enums[1].values.map(\.swiftCase), ["pending", "accepted", "notGoing", "expired"])
        XCTAssertNil(enums[2].swiftEnum, "only the server has it")
        XCTAssertEqual(enums[2].typescriptType, "ReportTargetType")
        XCTAssertEqual(enums[3].typescriptType, "SubscriptionPlan")
        XCTAssertEqual(enums[3].sql, SharedEnumSQL())
    }

    func testMistakesAreLocated() {
        let cases: [(String, String, String)] = [
            ("values: [free, pro]", "values: [free, pro-plus]",
             "registry.yaml:28:20: error: raw value 'pro-plus' does not make a Swift case name; give one with the long form"),
            ("fallback: unknown", "fallback: gone", "fallback 'gone' of ChatRoomStatus is not one of its values"),
            ("retired: [closed]", "retired: [archived]", "retired value 'archived' of ChatRoomStatus is also one of its values"),
            ("values: [message, profile, chat_room]", "values: [message, message]", "duplicate raw value in ReportTargetType 'message'"),
            ("values: [free, pro]", "values: []", "registry.yaml:28:13: error: enums.Plan.values is empty; declare at least one value"),
            ("typescript_type: SubscriptionPlan", "typescript_type: NotificationType", "duplicate TypeScript type name 'NotificationType'"),
            ("swift_enum: Plan", "swift_enum: ChatRoomStatus", "duplicate generated type name 'ChatRoomStatus'"),
            ("sql: { enum_type: invite_status }", "sql: { enum_type: invite_status, table: x }", "unknown key 'table' in enums.InviteStatus.sql"),
            ("  Plan:\n", "  Plan:\n    swift_enm: Plan\n", "unknown key 'swift_enm' in enums.Plan; did you mean 'swift_enum'?"),
        ]
        for (old, new, expected) in cases {
            let text = Self.yaml.replacingOccurrences(of: old, with: new)
            XCTAssertNotEqual(text, Self.yaml, old)
            XCTAssertThrowsError(try registry(text), new) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(new): \(error)")
            }
        }
    }

    func testARegistryWithoutEnumsKeepsItsDigest() throws {
        let base = try registry(Self.yaml.components(separatedBy: "enums:")[0] + "migrations:" + Self.yaml.components(separatedBy: "migrations:")[1])
        var withEmpty = base
        withEmpty.enums = []
        XCTAssertEqual(RegistryDigest.of(base), RegistryDigest.of(withEmpty))
        XCTAssertNotEqual(RegistryDigest.of(base), RegistryDigest.of(try registry()), "declaring an enum changes the digest")
    }

    func testGeneratedFilesPerEnum() throws {
        let registry = try registry()
        let swift = SwiftEmitter.emit(registry, digest: "d").map(\.path)
        XCTAssertEqual(swift.filter { $0.hasSuffix("Status.swift") || $0.hasSuffix("Plan.swift") },
                       ["Generated/ChatRoomStatus.swift", "Generated/InviteStatus.swift", "Generated/Plan.swift"])
        let ts = TypeScriptEmitter.emit(registry, digest: "d").map(\.path)
        XCTAssertEqual(ts, ["functions/_shared/notificationTypes.ts", "functions/_shared/chatRoomStatus.ts",
                            "functions/_shared/inviteStatus.ts", "functions/_shared/reportTargetType.ts",
                            "functions/_shared/subscriptionPlan.ts"])
    }

    func testTheSwiftCompilesAndDecodesWithTheFallback() throws {
        let output = try EmittedCodeProbe.runSwift(SwiftEmitter.emit(try registry(), digest: "d1"), main: """
            import Foundation
            let decoded = try JSONDecoder().decode([ChatRoomStatus].self, from: Data(#"["active","someday"]"#.utf8))
            var ok = decoded == [.active, .unknown]
            ok = ok && InviteStatus(rawValue: "not-going") == .notGoing && InviteStatus.allCases.count == 4
            ok = ok && Plan.pro.rawValue == "pro"
            print(ok ? "OK" : "FAIL")
            """, module: "Shared")
        if let output { XCTAssertEqual(output, "OK") }
    }

    func testTheTypeScriptPassesDenoAndBehaves() throws {
        let registry = try registry()
        try EmittedCodeProbe.assertDeno(TypeScriptEmitter.emit(registry), folder: "shared",
                                        test: ("functions/_shared/enums_test.ts", """
            import { ALL_INVITE_STATUSES, INVITE_STATUSES, isInviteStatus } from "./inviteStatus.ts";
            import { CHAT_ROOM_STATUS_VALUES, parseChatRoomStatus } from "./chatRoomStatus.ts";
            import type { SubscriptionPlan } from "./subscriptionPlan.ts";

            Deno.test("shared enums", () => {
              const plan: SubscriptionPlan = "pro";
              if (plan !== "pro") throw new Error("plan");
              if (INVITE_STATUSES.NOT_GOING !== "not-going") throw new Error("const key");
              if (ALL_INVITE_STATUSES.length !== 4 || !isInviteStatus("expired") || isInviteStatus("closed")) {
                throw new Error("guard");
              }
              if (CHAT_ROOM_STATUS_VALUES[0] !== "active") throw new Error("values");
              if (parseChatRoomStatus("someday") !== "unknown") throw new Error("fallback");
            });
            """))
    }
}
