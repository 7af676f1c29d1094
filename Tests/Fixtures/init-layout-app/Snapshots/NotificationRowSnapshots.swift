import XCTest
@testable import NaarsCars

/// Snapshot tests render a row for a type the server never sends.
final class NotificationRowSnapshots: XCTestCase {
    func testUnknownTypeRow() {
        XCTAssertNil(NotificationType(rawValue: "snapshot_only_type"))
    }
}
