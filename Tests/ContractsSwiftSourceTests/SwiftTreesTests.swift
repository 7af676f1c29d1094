import ContractsCore
@testable import ContractsSwiftSource
import Foundation
import XCTest

/// The run's store of Swift trees: one pre-scan and one parse per file and content, a tree over the budget made again.
final class SwiftTreesTests: XCTestCase {
    let a = Data("let a: NotificationType = .message // padding to sixty bytes....\n".utf8)
    let deep = Data(("let x = " + String(repeating: "(", count: SwiftNestingDepth.limit + 1) + "1"
        + String(repeating: ")", count: SwiftNestingDepth.limit + 1) + "\n").utf8)

    func testAFileIsParsedOnceWhoeverAsksAndWithWhateverNestedNames() throws {
        let store = SwiftTrees(retainBytes: 1000)
        let first = try XCTUnwrap(store.file("A.swift", bytes: a))
        let again = try XCTUnwrap(store.file("A.swift", text: String(decoding: a, as: UTF8.self)))
        let nested = try XCTUnwrap(store.file("A.swift", bytes: a, nestedNames: ["Kind"]))
        XCTAssertEqual(store.counts("A.swift").parses, 1)
        XCTAssertEqual(store.counts("A.swift").asks, 3)
        XCTAssertEqual(store.counts("A.swift").prescans, 1)
        XCTAssertTrue(again.syntax.id == first.syntax.id && nested.syntax.id == first.syntax.id, "one tree")
        XCTAssertNil(store.refusal("A.swift", bytes: a))
        XCTAssertEqual(store.counts("A.swift").prescans, 1)
        XCTAssertEqual(store.retainedBytes, a.count, "a kept file is counted once")
    }

    func testOtherBytesUnderAPathAreParsedAgainAndReplaceTheOldTree() throws {
        let store = SwiftTrees(retainBytes: 1000)
        _ = store.file("A.swift", bytes: a)
        let edited = Data("let a: NotificationType = .rideUpdate\n".utf8)
        let file = try XCTUnwrap(store.file("A.swift", bytes: edited))
        XCTAssertEqual(file.source.text, String(decoding: edited, as: UTF8.self))
        XCTAssertEqual(store.counts("A.swift").parses, 2)
        XCTAssertEqual(store.retainedBytes, edited.count, "the older tree no longer counts")
    }

    func testATreeOverTheBudgetIsMadeAgainTheSame() throws {
        let store = SwiftTrees(retainBytes: 10)
        let first = try XCTUnwrap(store.file("A.swift", bytes: a))
        let second = try XCTUnwrap(store.file("A.swift", bytes: a))
        XCTAssertEqual(store.counts("A.swift").parses, 2, "not kept: parsed again")
        XCTAssertEqual(store.counts("A.swift").prescans, 1, "the pre-scan's answer is kept whatever the budget")
        XCTAssertEqual(second.syntax.description, first.syntax.description)
        XCTAssertEqual(store.retainedBytes, 0)
    }

    func testAFileTooDeepIsPreScannedOnceAndNeverParsed() {
        let store = SwiftTrees(retainBytes: 1000)
        XCTAssertNotNil(store.refusal("Deep.swift", bytes: deep))
        XCTAssertNil(store.file("Deep.swift", bytes: deep))
        XCTAssertNil(store.file("Deep.swift", bytes: deep, nestedNames: ["Kind"]))
        XCTAssertEqual(store.counts("Deep.swift").prescans, 1)
        XCTAssertEqual(store.counts("Deep.swift").parses, 0)
    }

    func testReadersAskingAtOnceWaitForOneParse() {
        let store = SwiftTrees(retainBytes: 1 << 20)
        let paths = (0 ..< 8).map { "F\($0).swift" }
        DispatchQueue.concurrentPerform(iterations: 64) { i in
            _ = store.file(paths[i % paths.count], bytes: a, nestedNames: i % 2 == 0 ? [] : ["Kind"])
        }
        for path in paths {
            XCTAssertEqual(store.counts(path).parses, 1, path)
            XCTAssertEqual(store.counts(path).asks, 8, path)
        }
    }

    func testARunSharesOneStoreWithTheRunsInsideIt() {
        XCTAssertNil(SwiftTrees.current)
        SwiftTrees.sharing(sources: 1) { outer in
            SwiftTrees.sharing(sources: 1) { inner in XCTAssertTrue(inner === outer) }
            XCTAssertTrue(SwiftTrees.current === outer)
            _ = SwiftTrees.file("A.swift", bytes: a)
            _ = SwiftTrees.file("A.swift", text: String(decoding: a, as: UTF8.self))
            XCTAssertEqual(outer.counts("A.swift").parses, 1)
        }
        XCTAssertNil(SwiftTrees.current, "the store ends with its run")
    }
}
