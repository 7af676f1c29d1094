import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest

/// `ByteNeedles` (the readers' pre-filter) answers exactly what a naive byte-by-byte search answers: on
/// random texts over a tiny alphabet (so needles occur, overlap and straddle the ends), on empty needles and
/// texts, and on needles longer than the text.
final class ByteNeedlesTests: XCTestCase {
    /// The obvious search: every start position, every needle.
    private func naive(_ needles: [[UInt8]], _ text: [UInt8]) -> Bool {
        needles.contains { needle in
            !needle.isEmpty && needle.count <= text.count
                && (0 ... text.count - needle.count).contains { text[$0 ..< $0 + needle.count].elementsEqual(needle) }
        }
    }

    func testAgreesWithANaiveSearchOnRandomTexts() {
        var random = SeededRandom("ByteNeedlesTests")
        let alphabet: [UInt8] = Array("ab\"\u{0}é".utf8)
        func word(_ maxLength: Int) -> [UInt8] {
            (0 ..< Int.random(in: 0 ... maxLength, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
        }
        var hits = 0, misses = 0
        for _ in 0 ..< 5000 {
            let text = word(40)
            let needles = (0 ..< Int.random(in: 0 ... 4, using: &random)).map { _ in word(6) }
            let strings = needles.map { String(decoding: $0, as: UTF8.self) }
            // Needles built from bytes that are not UTF-8 round-trip differently: compare what the set holds.
            let set = ByteNeedles(strings)
            let expected = naive(set.needles, text)
            XCTAssertEqual(set.anyOccurs(in: Data(text)), expected, "needles \(set.needles) in \(text) (seed \(random.seed))")
            expected ? (hits += 1) : (misses += 1)
        }
        // Both answers were exercised, so a search that always says yes (or no) fails.
        XCTAssertGreaterThan(hits, 500)
        XCTAssertGreaterThan(misses, 500)
    }

    func testEmptyNeedlesNeverMatchAndDuplicatesCollapse() {
        XCTAssertFalse(ByteNeedles([""]).anyOccurs(in: Data("anything".utf8)))
        XCTAssertFalse(ByteNeedles([String]()).anyOccurs(in: Data("anything".utf8)))
        XCTAssertFalse(ByteNeedles(["x"]).anyOccurs(in: Data()))
        XCTAssertEqual(ByteNeedles(["a", "", "a", "b"]).needles, [[UInt8(ascii: "a")], [UInt8(ascii: "b")]])
        XCTAssertFalse(ByteNeedles.occurs("", in: Data("abc".utf8)))
    }

    func testFindsNeedlesAtTheEdgesAndNotPastThem() {
        let text = Data("NotificationType.rawValue".utf8)
        XCTAssertTrue(ByteNeedles(["Notif"]).anyOccurs(in: text))
        XCTAssertTrue(ByteNeedles(["rawValue"]).anyOccurs(in: text))
        XCTAssertFalse(ByteNeedles(["rawValue!"]).anyOccurs(in: text))
        XCTAssertFalse(ByteNeedles(["notification"]).anyOccurs(in: text), "the search is case-sensitive")
        // A slice of a larger buffer: nothing beyond the slice is seen.
        let whole = Data("xxuserInfoyy".utf8)
        XCTAssertFalse(ByteNeedles(["userInfo"]).anyOccurs(in: whole[whole.startIndex + 3 ..< whole.endIndex]))
        XCTAssertTrue(ByteNeedles(["serInfo"]).anyOccurs(in: whole[whole.startIndex + 3 ..< whole.endIndex]))
    }
}
