import ContractsCore
import XCTest

/// What counts as a push-payload read (`swift-deeplink-drift`, payload half): a notification's `userInfo` and
/// what flows from it, and `[AnyHashable: Any]` parsers; never rows decoded from PostgREST or
/// `JSONSerialization`, whatever keys they read and whatever else the file does with pushes.
final class PushPayloadReadTests: XCTestCase {
    private let path = "NaarsCars/Core/Services/FamilyFeedService.swift"

    private func keyFindings(_ source: String) throws -> [Finding] {
        try CheckHarness.findings([path: source]).filter { $0.ruleID == "swift-deeplink-drift" }
    }

    func testJSONSerializationRowsInAFileThatHandlesPushesAreNotPayloads() throws {
        let source = """
        import UserNotifications
        final class FamilyFeedService {
            func handlePush(userInfo: [AnyHashable: Any]) { _ = userInfo["ride_id"] }
            func members(from data: Data) throws -> [Member] {
                guard let rows = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
                return rows.compactMap { json in
                    guard let id = json["id"] as? String, let name = json["display_name"] as? String else { return nil }
                    return Member(id: id, name: name)
                }
            }
            func member(_ object: Any) -> Member? {
                guard let json = object as? [String: Any], let id = json["id"] as? String else { return nil }
                return Member(id: id, name: json["display_name"] as? String ?? "")
            }
            private func decode(_ row: [String: Any]) -> String? { row["avatar_url"] as? String }
        }
        """
        XCTAssertEqual(try keyFindings(source), [])
    }

    func testPayloadsFlowIntoNamesAndParametersOfTheFile() throws {
        let source = """
        import UserNotifications
        final class PushRouter {
            func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) {
                let info = response.notification.request.content.userInfo
                route(info)
                open(payload: info as? [String: Any] ?? [:])
                if let aps = info["aps"] as? [String: Any] { _ = aps["badge_total"] }
            }
            private func route(_ data: [AnyHashable: Any]) { _ = data["event_title"] }
            private func open(payload: [String: Any]) { _ = payload["reminder_id"] }
            private func unrelated(payload: [String: Any]) { _ = payload["id"] }
        }
        """
        let found = try keyFindings(source)
        XCTAssertEqual(found.map(\.location), [
            CheckHarness.location(of: "\"badge_total\"", in: source, file: path),
            CheckHarness.location(of: "\"event_title\"", in: source, file: path),
            CheckHarness.location(of: "\"reminder_id\"", in: source, file: path),
        ], "`unrelated(payload:)` shares the label but is never passed a payload")
    }

    func testTheSameNameIsAPayloadInOneFunctionAndARowInAnother() throws {
        let source = """
        final class AppDelegate {
            func application(_ app: UIApplication, didReceiveRemoteNotification userInfo: [AnyHashable: Any]) async -> UIBackgroundFetchResult {
                let json = userInfo
                _ = json["sender"]
                return .newData
            }
            func load(_ data: Data) {
                let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
                _ = json?["sender"]
            }
        }
        """
        let found = try keyFindings(source)
        XCTAssertEqual(found.map(\.location), [CheckHarness.location(of: "\"sender\"", in: source, file: path)])
    }
}
