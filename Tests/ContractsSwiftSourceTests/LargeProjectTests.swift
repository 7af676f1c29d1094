import ContractsCore
@testable import ContractsSwiftSource
import Foundation
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
        // Some trees kept, the others parsed again.
        let partly = try SwiftSourceCheck.findings(in: context, cache: nil, retainLimit: 100, retainBytes: 60)
        XCTAssertEqual(partly, kept)
        XCTAssertTrue(kept.contains { $0.ruleID == "swift-unknown-literal-read" && $0.location.file == "NaarsCars/Views/ItemView.swift" },
                      "\(kept.map(\.ruleID))")
        XCTAssertTrue(kept.contains { $0.ruleID == "swift-enum-drift" }, "\(kept.map(\.ruleID))")
    }

    /// Trees are kept for at most `retainBytes` bytes of source, whatever the number of files: ten times
    /// NaarsCars's Swift kept every tree and peaked at 2.3 GB.
    func testTreesAreKeptForAtMostTheByteBudget() throws {
        let reader = SwiftSourceCheck.FileReader(needles: SourceNeedles(registry: CheckHarness.naarsCars), retainBytes: 100)
        let a = Data("let a: NotificationType = .message // padding to sixty bytes....\n".utf8)
        let b = Data("let b: NotificationType = .message // another sixty bytes.......\n".utf8)
        XCTAssertGreaterThan(a.count, 50)
        XCTAssertNotNil(reader.parse("A.swift", bytes: a))
        XCTAssertEqual(reader.retainedBytes, a.count)
        XCTAssertNotNil(reader.parse("B.swift", bytes: b), "over the budget: parsed, not kept")
        XCTAssertEqual(reader.retainedBytes, a.count)
        XCTAssertNotNil(reader.parse("A.swift", bytes: a))
        XCTAssertEqual(reader.retainedBytes, a.count, "a kept tree is not counted twice")
        XCTAssertLessThanOrEqual(reader.retainedBytes, 100)
        XCTAssertNil(reader.parse("C.swift", bytes: Data("let unrelated = 1\n".utf8)), "the pre-filter rules it out")
        // A file read because it calls a sink function has a budget of its own, as large, once the main one is full.
        let caller = Data("func f() { notifier.notify(id, type: \"message\") } // sixty bytes..\n".utf8)
        let callers = ByteNeedles(["notify"])
        XCTAssertNotNil(reader.parse("D.swift", bytes: caller, callers: callers, caller: true))
        XCTAssertEqual(reader.retainedCallerBytes, caller.count)
        XCTAssertEqual(reader.retainedBytes, a.count)
        XCTAssertNotNil(reader.parse("E.swift", bytes: caller, callers: callers, caller: true), "over its budget: parsed, not kept")
        XCTAssertEqual(reader.retainedCallerBytes, caller.count)
    }
}
