import XCTest
@testable import Matchday

final class NotificationRouterTests: XCTestCase {
    func testAnUnknownScreenOpensNothing() {
        XCTAssertNil(NotificationRouter().route(for: ["screen": "leaderboard", "type": "promo"]))
    }
}
