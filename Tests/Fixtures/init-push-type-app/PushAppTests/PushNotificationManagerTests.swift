import XCTest
@testable import PushApp

final class PushNotificationManagerTests: XCTestCase {
    func testAnUnknownTypeOpensNothing() {
        XCTAssertNil(PushNotificationManager().deepLink(for: ["type": "room_archived"]))
    }
}
