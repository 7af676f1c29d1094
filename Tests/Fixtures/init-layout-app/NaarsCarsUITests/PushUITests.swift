import XCTest

final class PushUITests: XCTestCase {
    func testAnUnknownPushOpensTheInbox() {
        let app = XCUIApplication()
        app.launchArguments = ["-simulatePush", "type=legacy_poke"]
        app.launch()
        XCTAssertEqual(NotificationType(rawValue: "legacy_poke"), nil)
    }
}
