import XCTest
@testable import NaarsCars

/// Unknown server values decode to `.other`: these literals are wrong on purpose.
final class NotificationTypeTests: XCTestCase {
    func testAnUnknownTypeDecodesToOther() throws {
        let data = Data(#""not_a_real_notification_type""#.utf8)
        XCTAssertEqual(try JSONDecoder().decode(NotificationType.self, from: data), .other)
        XCTAssertNil(NotificationType(rawValue: "not_a_real_notification_type"))
    }
}
