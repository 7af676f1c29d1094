import ContractsTestSupport
import Foundation
import XCTest

/// `check` through the CLI on an app whose Swift writes statuses to several tables: with a registry that declares
/// only notification types, the report is the one it always was (the shared-enum readers judge nothing); with the
/// same registry and its `enums:`, each table's status is judged against its own enum.
final class CLISharedEnumSwiftTests: XCTestCase {
    private static let registry = """
        version: 1
        notification_types:
          swift_enum: NotificationType
          generate: false
          typescript_const: NOTIFICATION_TYPES
          payload_key: type
          sql: { table: public.notifications, column: type, constraint: valid_notification_type }
          values:
            - raw: message
            - raw: room_archived
        migrations:
          - { dir: database, scheme: sequential, width: 3 }
        sources:
          swift: ["App/**/*.swift"]
        outputs:
          swift: App/Generated
          typescript: supabase/functions/_shared

        """

    private static let enums = """
        enums:
          ChatRoomStatus:
            swift_enum: ChatRoomStatus
            generate: false
            sql: { table: public.chat_rooms, column: status }
            values: [active, archived]
          InviteStatus:
            sql: { table: public.invites, column: status }
            values: [pending, accepted]

        """

    private static let source = #"""
        import Foundation
        import Supabase

        enum NotificationType: String, Codable {
            case message
            case roomArchived = "room_archive"
        }

        enum ChatRoomStatus: String, Codable { case active, archived, closed }

        struct ChatRoom: Codable { let id: UUID; var status: ChatRoomStatus }

        final class RoomsViewModel {
            let supabase: SupabaseClient
            init(supabase: SupabaseClient) { self.supabase = supabase }

            func isOpen(_ room: ChatRoom) -> Bool { room.status.rawValue == "open" }

            func archive(_ room: ChatRoom) async throws {
                try await supabase.from("chat_rooms").update(["status": "archivd"]).eq("id", value: room.id).execute()
                try await supabase.from("invites").update(["status": "pending"]).eq("room_id", value: room.id).execute()
                try await supabase.from("notifications").insert(["type": "room_archivd"]).execute()
            }
        }
        """#

    private func check(_ registry: String) throws -> CLIHarness.Result {
        let root = try CLIHarness.project(["registry.yaml": registry, "App/Rooms/RoomsViewModel.swift": Self.source, "database/.keep": ""])
        let generated = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(generated.status, 0, generated.stderr)
        return try CLIHarness.run(["check", "--no-cache", "--format", "text"], in: root)
    }

    func testANotificationOnlyRegistrysReportIsUnchanged() throws {
        let result = try check(Self.registry)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, """
            App/Rooms/RoomsViewModel.swift
              6:10   error    NotificationType.roomArchived has raw value "room_archive" but the registry says "room_archived"; change the raw value (or the registry) so both agree  (swift-enum-drift)
                  fix: case roomArchived = "room_archived"
                  registry: registry.yaml:10:7
              22:66  error    "room_archivd" is written as a NotificationType raw value but is not registered (did you mean "room_archived"?); use a registered type or add "room_archivd" to registry.yaml  (swift-unknown-literal)
                  fix: replace "room_archivd" with "room_archived"
                  registry: registry.yaml:3:3

            2 errors in 1 file

            """)
    }

    func testTheSameAppWithItsEnumsIsJudgedTableByTable() throws {
        let result = try check(Self.registry + Self.enums)
        XCTAssertEqual(result.status, 1, result.stderr)
        let lines = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for expected in [
            "6:10   error    NotificationType.roomArchived has raw value \"room_archive\"",
            "9:63   error    \"closed\" (case ChatRoomStatus.closed) is not a ChatRoomStatus; add it to enums.ChatRoomStatus.values",
            "17:69  error    \"open\" (compared with room.status.rawValue) is not a ChatRoomStatus",
            "20:65  error    \"archivd\" (written to chat_rooms.status) is not a ChatRoomStatus",
            "22:66  error    \"room_archivd\" is written as a NotificationType raw value",
        ] {
            XCTAssertTrue(lines.contains { $0.hasPrefix(expected) }, expected + "\n" + result.stdout)
        }
        XCTAssertFalse(result.stdout.contains("\"pending\""), "pending is an InviteStatus: " + result.stdout)
    }
}
