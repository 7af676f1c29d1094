import XCTest
final class ContractsGenerateTestsPlaceholder: XCTestCase { func testBuilds() { XCTAssertTrue(true) } }
