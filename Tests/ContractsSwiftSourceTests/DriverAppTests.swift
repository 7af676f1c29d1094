import ContractsCore
import XCTest

/// The same rules driven by the second registry (seed 001): other enum names, `notification_type` as the
/// type key, `trip_id` payload keys, a backticked `default` case. Nothing NaarsCars-specific may leak in.
final class DriverAppTests: XCTestCase {
    private let path = "VroomXDriver/Push/DriverNotificationKind.swift"

    private let clean = #"""
    import Foundation

    enum DriverNotificationKind: String, Codable {
        case tripAssigned = "trip_assigned"
        case tripStatusChanged = "trip_status_changed"
        case orderReady = "order_ready", urgentAlert = "urgent_alert"
        case `default`
        case unknown

        var canBeDisabled: Bool {
            switch self {
            case .tripAssigned, .urgentAlert: false
            default: true
            }
        }
    }

    enum DriverRoute: Hashable {
        case trip(tripId: UUID)
        case order(orderId: UUID, stopIndex: Int?)
        case urgentAlert(message: String)
        case inbox
    }

    enum DriverPushParser {
        static func route(from userInfo: [AnyHashable: Any]) -> DriverRoute {
            let uuid = { (key: String) in (userInfo[key] as? String).flatMap(UUID.init(uuidString:)) }
            switch userInfo["notification_type"] as? String {
            case "trip_assigned", "trip_status_changed":
                return uuid("trip_id").map { .trip(tripId: $0) } ?? .inbox
            case "order_ready":
                guard let order = (userInfo["order_id"] as? String).flatMap(UUID.init(uuidString:)) else { return .inbox }
                return .order(orderId: order, stopIndex: userInfo["stop_index"] as? Int)
            case "urgent_alert":
                return .urgentAlert(message: userInfo["message"] as? String ?? "")
            default:
                return .inbox
            }
        }
    }

    struct UnreadSummary: Decodable {
        let unreadTotal: Int
        let latestAt: Date?
        let trips: [TripUnread]
    }

    struct TripUnread: Decodable {
        let tripId: UUID
        let unread: Int
        let isUrgent: Bool
    }
    """#

    private func findings(_ text: String) throws -> [Finding] {
        try CheckHarness.findings([path: text], registry: CheckHarness.driverApp)
    }

    func testCleanDriverSourcesHaveNoFindings() throws {
        XCTAssertEqual(try findings(clean), [])
    }

    func testEachRuleUsesTheDriverRegistryNames() throws {
        var text = CheckHarness.plant("case \"order_ready\":", "case \"order_prepared\":", in: clean)
        text = CheckHarness.plant("stopIndex: Int?)\n", "stopIndex: Int)\n", in: text)
        text = CheckHarness.plant("userInfo[\"message\"]", "userInfo[\"alert_text\"]", in: text)
        text = CheckHarness.plant("case .tripAssigned, .urgentAlert: false", "case .tripAssigned: false", in: text)
        text = CheckHarness.plant("let isUrgent: Bool", "let urgent: Bool", in: text)
        let found = try findings(text)
        XCTAssertEqual(found.map { "\($0.ruleID) \($0.location)" }, [
            "swift-attribute-drift \(CheckHarness.location(of: "true", in: text, file: path))",
            "swift-deeplink-drift \(CheckHarness.location(of: "stopIndex: Int)", in: text, file: path))",
            "swift-unknown-literal-read \(CheckHarness.location(of: "\"order_prepared\"", in: text, file: path))",
            "swift-deeplink-drift \(CheckHarness.location(of: "\"alert_text\"", in: text, file: path))",
            "payload-shape-drift \(CheckHarness.location(of: "TripUnread: Decodable", in: text, file: path))",
            "payload-shape-drift \(CheckHarness.location(of: "urgent: Bool", in: text, file: path))",
        ])
    }

    func testTheOtherAppsTypeKeyIsNotSent() throws {
        let text = CheckHarness.plant("switch userInfo[\"notification_type\"] as? String {", "switch userInfo[\"type\"] as? String {",
                                      in: clean)
        let found = try findings(text)
        XCTAssertEqual(found.map(\.ruleID), ["swift-deeplink-drift"])
        XCTAssertEqual(found.first?.location, CheckHarness.location(of: "\"type\"", in: text, file: path))
    }
}
