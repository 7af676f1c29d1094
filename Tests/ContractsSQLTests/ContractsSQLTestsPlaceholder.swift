import XCTest
final class ContractsSQLTestsPlaceholder: XCTestCase { func testBuilds() { XCTAssertTrue(true) } }
