import XCTest
final class ContractsTypeScriptSourceTestsPlaceholder: XCTestCase { func testBuilds() { XCTAssertTrue(true) } }
