import ContractsCore
@testable import ContractsSwiftSource
import Foundation
import XCTest

/// Malformed Swift that swift-syntax's parser reads in super-linear time (unclosed `switch self {`
/// repeated, `"self\(\(\(…`): such a file is reported at the bracket that goes too deep and never parsed,
/// so `check` stays linear on half-edited files in the pre-commit hook and Xcode build phases.
final class NestingDepthTests: XCTestCase {
    private func offset(_ text: String, limit: Int = SwiftNestingDepth.limit) -> Int? {
        SwiftNestingDepth.offsetPast(limit, in: Array(text.utf8))
    }

    /// An enum whose `icon` property opens `count` `switch self {` and never closes them.
    static func unclosedSwitches(_ count: Int) -> String {
        "enum NotificationType: String {\n    case message\n    var icon: String {\n"
            + String(repeating: "        switch self {\n", count: count)
    }

    /// `return "self\(\(\(…` `count` deep.
    static func nestedInterpolation(_ count: Int) -> String {
        "enum NotificationType: String {\n    case message\n    var icon: String {\n        return \"self"
            + String(repeating: "\\(", count: count) + "\n"
    }

    func testBracketsInterpolationsAndStringsCount() {
        XCTAssertEqual(offset("f(a[{ }])", limit: 2), 4)
        XCTAssertNil(offset("f(a[{ }])", limit: 3))
        // An interpolation is a level, and so is the string around it.
        XCTAssertEqual(offset(#"let s = "a\(b)""#, limit: 1), 10)
        XCTAssertEqual(offset(##"let s = #"a\#(b)"#"##, limit: 1), 11)
    }

    func testBracketsInCommentsAndStringTextDoNotCount() {
        // Decoys: brackets in line, block (nested) and doc comments, in plain, raw and multi-line strings,
        // escaped quotes and a raw string's `\(` that is no interpolation.
        let text = #"""
        // ((((((((
        /* [[[[ /* {{{{ */ (((( */
        let a = "(((( \" [[[["
        let b = #"(((( \( "# + "]]]]"
        let c = """
            {{{{ " (((( ""
            """
        func f() { g(a: [1, 2]) }
        """#
        XCTAssertNil(offset(text, limit: 3))
        XCTAssertEqual(offset(text, limit: 2), text.utf8.distance(from: text.startIndex, to: text.range(of: "[1")!.lowerBound))
    }

    func testKeyPathParenthesesNestAtMostEightDeep() {
        // `"self\(\(\(…`: inside the interpolation each `\(` is a key path's parenthesis; the parser is
        // cubic in their depth (100 deep took seconds), so they have a limit of their own.
        XCTAssertNil(offset("let k = " + String(repeating: "\\(", count: 8) + String(repeating: ")", count: 8)))
        let text = "let k = " + String(repeating: "\\(", count: 9)
        XCTAssertEqual(offset(text), 8 + 2 * 8)
        // Interpolations in a string are not key paths: 20 of them in a row are fine.
        XCTAssertNil(offset("let s = \"" + String(repeating: "\\(a) ", count: 20) + "\""))
    }

    func testAnUnterminatedSingleLineStringEndsWithItsLine() {
        XCTAssertNil(offset("let a = \"((((\nlet b = 1\nlet c = \"))\"\n", limit: 1))
    }

    func testDeeplyNestedMalformedSwiftIsReportedAtTheBracketThatGoesTooDeep() throws {
        let unclosedIfs = "enum NotificationType: String {\n    case message\n    var icon: String {\n"
            + String(repeating: "        if true {\n", count: 800)
        for (text, needleLine) in [(unclosedIfs, 2 + SwiftNestingDepth.limit), (Self.nestedInterpolation(1_000), 4)] {
            let findings = try CheckHarness.findings(["NaarsCars/NotificationType.swift": text])
            XCTAssertEqual(findings.map(\.ruleID), [Rule.swiftSourceTooDeep.id])
            XCTAssertEqual(findings.first?.location.line, needleLine)
        }
        // The enum's and the property's braces and 126 ifs fill the 128 levels: the 127th `{` (line 3 + 127,
        // column 17) goes past them.
        let ifs = try CheckHarness.findings(["NaarsCars/NotificationType.swift": unclosedIfs])
        XCTAssertEqual(ifs.first?.location.column, 17)
        // 800 unclosed `switch self {`, each body starting with the next switch: the switches' work is bounded before
        // their depth is (the parser scans ahead for a case from each).
        let switches = try CheckHarness.findings(["NaarsCars/NotificationType.swift": Self.unclosedSwitches(800)])
        XCTAssertEqual(switches.map(\.ruleID), [Rule.swiftSourceTooDeep.id])
        XCTAssertLessThanOrEqual(switches.first?.location.line ?? .max, 2 + SwiftNestingDepth.limit)
        XCTAssertTrue(switches.first?.message.contains("switches whose body does not start with a `case`") == true)
    }

    func testAFileJustWithinTheLimitIsStillChecked() throws {
        // 60 unclosed switches (each body starts with the next one): parsed (slowly, but bounded) and its enum drift
        // still found; past 64 such switches the file is refused (`SwiftNestingDepth.malformedSwitchLimit`).
        let findings = try CheckHarness.findings(["NaarsCars/NotificationType.swift": Self.unclosedSwitches(60)])
        XCTAssertFalse(findings.contains { $0.ruleID == Rule.swiftSourceTooDeep.id })
        XCTAssertTrue(findings.contains { $0.ruleID == Rule.swiftEnumDrift.id })
    }

    func testCheckingDeeplyNestedFilesGrowsLinearly() throws {
        // 37 s for 800 unclosed switches before (cubic: 100 → 0.19 s, 400 → 7.6 s); `\(\(\(…` 1,000 deep 33 s.
        for make in [Self.unclosedSwitches, Self.nestedInterpolation] {
            var best: [Double] = []
            for count in [200, 3_200] {
                var fastest = Double.infinity
                for _ in 0..<3 {
                    let start = DispatchTime.now().uptimeNanoseconds
                    _ = try CheckHarness.findings(["NaarsCars/NotificationType.swift": make(count)])
                    fastest = min(fastest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
                }
                best.append(fastest)
            }
            XCTAssertLessThan(best[1] / max(best[0], 1e-4), 64, "200 → \(best[0]) s, 3,200 → \(best[1]) s")
        }
    }

    func testARunOfPoundsInCodeIsBounded() throws {
        // swift-syntax's lexer reads a run of `#` again from each of its `#` (a raw string's opening? a regex's?),
        // and every switch's recovery lexes it again.
        let limit = SwiftNestingDepth.poundRunLimit
        let head = "let type: NotificationType = .message\nlet x = "
        XCTAssertNil(SwiftNestingDepth.refusal(in: Array((head + String(repeating: "#", count: limit) + "\n").utf8)))
        let refusal = SwiftNestingDepth.refusal(in: Array((head + String(repeating: "#", count: limit + 1) + "\n").utf8))
        XCTAssertEqual(refusal?.offset, head.utf8.count)
        XCTAssertTrue(refusal?.reason.hasPrefix("\(limit + 1) `#` back to back here") == true, "\(String(describing: refusal))")
        // Decoys: runs in comments and in a string's text, and a raw string's delimiters.
        let run = String(repeating: "#", count: 400)
        let decoys = "// \(run)\n/* \(run) */\nlet a = \"\(run)\"\nlet b = \"\"\"\n    \(run)\n    \"\"\"\nlet c = ###\"a\"###\n"
        XCTAssertNil(SwiftNestingDepth.refusal(in: Array(decoys.utf8)))
    }

    func testSlashesAfterAPoundStartNoComment() throws {
        // `#/` opens a regex literal for swift-syntax's lexer: the `//` after `####` is code to it, and so is the run
        // of `#` later on the line, lexed again by every malformed switch's recovery (fuzz:
        // found-5cde60dd89fa7452.swift, 21 s in a debug build).
        let run = String(repeating: "#", count: 40)
        let head = "enum NotificationType: String {\n    case message\n    var icon: String {\n"
        let text = head + "        switch self {\n        ####////\(run){{{\n    }\n}\n"
        let refusal = SwiftNestingDepth.refusal(in: Array(text.utf8))
        XCTAssertTrue(refusal?.reason.hasPrefix("40 `#` back to back here") == true, "\(String(describing: refusal))")
        // Decoys: a comment after a directive or a name, and a comment that holds the same run.
        let decoys = "#if DEBUG // \(run)\nlet a = 1 //\(run)\n#endif\n// ####//\(run)\n"
        XCTAssertNil(SwiftNestingDepth.refusal(in: Array(decoys.utf8)))
        // The push-read summary does not parse a refused file either (it reads `userInfo`, so it would).
        let refused = head + "        let x = userInfo[\"a\"]\n        switch self {\n        ####////\(run)\n    }\n}\n"
        XCTAssertNotNil(SwiftNestingDepth.refusal(in: Array(refused.utf8)))
        XCTAssertTrue(PushReadReader.summary(path: "A.swift", text: refused, enumName: "NotificationType").isEmpty)
    }

    func testIfConfigBlocksNestAtMostTheLimitDeep() throws {
        // The fuzzer's shape: a string cut off by a line of `#if DEBUG` repeated 1,900 times, none closed.
        let limit = SwiftNestingDepth.conditionalCompilationLimit
        let head = "enum NotificationType: String { case message }\nlet key = userInfo[\"town_hall_po"
        // The first `#if` is the cut string's text (it ends with its line), as for the compiler.
        let open = String(repeating: "#if DEBUG\n", count: 1 + limit)
        XCTAssertNil(SwiftNestingDepth.refusal(in: Array((head + open).utf8)))
        let refusal = SwiftNestingDepth.refusal(in: Array((head + open + "#if DEBUG\n").utf8))
        XCTAssertEqual(refusal?.offset, (head + open).utf8.count)
        XCTAssertTrue(refusal?.reason.hasPrefix("`#if` blocks nest more than \(limit) levels deep") == true, "\(String(describing: refusal))")
        let findings = try CheckHarness.findings(["NaarsCars/Hostile.swift": head + String(repeating: "#if DEBUG\n", count: 1_900)])
        XCTAssertEqual(findings.filter { $0.ruleID == Rule.swiftSourceTooDeep.id }.map(\.location.line), [3 + limit])
        // Decoys: thousands of closed blocks one after another, `#elseif`/`#else`, `#if` in comments and strings, an
        // `#endif` too many (the compiler's error, not ours), and `#ifdef`-like words that open nothing.
        let closed = (0..<2_000).map { "#if DEBUG\nlet a\($0) = 1\n#elseif os(iOS)\nlet a\($0) = 2\n#else\nlet a\($0) = 3\n#endif\n" }.joined()
        let decoys = "#endif\n" + closed + String(repeating: "// #if DEBUG\n/* #if A */\nlet s = \"#if B\"\n#iffy\n#ifdef\n", count: 200)
            + String(repeating: "#if A\n", count: limit) + String(repeating: "#endif\n", count: limit)
        XCTAssertNil(SwiftNestingDepth.refusal(in: Array(decoys.utf8)))
    }

    func testTheSwitchesRecoveryWorkIsBoundedByTheBytesAfterThem() throws {
        // Each malformed switch sends the parser's recovery scanning to the end of the file (a switch without a
        // body, twice): the file is read while those scans add up to at most `malformedSwitchWork` bytes.
        let work = SwiftNestingDepth.malformedSwitchWork
        let braced = "func f() {\n    switch a { let x = 1 }\n    switch b { let y = 2 }\n    switch c { f() }\n    switch d { g() }\n}\n"
        let braceless = "func f() {\n    switch a\n    switch b\n    switch c {\n    case 1: break\n    default: break\n    }\n}\n"
        func switches(_ text: String) -> [Int] {
            var offsets: [Int] = [], rest = text[...]
            while let found = rest.range(of: "switch ") {
                offsets.append(text.utf8.distance(from: text.startIndex, to: found.lowerBound))
                rest = text[found.upperBound...]
            }
            return offsets
        }
        // Where each is counted, and how many scans: a body's `{`, once; a switch met before the last one's body, twice.
        let counted = [(braced, switches(braced).map { ($0 + "switch a ".utf8.count, 1) }),
                       (braceless, switches(braceless).dropFirst().map { ($0, 2) })]
        for (text, scans) in counted {
            func padded(_ size: Int) -> [UInt8] {
                Array((text + "//" + String(repeating: "x", count: size - text.utf8.count - 3) + "\n").utf8)
            }
            // sum of weight * (size - offset) <= work, so size <= (work + sum of weight * offset) / 4.
            let largest = (work + scans.reduce(0) { $0 + $1.0 * $1.1 }) / scans.reduce(0) { $0 + $1.1 }
            XCTAssertNil(SwiftNestingDepth.refusal(in: padded(largest)), text)
            let refusal = SwiftNestingDepth.refusal(in: padded(largest + 1))
            XCTAssertEqual(refusal?.offset, scans.last?.0, text)
            XCTAssertTrue(refusal?.reason.contains("switches whose body does not start with a `case`") == true, "\(String(describing: refusal))")
        }
        // Switches mid-edit at the end of a large file cost little: read.
        let large = String(repeating: "let a = 1\n", count: 20_000) + String(repeating: "func f() { switch a { g() } }\n", count: 10)
        XCTAssertNil(SwiftNestingDepth.refusal(in: Array(large.utf8)))
    }

    /// The hostile shapes of the third probe, each refused with a finding at its place, in bounded time:
    /// crashes (deep generics, a long `else if` chain), quadratic recovery (switches without a case) and
    /// exponential `[` (unclosed, or closed with the wrong bracket, or a subscript-like declaration).
    func testHostileShapesEndInAFindingNotASignalOrAHang() throws {
        let head = "let type: NotificationType = .message\n"
        let shapes: [(String, String, Int)] = [
            ("generics", "let x = " + String(repeating: "a<", count: 1_600) + "\n", 2),
            ("else if", "func f(_ v: Int) -> Int {\n    if v == 0 { return 0 }\n"
                + (1..<6_000).map { "    else if v == \($0) { return \($0) }\n" }.joined() + "    return -1\n}\n",
             3 + 1 + SwiftNestingDepth.elseIfChainLimit),
            ("switches", (0..<4_000).map { "func f\($0)() { switch self { switch self { } } }\n" }.joined(), 0),
            ("unclosed [", "let x = a" + String(repeating: "[", count: 30) + "\n", 2),
            ("closed by )", "let x = a" + String(repeating: "[", count: 30) + String(repeating: ")", count: 30) + "\n", 2),
            ("declaration", "var a" + String(repeating: "[", count: 24) + "b: Int = 0\n", 2),
            ("closed arrays", "let x = " + String(repeating: "[", count: 24) + "1" + String(repeating: "]", count: 24) + "\n", 2),
        ]
        for (name, body, line) in shapes {
            let started = Date()
            let findings = try CheckHarness.findings(["NaarsCars/Hostile.swift": head + body])
            XCTAssertLessThan(Date().timeIntervalSince(started), 20, name)
            let tooDeep = findings.filter { $0.ruleID == Rule.swiftSourceTooDeep.id }
            XCTAssertEqual(tooDeep.count, 1, "\(name): \(findings.map(\.message))")
            if line > 0 { XCTAssertEqual(tooDeep.first?.location.line, line, name) }
        }
    }

    func testOrdinaryCodeNearTheNewLimitsIsStillChecked() throws {
        // Decoys: nested literals within the `[` limit, comparisons without spaces on every line, many short
        // `else if` chains, a few switches mid-edit, generics a few levels deep.
        let text = "enum NotificationType: String { case message }\n"
            + "let grid = " + String(repeating: "[", count: SwiftNestingDepth.squareBracketLimit) + "1"
            + String(repeating: "]", count: SwiftNestingDepth.squareBracketLimit) + "\n"
            + (0..<500).map { "let c\($0) = a<b || b>c\n" }.joined()
            + (0..<500).map { "func g\($0)(_ v: Int) -> Int { if v == 0 { return 0 } else if v == 1 { return 1 } else { return 2 } }\n" }.joined()
            + (0..<5).map { "func s\($0)() { switch self { let x = 1 } }\n" }.joined()
            + "let d: Dictionary<String, Array<Set<Optional<Int>>>> = [:]\n"
        XCTAssertNil(SwiftNestingDepth.refusal(in: Array(text.utf8)))
    }
}
