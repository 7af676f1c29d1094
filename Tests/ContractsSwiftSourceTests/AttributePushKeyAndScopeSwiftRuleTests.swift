import ContractsCore
import XCTest

/// The Swift rules on `attributes`, `push_keys`, `scope` and `retired`: custom attributes judged like the built-ins, `push_keys` and the app's
/// own local-notification keys in `userInfo` reads, `scope: server` values and retired values in the enum.
final class AttributePushKeyAndScopeSwiftRuleTests: XCTestCase {
    static let registry = try! RegistryLoader.load(text: """
        version: 1
        notification_types:
          swift_enum: NotificationType
          sql: { table: notifications, column: type }
          attributes:
            entity_id_key: entityIdKey
            sort_rank: { swift: sortRank, type: int }
          retired: [town_hall]
          values:
            - { raw: message, preference_key: notifyMessages, entity_id_key: message_id, sort_rank: 1 }
            - { raw: town_hall_post, preference_key: notifyTownHall, entity_id_key: town_hall_post_id, sort_rank: 2 }
            - { raw: town_hall_reply, preference_key: notifyTownHall, entity_id_key: town_hall_post_id, sort_rank: 2 }
            - { raw: reminder, can_be_disabled: false, sort_rank: 0 }
            - { raw: legacy_digest, scope: server, sort_rank: 9 }
        push_keys:
          - { key: message_id, type: uuid, types: [message] }
          - { key: reminder_id, type: uuid, optional: true }
        deep_links:
          cases:
            - name: townHall
              params: [{ name: postId, type: uuid, payload_key: town_hall_post_id }]
        sources: { swift: ["Carpool/**/*.swift"] }
        outputs: { swift: Generated, typescript: functions/_shared }
        """, file: "registry.yaml")

    static let enumPath = "Carpool/Models/NotificationType.swift"
    static let enumText = """
        import Foundation

        enum NotificationType: String, Codable, CaseIterable {
            case message
            case townHallPost = "town_hall_post"
            case townHallReply = "town_hall_reply"
            case reminder

            var preferenceKey: String? {
                switch self {
                case .message: return "notifyMessages"
                case .townHallPost, .townHallReply: return "notifyTownHall"
                case .reminder: return nil
                }
            }

            var canBeDisabled: Bool {
                switch self {
                case .reminder: return false
                default: return true
                }
            }

            /// The payload key carrying the entity this notification is about.
            var entityIdKey: String? {
                switch self {
                case .message: return "message_id"
                case .townHallPost, .townHallReply: return "town_hall_post_id"
                default: return nil
                }
            }

            var sortRank: Int {
                switch self {
                case .message: return 1
                case .townHallPost, .townHallReply: return 2
                case .reminder: return 0
                }
            }
        }

        """

    private func findings(_ files: [String: String], rule: String) throws -> [Finding] {
        try CheckHarness.findings(files, registry: Self.registry).filter { $0.ruleID == rule }
    }

    func testTheCleanEnumHasNoFinding() throws {
        XCTAssertEqual(try CheckHarness.findings([Self.enumPath: Self.enumText], registry: Self.registry), [])
    }

    func testCustomAttributeSharedArmIsOneFindingLikeABuiltIn() throws {
        let text = CheckHarness.plant("case .townHallPost, .townHallReply: return \"town_hall_post_id\"",
                                      "case .townHallPost, .townHallReply: return \"post_id\"", in: Self.enumText)
        let found = try findings([Self.enumPath: text], rule: "swift-attribute-drift")
        XCTAssertEqual(found.map(\.location), [CheckHarness.location(of: "\"post_id\"", in: text, file: Self.enumPath)])
        XCTAssertEqual(found.first?.message,
                       "NotificationType.entityIdKey is \"post_id\" for .townHallPost, .townHallReply but the registry says \"town_hall_post_id\" (entity_id_key); return \"town_hall_post_id\", or change registry.yaml")
    }

    func testCustomAttributeDefaultAndNilAreJudged() throws {
        // `.reminder` has no entity id: `default: return nil` is right for it, a key is not.
        let text = CheckHarness.plant("default: return nil", "default: return \"reminder_id\"", in: Self.enumText)
        let found = try findings([Self.enumPath: text], rule: "swift-attribute-drift")
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found.first?.message.contains("is \"reminder_id\" for .reminder but the registry says nil (entity_id_key)") ?? false,
                      found.first?.message ?? "")
        let int = CheckHarness.plant("case .reminder: return 0", "case .reminder: return -1", in: Self.enumText)
        let intFound = try findings([Self.enumPath: int], rule: "swift-attribute-drift")
        XCTAssertEqual(intFound.map(\.message),
                       ["NotificationType.sortRank is -1 for .reminder but the registry says 0 (sort_rank); return 0, or change registry.yaml"])
    }

    func testServerOnlyAndRetiredCasesAreDriftWithTheirReason() throws {
        let text = CheckHarness.plant("    case reminder\n", "    case reminder\n    case legacyDigest = \"legacy_digest\"\n    case townHall = \"town_hall\"\n",
                                      in: Self.enumText)
        let found = try findings([Self.enumPath: text], rule: "swift-enum-drift")
        XCTAssertEqual(found.count, 2, "\(found)")
        guard found.count == 2 else { return }
        XCTAssertTrue(found[0].message.contains("(\"legacy_digest\") is server-only (scope: server)"), found[0].message)
        XCTAssertTrue(found[1].message.contains("(\"town_hall\") is retired"), found[1].message)
        XCTAssertEqual(found[1].registryLocation, Self.registry.notificationTypes!.retired[0].location)
        // Without the server-only case nothing is missing: the app never declares it.
        XCTAssertEqual(try findings([Self.enumPath: Self.enumText], rule: "swift-enum-drift"), [])
    }

    func testAnEnumWithoutRawValuesIsJudgedByAppCaseNames() throws {
        let text = "enum NotificationType { case message, townHallPost, townHallReply, reminder, legacyDigest }\n"
        let found = try findings([Self.enumPath: text], rule: "swift-enum-drift")
        XCTAssertEqual(found.map(\.location), [CheckHarness.location(of: "legacyDigest", in: text, file: Self.enumPath)])
        XCTAssertTrue(found.first?.message.contains("is server-only") ?? false, found.first?.message ?? "")
        let clean = "enum NotificationType { case message, townHallPost, townHallReply, reminder }\n"
        XCTAssertEqual(try findings([Self.enumPath: clean], rule: "swift-enum-drift"), [])
    }

    func testServerOnlyLiteralInSwiftIsDrift() throws {
        let path = "Carpool/Views/Inbox.swift"
        let text = """
            func title(for n: AppNotification) -> String {
                if n.type.rawValue == "legacy_digest" { return "Digest" }
                if n.type.rawValue == "message" { return "Message" }
                return ""
            }
            struct AppNotification { let type: NotificationType }

            """
        let found = try findings([Self.enumPath: Self.enumText, path: text], rule: "swift-unknown-literal-read")
        XCTAssertEqual(found.map(\.location), [CheckHarness.location(of: "\"legacy_digest\"", in: text, file: path)])
        XCTAssertTrue(found.first?.message.contains("is server-only (scope: server)") ?? false, found.first?.message ?? "")
    }

    static let delegatePath = "Carpool/App/AppDelegate.swift"
    static let delegateText = """
        import UserNotifications

        final class AppDelegate: NSObject, UNUserNotificationCenterDelegate {
            func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
                let userInfo = response.notification.request.content.userInfo
                if let messageId = userInfo["message_id"] as? String { open(message: messageId) }
                if let reminderId = userInfo["reminder_id"] as? String { snooze(reminderId) }
                if let post = userInfo["town_hall_post_id"] as? String { open(post: post) }
                if let title = userInfo["event_title"] as? String { showEvent(title) }
                let kind = userInfo["type"] as? String
                _ = kind
            }
        }

        """

    static let schedulerPath = "Carpool/Services/EventReminderScheduler.swift"
    static let schedulerText = """
        import UserNotifications

        enum EventReminderScheduler {
            static func schedule(title: String, date: String) {
                let content = UNMutableNotificationContent()
                content.title = title
                content.userInfo = ["event_title": title, "event_date": date]
                content.userInfo["event_location"] = "Hall"
            }
        }

        """

    func testPushKeysAndTheAppsOwnLocalNotificationKeysAreRead() throws {
        let files = [Self.delegatePath: Self.delegateText, Self.schedulerPath: Self.schedulerText]
        XCTAssertEqual(try findings(files, rule: "swift-deeplink-drift"), [])
    }

    func testAnUndeclaredPushKeyIsStillReported() throws {
        let text = CheckHarness.plant("let kind = userInfo[\"type\"] as? String",
                                      "let kind = userInfo[\"ride_request_id\"] as? String", in: Self.delegateText)
        let files = [Self.delegatePath: text, Self.schedulerPath: Self.schedulerText]
        let found = try findings(files, rule: "swift-deeplink-drift")
        XCTAssertEqual(found.map(\.location), [CheckHarness.location(of: "\"ride_request_id\"", in: text, file: Self.delegatePath)])
        XCTAssertTrue(found.first?.message.contains("declare \"ride_request_id\" in push_keys") ?? false, found.first?.message ?? "")
        // Without the scheduler, `event_title` is no key the app writes itself: a push read nobody sends.
        let alone = try findings([Self.delegatePath: Self.delegateText], rule: "swift-deeplink-drift")
        XCTAssertEqual(alone.map(\.location), [CheckHarness.location(of: "\"event_title\"", in: Self.delegateText, file: Self.delegatePath)])
    }

    func testAPushKeyReadInTheCaseOfATypeThatNeverCarriesItIsDrift() throws {
        let path = "Carpool/App/PushRouter.swift"
        let text = """
            import UserNotifications

            func route(_ type: NotificationType, _ userInfo: [AnyHashable: Any]) {
                switch type {
                case .message:
                    _ = userInfo["message_id"] as? String
                case .reminder, .townHallPost:
                    _ = userInfo["reminder_id"] as? String
                    _ = userInfo["message_id"] as? String
                default:
                    _ = userInfo["message_id"] as? String
                }
                _ = userInfo["message_id"] as? String
            }

            """
        let found = try findings([path: text], rule: "swift-deeplink-drift")
        XCTAssertEqual(found.map(\.location), [CheckHarness.location(of: "\"message_id\"", in: text, file: path, occurrence: 2)])
        XCTAssertEqual(found.first?.message,
                       "push payload key \"message_id\" is read for .reminder, .townHallPost but only pushes of \"message\" carry it (push_keys types); read it where those types are handled, or add the type to its types")
        XCTAssertEqual(found.first?.registryLocation, Self.registry.pushKeys[0].location)
    }
}
