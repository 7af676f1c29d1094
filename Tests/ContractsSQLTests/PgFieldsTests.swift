@testable import ContractsSQL
import ContractsTestSupport
import XCTest

/// `PgFields` sorts a node's fields in place (no dictionary per node): the result is what a dictionary
/// (last value wins on a repeated key) sorted by key gives, on random field lists with repeats.
final class PgFieldsTests: XCTestCase {
    func testSortsAndKeepsTheLastValueOfARepeatedKeyAsADictionaryWould() {
        var random = SeededRandom("PgFieldsTests")
        let keys = ["location", "relname", "a", "B", "inh", "relpersistence", "schemaname", "é", ""]
        var repeats = 0
        for round in 0 ..< 3000 {
            let entries = (0 ..< Int.random(in: 0 ... 9, using: &random)).map { i in
                (key: keys.randomElement(using: &random)!, value: PgNode.number(round * 100 + i))
            }
            let expected = Dictionary(entries.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
                .sorted { $0.key < $1.key }
            let fields = PgFields(entries)
            XCTAssertEqual(fields.keys, expected.map(\.key), "\(entries) (seed \(random.seed))")
            XCTAssertEqual(fields.entries.map(\.value), expected.map(\.value), "\(entries) (seed \(random.seed))")
            if Set(entries.map(\.key)).count < entries.count { repeats += 1 }
        }
        XCTAssertGreaterThan(repeats, 500, "repeated keys must be exercised")
    }
}
