import ContractsCore
@testable import ContractsSQL
import XCTest

/// migrations.sum: known SHA-256 vectors, round trip through text, and a running chain.
final class MigrationSumTests: XCTestCase {
    func testSHA256KnownVectors() {
        XCTAssertEqual(MigrationSHA256.hex(Data()), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(MigrationSHA256.hex(Data("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(MigrationSHA256.hex(Data("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

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
