import Foundation
import GeneratedDriverApp
import XCTest

/// The driver app's generated Swift (seed 001): other names everywhere, a keyword case, no badges, no URL scheme.
final class DriverAppTests: XCTestCase {
    private let id = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!
    private struct Row: Decodable { let kind: DriverNotificationKind }

    func testKeywordCaseWorks() throws {
        let kind: DriverNotificationKind = .default
        XCTAssertEqual(kind.rawValue, "default")
        XCTAssertEqual(DriverNotificationKind(rawValue: "default"), .default)
        XCTAssertEqual(try JSONDecoder().decode(Row.self, from: Data(#"{"kind":"default"}"#.utf8)).kind, .default)
        XCTAssertEqual(kind.icon, "bell")
        XCTAssertTrue(kind.canBeDisabled)
        XCTAssertNil(kind.preferenceKey)
        XCTAssertNil(GeneratedDriverApp.DriverRoute(notificationType: .default, payload: ["trip_id": id.uuidString]))
    }

    func testUnknownKindDecodesToItsFallback() throws {
        XCTAssertEqual(try JSONDecoder().decode(Row.self, from: Data(#"{"kind":"brand_new_type"}"#.utf8)).kind, .unknown)
        XCTAssertEqual(DriverNotificationKind(serverValue: "trip_assigned"), .tripAssigned)
        XCTAssertEqual(DriverNotificationKind.tripStatusChanged.preferenceKey, "status_updates")
    }

    func testEveryRouteRoundTripsThroughUserInfo() {
        let samples: [DriverRoute] = [
            .trip(tripId: id), .order(orderId: id, stopIndex: 3), .order(orderId: id, stopIndex: nil),
            .urgentAlert(message: "Road closed: take \"B\" & exit 7\n"), .inbox,
        ]
        XCTAssertEqual(Set(samples.map(\.caseName)), Set(DriverRoute.caseNames))
        for route in samples {
            XCTAssertEqual(DriverRoute(userInfo: route.userInfo), route, "\(route.userInfo)")
        }
        XCTAssertEqual(DriverRoute.order(orderId: id, stopIndex: 3).userInfo["route"] as? String, "order")
    }

    func testRoutesFromPushPayloads() {
        XCTAssertEqual(DriverRoute(userInfo: ["notification_type": "order_ready", "order_id": id.uuidString,
                                              "stop_index": NSNumber(value: 2)]),
                       .order(orderId: id, stopIndex: 2))
        XCTAssertEqual(DriverRoute(userInfo: ["notification_type": "order_ready", "order_id": id.uuidString,
                                              "stop_index": "4"]),
                       .order(orderId: id, stopIndex: 4))
        XCTAssertEqual(DriverRoute(userInfo: ["notification_type": "order_ready", "trip_id": id.uuidString]),
                       .trip(tripId: id))
        XCTAssertEqual(DriverRoute(userInfo: ["notification_type": "urgent_alert", "message": "Flat tyre"]),
                       .urgentAlert(message: "Flat tyre"))
        XCTAssertNil(DriverRoute(userInfo: ["type": "trip_assigned", "trip_id": id.uuidString]),
                     "the driver app's type key is notification_type")
        XCTAssertNil(DriverRoute(userInfo: ["notification_type": "brand_new_type", "trip_id": id.uuidString]),
                     "the fallback kind has no route")
    }

    func testUnreadSummaryDefaults() throws {
        let json = #"{"unread_total": null, "trips": [{"trip_id": "\#(id.uuidString)", "is_urgent": true}]}"#
        let summary = try JSONDecoder().decode(UnreadSummary.self, from: Data(json.utf8))
        XCTAssertEqual(summary, UnreadSummary(unreadTotal: 0, latestAt: nil,
                                              trips: [TripUnread(tripId: id, unread: 0, isUrgent: true)]))
    }
}
