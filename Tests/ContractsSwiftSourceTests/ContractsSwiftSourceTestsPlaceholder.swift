import XCTest
final class ContractsSwiftSourceTestsPlaceholder: XCTestCase { func testBuilds() { XCTAssertTrue(true) } }
