import ContractsCore
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
}
