import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest

/// `init` on an app whose push type has no column (Tests/Fixtures/init-push-type-app): three edge functions write
/// `type` into the push data and `PushNotificationManager` switches over `userInfo["type"]`, beside three tables
/// with a `status` column and a free-text `reports.reason` that a Swift enum and a TypeScript `new Set([...])` keep.
/// Decoys: the status columns (never the notification contract), the OAuth callback's URL scheme in Info.plist
/// (handed to `supabase.auth.session(from:)`), an analytics `type` and a logged one, a free-text `profiles.status`
/// nobody declares, a Swift enum of log levels, a test feeding a type nothing sends, and the soft delete's
/// `deleted` that the Swift enum lacks (written by an edge function: registered, never retired).
final class InitPushTypeAppTests: XCTestCase {
    private let app = InitFixtureApp(name: "init-push-type-app")

    private func copy(handWritten: Bool = false) throws -> URL { try app.copy(handWritten: handWritten, self) }

    private func expected() throws -> Registry { try app.expected() }

    func testInitWritesTheHandWrittenRegistry() throws {
        let root = try copy()
        let result = try CLIHarness.run(["init"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let text = try String(contentsOf: root.appendingPathComponent("registry.yaml"), encoding: .utf8)
        let written = try RegistryLoader.load(text: text, file: "registry.yaml")
        let expected = try expected()
        XCTAssertEqual(RegistryDifferences.list(written, expected), [], text)
        XCTAssertEqual(written.allEnums.map(\.name), ["PushType", "ChatRoomStatus", "InviteStatus", "ReportStatus", "ReportReason"])
        XCTAssertEqual(written.payloads.map { "\($0.name) \($0.keys)" }, expected.payloads.map { "\($0.name) \($0.keys)" })
        XCTAssertNil(written.deepLinks?.urlScheme, "io.pushapp.auth is the OAuth callback's scheme")
        XCTAssertFalse(text.contains("notification_types:"), "init writes the one-enum form")
        XCTAssertFalse(text.contains("retired"), "deleted is written by delete-room: registered, not retired")
        for decoy in ["message_sent", "new_message_v2", "room_archived", "ReportLogLevel", "ProfileStatus", "online"] {
            XCTAssertFalse(text.contains(decoy), "\(decoy): \(text)")
        }
    }

    /// `init` then `check` reports what the hand-written registry's `check` reports: the Swift enum lacking the soft
    /// delete's `deleted`, and nothing else (not "stop writing deleted" on the edge function).
    func testInitThenCheckGivesTheHandWrittenRegistrysFindings() throws {
        let initialised = try copy()
        XCTAssertEqual(try CLIHarness.run(["init"], in: initialised).status, 0)
        let fromInit = try InitFixtureApp.findings(initialised)
        let fromHand = try InitFixtureApp.findings(try copy(handWritten: true))
        XCTAssertEqual(fromInit, fromHand)
        XCTAssertEqual(fromHand.count, 1, fromHand.joined(separator: "\n"))
        XCTAssertTrue(fromHand.first?.hasPrefix("PushApp/Models/ChatRoom.swift:") ?? false, fromHand.joined(separator: "\n"))
        XCTAssertTrue(fromHand.first?.contains("\"deleted\"") ?? false, fromHand.joined(separator: "\n"))
    }

    /// The summary marks the notification enum as a guess, with the switch and the builders at file:line, and names
    /// the flag; `--notifications-enum none` writes no notifications block, another name pins that enum.
    func testTheChoiceIsAGuessTheFlagChanges() throws {
        let root = try copy()
        let dry = try CLIHarness.run(["init", "--dry-run"], in: root)
        XCTAssertEqual(dry.status, 0, dry.stderr)
        let line = dry.stderr.split(separator: "\n").first { $0.hasPrefix("  notifications") }.map(String.init) ?? ""
        XCTAssertTrue(line.contains("enum PushType, payload_key type: a guess from userInfo[\"type\"] routed at "
            + "PushApp/Notifications/PushNotificationManager.swift:11"), line)
        XCTAssertTrue(line.contains("supabase/functions/delete-room/index.ts:11, supabase/functions/new-message/index.ts:12, "
            + "supabase/functions/send-invite/index.ts:8"), line)
        XCTAssertTrue(line.contains("--notifications-enum NAME"), line)

        let none = try CLIHarness.run(["init", "--dry-run", "--notifications-enum", "none"], in: root)
        XCTAssertEqual(none.status, 0, none.stderr)
        let withoutContract = try RegistryLoader.load(text: none.stdout, file: "registry.yaml")
        XCTAssertNil(withoutContract.notificationTypes)
        XCTAssertFalse(none.stdout.contains("notifications:"), none.stdout)
        XCTAssertEqual(withoutContract.enums.map(\.name), ["ChatRoomStatus", "InviteStatus", "ReportStatus", "ReportReason"])

        let pinned = try CLIHarness.run(["init", "--dry-run", "--notifications-enum", "InviteStatus"], in: root)
        XCTAssertEqual(pinned.status, 0, pinned.stderr)
        XCTAssertTrue(pinned.stdout.contains("notifications:") && pinned.stdout.contains("  enum: InviteStatus\n"), pinned.stdout)
        XCTAssertTrue(pinned.stderr.contains("  notifications enum InviteStatus, payload_key status (as the command line pinned it)"), pinned.stderr)

        let unknown = try CLIHarness.run(["init", "--dry-run", "--notifications-enum", "Nope"], in: root)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("--notifications-enum Nope names no Swift enum"), unknown.stderr)
    }

    /// `--enum` may name a free-text enum: the others are left out and said so.
    func testEnumNamesAFreeTextEnum() throws {
        let root = try copy()
        let result = try CLIHarness.run(["init", "--dry-run", "--enum", "ReportReason"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let registry = try RegistryLoader.load(text: result.stdout, file: "registry.yaml")
        XCTAssertEqual(registry.allEnums.map(\.name), ["PushType", "ReportReason"])
        XCTAssertTrue(result.stderr.contains("  left out     public.chat_rooms.status: shared enum ChatRoomStatus, not named by --enum"), result.stderr)
    }

    /// A Swift enum holding the push type's values (not a status the database holds) is its `swift_enum`; a value
    /// a builder writes that the enum lacks is registered, so `check` reports the enum. Decoy: a status enum sharing
    /// two values with the push type, whose column holds them.
    func testAPushTypeGetsTheSwiftEnumThatHoldsItsValues() throws {
        let root = try CLIHarness.project([
            "supabase/migrations/20240101000000_init.sql": """
                CREATE TABLE public.invites (id uuid PRIMARY KEY, status text NOT NULL CHECK (status IN ('sent', 'seen', 'accepted')));
                """,
            "App/PushKind.swift": """
                enum PushKind: String { case inviteSent = "invite_sent", inviteSeen = "invite_seen" }
                enum InviteStatus: String { case sent, seen, accepted }
                """,
            "App/Router.swift": """
                import Foundation
                func open(_ userInfo: [AnyHashable: Any]) -> String? {
                    guard let kind = userInfo["kind"] as? String else { return nil }
                    switch kind {
                    case "invite_sent", "invite_seen": return "invites"
                    default: return nil
                    }
                }
                """,
            "supabase/functions/invite/index.ts": """
                import { sendPush } from "../_shared/push.ts";
                await sendPush("u", { kind: "invite_revoked" });
                await sendPush("u", { kind: "invite_sent" });
                """,
        ])
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let result = try CLIHarness.run(["init", "--dry-run"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let registry = try RegistryLoader.load(text: result.stdout, file: "registry.yaml")
        let push = registry.allEnums.first
        XCTAssertEqual(push?.swiftEnum, "PushKind", result.stdout)
        XCTAssertEqual(push?.rawValues, ["invite_sent", "invite_seen", "invite_revoked"], result.stdout)
        XCTAssertTrue(push?.sql.columns.isEmpty ?? false)
        XCTAssertTrue(result.stdout.contains("  payload_key: kind\n"), result.stdout)
        XCTAssertTrue(result.stdout.contains("- raw: invite_revoked      # written by the push builders; not a case of PushKind"), result.stdout)
        XCTAssertEqual(registry.enums.map(\.name), ["InviteStatus"])
    }

    /// An SQL push builder writes the push type too: its values are registered and its line is evidence. Decoys: a
    /// `jsonb_build_object('type', ...)` outside any push call, and one in a comment.
    func testAnSQLPushBuilderWritesThePushType() throws {
        let root = try CLIHarness.project([
            "supabase/migrations/20240101000000_init.sql": """
                CREATE TABLE public.invites (id uuid PRIMARY KEY, invitee_id uuid NOT NULL);
                CREATE FUNCTION public.expire_invite(p_id uuid) RETURNS void LANGUAGE plpgsql AS $$
                BEGIN
                  PERFORM public.queue_push(p_id, jsonb_build_object('type', 'invite_expired', 'invite_id', p_id));
                  PERFORM public.audit_log(jsonb_build_object('type', 'audit_only'));
                  -- PERFORM public.queue_push(p_id, jsonb_build_object('type', 'commented_out'));
                END $$;
                """,
            "App/Router.swift": """
                import Foundation
                func open(_ userInfo: [AnyHashable: Any]) -> String? {
                    guard let type = userInfo["type"] as? String else { return nil }
                    switch type {
                    case "invite_received": return "invites"
                    case "invite_accepted": return "invites"
                    default: return nil
                    }
                }
                """,
        ])
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let result = try CLIHarness.run(["init", "--dry-run"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let registry = try RegistryLoader.load(text: result.stdout, file: "registry.yaml")
        XCTAssertEqual(registry.allEnums.first?.rawValues, ["invite_received", "invite_accepted", "invite_expired"], result.stdout)
        XCTAssertTrue(result.stderr.contains("written by the push builders at supabase/migrations/20240101000000_init.sql:4"), result.stderr)
    }
}
