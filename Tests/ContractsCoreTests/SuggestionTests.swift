@testable import ContractsCore
import XCTest

/// The one "did you mean": each caller's closeness, case and tie order.
final class SuggestionTests: XCTestCase {
    func testRegistryKeysIgnoreCaseAndAllowTwoEditsForShortWords() {
        XCTAssertEqual(Suggestion.closest(to: "Rulez", among: ["rules", "sources"]), "rules")
        // "srcs" is 3 edits from "sources": a third of 4 is 1, the floor 2; too far.
        XCTAssertNil(Suggestion.closest(to: "srcs", among: ["sources"]))
        XCTAssertEqual(Suggestion.closest(to: "sorces", among: ["sources"]), "sources")
    }

    func testSourceNamesAreCaseSensitiveWithTheirOwnBounds() {
        XCTAssertNil(Suggestion.closest(to: "MESSAGE", among: ["message"], closeness: .typeScriptName))
        XCTAssertEqual(Suggestion.closest(to: "MESSAGE", among: ["message"]), "message")
        XCTAssertEqual(Suggestion.closest(to: "mesage", among: ["message"], closeness: .swiftLiteral), "message")
        // 4 edits in a 12-letter word: within a third for Swift, beyond TypeScript's cap of 3.
        XCTAssertEqual(Suggestion.closest(to: "rXdeXupdXXed", among: ["ride_updated"], closeness: .swiftLiteral), "ride_updated")
        XCTAssertNil(Suggestion.closest(to: "rXdeXupdXXed", among: ["ride_updated"], closeness: .typeScriptName))
        XCTAssertNil(Suggestion.closest(to: "ab", among: ["xy"], closeness: .swiftLiteral))
    }

    func testTheFirstOfEquallyNearCandidatesWins() {
        XCTAssertEqual(Suggestion.closest(to: "rid", among: ["ride", "rids"], closeness: .swiftLiteral), "ride")
        XCTAssertEqual(Suggestion.closest(to: "rid", among: ["rids", "ride"], closeness: .swiftLiteral), "rids")
        XCTAssertEqual(Suggestion.distance(Array("kitten".utf8), Array("sitting".utf8)), 3)
    }

    /// The bounded measure the suggestions use agrees with the plain one wherever it is within the bound, and says
    /// "over" (more than the bound) everywhere else: random words over a small alphabet, so near and far both occur.
    func testTheBoundedDistanceAgreesWithTheFullOne() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0 ..< 3000 {
            let a = (0 ..< Int.random(in: 0 ... 12, using: &generator)).map { _ in UInt32.random(in: 0 ... 3, using: &generator) }
            let b = (0 ..< Int.random(in: 0 ... 12, using: &generator)).map { _ in UInt32.random(in: 0 ... 3, using: &generator) }
            let full = Suggestion.distance(a, b)
            for bound in -1 ... 8 {
                let bounded = Suggestion.distance(a, b, atMost: bound)
                if full <= bound {
                    XCTAssertEqual(bounded, full, "\(a) \(b) bound \(bound)")
                } else {
                    XCTAssertGreaterThan(bounded, bound, "\(a) \(b) bound \(bound)")
                }
            }
        }
    }
}
