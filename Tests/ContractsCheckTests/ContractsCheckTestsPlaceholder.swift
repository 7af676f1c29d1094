import XCTest
final class ContractsCheckTestsPlaceholder: XCTestCase { func testBuilds() { XCTAssertTrue(true) } }
