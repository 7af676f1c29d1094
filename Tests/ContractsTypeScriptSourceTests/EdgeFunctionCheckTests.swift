import ContractsCore
import XCTest
@testable import ContractsTypeScriptSource

/// The whole check over a project tree: one planted drift per rule, found at its line and column;
/// the fixed tree is clean.
final class EdgeFunctionCheckTests: XCTestCase {
    private func tree(_ registry: Registry, drifted: Bool) -> [String: String] {
        [
            "supabase/functions/send-notification/index.ts": EdgeFunctionFixtures.sendNotification(drifted: drifted),
            "supabase/functions/send-notification/notificationTypes.ts":
                EdgeFunctionFixtures.notificationTypes(registry, drifted: drifted),
            "supabase/functions/send-message-push/index.ts": EdgeFunctionFixtures.sendMessagePush(drifted: drifted),
            "supabase/functions/badge-count/index.ts": EdgeFunctionFixtures.badgeCount(drifted: drifted),
            "supabase/functions/_shared/apns.ts": EdgeFunctionFixtures.apns,
            "supabase/functions/README.md": "payload.type === 'ride_claimd'",
            "NaarsCars/Core/NotificationType.swift": "case rideClaimd = \"ride_claimd\"",
        ]
    }

    private func check(_ files: [String: String], _ registry: Registry) throws -> [String] {
        let context = CheckContext(registry: registry, tree: MemoryTree(text: files))
        return try TypeScriptSourceCheck.findings(in: context).map { "\($0.location) \($0.ruleID)" }
    }

    func testOnePlantedDriftPerRuleAtItsPosition() throws {
        let registry = try TestRegistries.naarsCars()
        let files = tree(registry, drifted: true)
        let at = { (file: String, needle: String) in "supabase/functions/\(file):\(self.position(of: needle, in: files["supabase/functions/\(file)"]!))" }
        XCTAssertEqual(try check(files, registry), [
            "\(at("badge-count/index.ts", "messages_count")) payload-shape-drift",
            "\(at("send-message-push/index.ts", "conversationId")) ts-payload-key-drift",
            "\(at("send-notification/index.ts", "\"ride_claimd\"")) ts-unknown-literal-read",
            "\(at("send-notification/notificationTypes.ts", "\"qa_answers\"")) ts-const-drift",
        ])
    }

    func testFixedTreeIsClean() throws {
        let registry = try TestRegistries.naarsCars()
        XCTAssertEqual(try check(tree(registry, drifted: false), registry), [])
    }

    func testPlantedPositionsAreExact() throws {
        // Independent of the search helper: the literal's line and column, counted by hand.
        let registry = try TestRegistries.naarsCars()
        let text = EdgeFunctionFixtures.sendNotification(drifted: true)
        let found = findings(text, registry, path: "supabase/functions/send-notification/index.ts")
        XCTAssertEqual(found.map(\.location.description), ["supabase/functions/send-notification/index.ts:21:23"])
    }

    func testSharedAPNsHelperIsCleanAndItsTypeReadsAreChecked() throws {
        let registry = try TestRegistries.naarsCars()
        XCTAssertEqual(summary(findings(EdgeFunctionFixtures.apns, registry)), [])
        let drifted = EdgeFunctionFixtures.apns.replacingOccurrences(of: "\"added_to_conversation\"", with: "\"added_to_convo\"")
        XCTAssertEqual(summary(findings(drifted, registry)), ["\(position(of: "\"added_to_convo\"", in: drifted)) ts-unknown-literal-read"])
    }

    func testFilesWithoutAnyRegisteredNameAreSkippedBeforeLexing() throws {
        let contract = TSContract(try TestRegistries.driverApp())
        XCTAssertFalse(TypeScriptSourceCheck.mayMatter(Data("export const x = 1; // message".utf8), contract: contract))
        XCTAssertTrue(TypeScriptSourceCheck.mayMatter(Data("p.notification_type".utf8), contract: contract))
    }

    func testDriverAppTree() throws {
        let registry = try TestRegistries.driverApp()
        let push = """
        // supabase/functions/notify-driver/index.ts
        import { DRIVER_NOTIFICATION_KINDS } from "../_shared/generated/notificationKinds.ts";
        const re = /trip_id="(\\w+)"/;
        export async function notifyDriver(driverId: string, trip: { id: string }, urgent: boolean) {
          const payload = {
            aps: { alert: { title: "Trip update", body: `Trip ${trip.id} is "assigned"` }, sound: "default" },
            notification_type: urgent ? DRIVER_NOTIFICATION_KINDS.URGENT_ALERT : DRIVER_NOTIFICATION_KINDS.TRIP_ASSIGNED,
            trip_id: trip.id,
          };
          const { data: summary } = await supabase.rpc("driver_unread_summary", { driver: driverId });
          const badge = summary?.unread_total ?? 0;
          await supabase.from("driver_notifications").insert({ driver_id: driverId, kind: "trip_assigned", trip_id: trip.id });
          if (payload.notification_type === "\\(DRIVER_KIND)") return badge;
        }
        """
        let clean = push.replacingOccurrences(of: "\"\\(DRIVER_KIND)\"", with: "\"order_ready\"")
        let files = ["supabase/functions/notify-driver/index.ts": clean, "supabase/functions/_shared/generated/kinds.ts": "x.notification_type === 'nope'"]
        XCTAssertEqual(try check(files, registry), [])
        let drifted = clean.replacingOccurrences(of: "summary?.unread_total", with: "summary?.unreadTotal")
            .replacingOccurrences(of: "kind: \"trip_assigned\"", with: "kind: \"trip_assign\"")
        let expected = [
            "supabase/functions/notify-driver/index.ts:\(position(of: "unreadTotal", in: drifted)) payload-shape-drift",
            "supabase/functions/notify-driver/index.ts:\(position(of: "\"trip_assign\"", in: drifted)) ts-unknown-literal",
        ]
        XCTAssertEqual(try check(["supabase/functions/notify-driver/index.ts": drifted], registry), expected)
    }
}
