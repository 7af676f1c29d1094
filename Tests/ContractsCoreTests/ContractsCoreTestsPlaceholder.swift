import XCTest
final class ContractsCoreTestsPlaceholder: XCTestCase { func testBuilds() { XCTAssertTrue(true) } }
