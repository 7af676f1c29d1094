import ContractsCore
import XCTest

/// `swift-unknown-literal`: strings used as notification types, and strings that only look like them.
final class UnknownLiteralTests: XCTestCase {
    private let registry = CheckHarness.naarsCars

    private func literalFindings(_ path: String, _ text: String) throws -> [Finding] {
        try CheckHarness.findings(replacing: path, with: text).filter { $0.ruleID.hasPrefix("swift-unknown-literal") }
    }

    func testCaseLabelInASwitchOverTheTypeKeyBinding() throws {
        let path = DeepLinkParserSource.path
        let text = CheckHarness.plant("case \"town_hall_comment\":", "case \"carpool_invite\":", in: DeepLinkParserSource.text)
        let findings = try literalFindings(path, text)
        XCTAssertEqual(findings.map(\.location), [CheckHarness.location(of: "\"carpool_invite\"", in: text, file: path)])
        XCTAssertEqual(findings.map(\.ruleID), ["swift-unknown-literal-read"], "a case that never matches is a read")
        XCTAssertEqual(findings.first?.registryLocation, registry.notificationTypes!.location)
        XCTAssertEqual(findings.first?.message,
                       "\"carpool_invite\" is used as a NotificationType raw value but is not registered; use a registered type or add \"carpool_invite\" to registry.yaml")
    }

    func testInitFromRawValueLiteralWithSuggestion() throws {
        let path = AppNotificationSource.path
        let text = CheckHarness.plant("self = NotificationType(rawValue: raw) ?? .other",
                                      "self = NotificationType(rawValue: raw) ?? NotificationType.init(rawValue: \"ride_claim\")!",
                                      in: AppNotificationSource.text)
        let findings = try literalFindings(path, text)
        XCTAssertEqual(findings.map(\.location), [CheckHarness.location(of: "\"ride_claim\")!", in: text, file: path)])
        XCTAssertTrue(findings.first?.message.contains("(did you mean \"ride_claimed\"?)") ?? false)
    }

    func testRawValueOfAPropertyDeclaredAsTheEnum() throws {
        let path = NotificationsListSource.path
        let switchCase = CheckHarness.plant("case \"town_hall_post\":", "case \"townhall_post\":", in: NotificationsListSource.text)
        XCTAssertEqual(try literalFindings(path, switchCase).map(\.location),
                       [CheckHarness.location(of: "\"townhall_post\"", in: switchCase, file: path)])
        let comparison = CheckHarness.plant("notification.type.rawValue == \"review_request\"",
                                            "notification.type.rawValue == \"review_requested\"", in: NotificationsListSource.text)
        XCTAssertEqual(try literalFindings(path, comparison).map(\.location),
                       [CheckHarness.location(of: "\"review_requested\"", in: comparison, file: path)])
        let closure = CheckHarness.plant("$0.type.rawValue != \"message\"", "\"messages\" != $0.type.rawValue",
                                         in: NotificationsListSource.text)
        XCTAssertEqual(try literalFindings(path, closure).map(\.location),
                       [CheckHarness.location(of: "\"messages\"", in: closure, file: path)])
    }

    func testComparisonWithACastTypeKeyRead() throws {
        let source = """
        final class PushHandler {
            func isChat(_ userInfo: [AnyHashable: Any]) -> Bool {
                userInfo["type"] as? String == "chat" || userInfo["type"] as? String == "message"
            }
            func kind(_ userInfo: [AnyHashable: Any]) -> Int {
                let raw = userInfo["type"] as? String ?? "other"
                switch (userInfo["type"] as? String) ?? "" { case "chat_v2": return 1; default: return raw == "chat_v3" ? 2 : 0 }
            }
        }
        """
        let file = "NaarsCars/App/PushHandler.swift"
        let findings = try CheckHarness.findings([file: source]).filter { $0.ruleID.hasPrefix("swift-unknown-literal") }
        XCTAssertEqual(findings.map(\.location), [
            CheckHarness.location(of: "\"chat\"", in: source, file: file),
            CheckHarness.location(of: "\"chat_v2\"", in: source, file: file),
            CheckHarness.location(of: "\"chat_v3\"", in: source, file: file),
        ])
    }

    func testLookalikeStringsAreNotTypeValues() throws {
        let source = """
        import OSLog
        struct RideRow {
            let type: RideType
            func describe(_ ride: RideRow, host: String, type: String) -> String {
                // case "ride_claim": is not code
                Logger().info("ride_claim \\(host)")
                if ride.type.rawValue == "offer" { return "offer" }
                let pattern = /ride_claim|town_hall/
                switch host { case "ride_claim": return "x"; default: break }
                switch type { case "request": return "y"; default: break }
                return #"type == "ride_claim""#
            }
        }
        """
        XCTAssertEqual(try CheckHarness.findings(["NaarsCars/Features/RideRow.swift": source + "\n// rawValue NotificationType"]), [])
    }

    func testTypeKeyOfALocalNotificationPayload() throws {
        let source = """
        import UserNotifications
        enum ReminderScheduler {
            static func schedule(rideId: UUID) {
                let content = UNMutableNotificationContent()
                content.userInfo = ["type": "ride_reminder", "ride_id": rideId.uuidString]
                content.userInfo = ["type": "completion_reminder"]
                NotificationCenter.default.post(name: .init("x"), object: nil, userInfo: ["type": "local_only"])
            }
        }
        """
        let file = "NaarsCars/Core/Services/ReminderScheduler.swift"
        let findings = try CheckHarness.findings([file: source]).filter { $0.ruleID.hasPrefix("swift-unknown-literal") }
        XCTAssertEqual(findings.map(\.location), [CheckHarness.location(of: "\"ride_reminder\"", in: source, file: file)])
    }
}
