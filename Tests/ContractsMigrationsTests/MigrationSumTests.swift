import ContractsCore
import ContractsMigrations
import XCTest

/// migrations.sum: round trip through text, and a running chain.
final class MigrationSumTests: XCTestCase {
    func testTextRoundTrip() throws {
        let sum = MigrationSum(files: [("001_a.sql", Data("a".utf8)), ("002_b.sql", Data("b".utf8))])
        let lines = sum.text.split(separator: "\n")
        XCTAssertEqual(lines.count, 3)
        XCTAssertTrue(lines[0].hasPrefix("h1:"))
        XCTAssertTrue(lines[1].hasPrefix("001_a.sql h1:"))
        let parsed = try XCTUnwrap(MigrationSum(text: sum.text))
        XCTAssertEqual(parsed, sum)
        XCTAssertTrue(parsed.isConsistent)
        XCTAssertNil(MigrationSum(text: "not a sum\n"))
    }

    func testRunningHashPinsEarlierFiles() {
        let one = MigrationSum(files: [("001_a.sql", Data("a".utf8)), ("002_b.sql", Data("b".utf8))])
        let two = MigrationSum(files: [("001_a.sql", Data("A".utf8)), ("002_b.sql", Data("b".utf8))])
        XCTAssertNotEqual(one.entries[1].hash, two.entries[1].hash)
        XCTAssertNotEqual(one.total, two.total)
    }
}
