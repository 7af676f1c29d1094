import XCTest

final class PushUITests: XCTestCase {
    func testAnUnknownPushOpensNothing() {
        let app = XCUIApplication()
        app.launchArguments = ["-simulatePush", "type=legacy_poke"]
        app.launch()
        XCTAssertNil(NotificationType(rawValue: "legacy_poke"))
    }
}
