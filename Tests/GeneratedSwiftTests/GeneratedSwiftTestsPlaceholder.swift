import XCTest
final class GeneratedSwiftTestsPlaceholder: XCTestCase { func testBuilds() { XCTAssertTrue(true) } }
