import ContractsCore
@testable import ContractsSwiftSource
import XCTest

/// Above a few thousand sources the checker keeps no syntax tree between its two passes (declared types,
/// then findings) and parses again instead: the findings must not change.
final class LargeProjectTests: XCTestCase {
    func testFindingsAreTheSameWhetherTreesAreKeptOrParsedAgain() throws {
        let files = [
            "NaarsCars/Models/Item.swift": "struct Item { let kind: NotificationType }\n",
            "NaarsCars/Views/ItemView.swift": """
                func isTownHall(_ item: Item) -> Bool {
                    item.kind.rawValue == "town_hall_posts"
                }
                """,
            "NaarsCars/Models/NotificationType.swift": """
                enum NotificationType: String, Codable {
                    case message
                    case rideUpdate = "ride_updated"
                }
                """,
            "NaarsCars/Views/Unrelated.swift": "let x = 1\n",
        ]
        let context = CheckContext(registry: CheckHarness.naarsCars, tree: MemoryTree(text: files))
        let kept = try SwiftSourceCheck.findings(in: context, cache: nil, retainLimit: 100)
        let reparsed = try SwiftSourceCheck.findings(in: context, cache: nil, retainLimit: 0)
        XCTAssertEqual(reparsed, kept)
        XCTAssertTrue(kept.contains { $0.ruleID == "swift-unknown-literal" && $0.location.file == "NaarsCars/Views/ItemView.swift" },
                      "\(kept.map(\.ruleID))")
        XCTAssertTrue(kept.contains { $0.ruleID == "swift-enum-drift" }, "\(kept.map(\.ruleID))")
    }
}
