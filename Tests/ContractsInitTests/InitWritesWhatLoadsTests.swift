import ContractsCheck
import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest

/// What `init` writes loads: the values, push keys, badges and deep links it finds in half-edited or hostile files
/// are written only in the shapes the registry accepts (found by the `init` fuzz target, `FuzzCLITests`), and a draft
/// that would still not load is refused whole (exit 2, nothing written).
final class InitWritesWhatLoadsTests: XCTestCase {
    private func initialize(_ files: [String: String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let root = try CLIHarness.project(files)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let result = try CLIHarness.run(["init"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        let text = try String(contentsOf: root.appendingPathComponent("registry.yaml"), encoding: .utf8)
        XCTAssertNoThrow(try RegistryLoader.load(text: text, file: "registry.yaml", ruleIDs: RuleCatalog.ids), text, file: file, line: line)
        let check = try CLIHarness.run(["check", "--no-cache"], in: root)
        XCTAssertTrue([0, 1].contains(check.status), check.stderr, file: file, line: line)
        return text
    }

    func testConstraintValuesNoCaseNameDerivesFromGetOneAndClashesAreLeftOut() throws {
        let long = String(repeating: "x", count: 300)
        let text = try initialize([
            "database/001_notifications.sql": """
                CREATE TABLE public.notifications (id int, type text NOT NULL
                  CHECK (type IN ('ride_update', '1', 'in progress', 'ride-update', 'bad\u{85}value', '\(long)', 'ride_update')));
                """,
        ])
        XCTAssertTrue(text.contains("      - raw: ride_update\n      - raw: \"1\"      # no Swift case name derives from it: review the case\n        case: value1\n"), text)
        XCTAssertTrue(text.contains("      - raw: \"in progress\"      # no Swift case name derives from it: review the case\n        case: inProgress\n"), text)
        XCTAssertTrue(text.contains("      # left out 'ride-update': its TypeScript const key RIDE_UPDATE is another value's\n"), text)
        XCTAssertTrue(text.contains("      # left out 'bad\\u{85}value': not a wire value (empty, over 255 bytes, or holding a control, "
            + "line-separator or bidi character)\n"), text)
        XCTAssertTrue(text.contains("      # left out '\(String(repeating: "x", count: 80))…': not a wire value"), text)
        XCTAssertEqual(text.components(separatedBy: "raw: ride_update").count, 2, text)
    }

    func testAtMostAThousandValuesAreRegistered() throws {
        // A mutated migration's CHECK of twenty thousand values made a registry whose `check` parsed 2.3 MB of
        // planned Swift; a thousand values is already far past any app's notification types.
        let values = (0..<1_200).map { "'v\($0)'" }.joined(separator: ", ")
        let text = try initialize([
            "database/001_notifications.sql": "CREATE TABLE public.notifications (id int, type text NOT NULL CHECK (type IN (\(values))));\n",
        ])
        XCTAssertEqual(text.components(separatedBy: "      - raw: ").count - 1, 1_000)
        XCTAssertTrue(text.contains("      - raw: v999\n      # left out 200 more value(s): init registers at most 1000;"), text)
    }

    func testAnEnumWhoseOnlyValueCannotBeHeldGetsTheStarter() throws {
        let text = try initialize([
            "App/Models/NotificationType.swift": "enum NotificationType: String {\n    case a = \"na\u{202E}me\"\n}\n",
        ])
        XCTAssertTrue(text.contains("this is a starter"), text)
        XCTAssertFalse(text.contains("\u{202E}"), text)
    }

    func testAHiddenCharacterInAnEnumValueAndAPushKeyIsLeftOut() throws {
        // The fuzzer's control-character shape: a case whose raw value and a push key both hold U+0085.
        let text = try initialize([
            "App/Models/NotificationType.swift": """
                enum NotificationType: String {
                    case a = "na\u{85}me"
                    case message
                    case rideUpdate = "ride_update"
                }
                let k = userInfo["na\u{85}me"]
                """,
            "database/001_notifications.sql": "CREATE TABLE notifications (id int, type text CHECK (type IN ('message', 'ride_update')));\n",
        ])
        XCTAssertFalse(text.contains("\u{85}"), text)
        XCTAssertTrue(text.contains("      # left out 'na\\u{85}me': not a wire value"), text)
        XCTAssertTrue(text.contains("      - raw: message\n"), text)
    }

    func testABadgeOfNoDeclaredBadgeEnumIsNotWritten() throws {
        let text = try initialize([
            "App/Models/NotificationType.swift": """
                enum NotificationType: String {
                    case message
                    case rideUpdate = "ride_update"

                    var badgeTab: BadgeTab {
                        switch self {
                        case .message: return .messages
                        case .rideUpdate: return .requests
                        }
                    }
                }
                """,
            "database/001_notifications.sql": "CREATE TABLE notifications (id int, type text CHECK (type IN ('message', 'ride_update')));\n",
        ])
        XCTAssertFalse(text.contains("badge: "), text)
        XCTAssertFalse(text.contains("\nbadges:"), text)
    }

    func testADeepLinkCaseDeclaredTwiceIsWrittenOnce() throws {
        let text = try initialize([
            "App/Models/NotificationType.swift": """
                enum NotificationType: String {
                    case message
                    case rideUpdate = "ride_update"
                }
                """,
            "App/DeepLink.swift": """
                enum DeepLink {
                    case ride(id: UUID)
                    case dashboard
                    case ride(id: UUID)
                    case dashboard
                }
                enum DeepLinkParser {
                    static func parse(userInfo: [AnyHashable: Any]) -> DeepLink? {
                        if let id = userInfo["ride_id"] as? String, let uuid = UUID(uuidString: id) { return .ride(id: uuid) }
                        return .dashboard
                    }
                }
                """,
            "database/001_notifications.sql": "CREATE TABLE notifications (id int, type text CHECK (type IN ('message', 'ride_update')));\n",
        ])
        XCTAssertEqual(text.components(separatedBy: "    - name: dashboard\n").count, 2, text)
        XCTAssertEqual(text.components(separatedBy: "    - name: ride\n").count, 2, text)
    }
}
