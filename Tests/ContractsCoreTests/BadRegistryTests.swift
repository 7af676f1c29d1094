import ContractsCore
import Foundation
import XCTest

/// Every kind of bad registry gives its error at the right line and column, with a message that says
/// what to do. (That nothing is written is proved by the CLI tests.)
final class BadRegistryTests: XCTestCase {
    /// A small valid registry the cases below break one way each.
    static let base = """
    version: 1
    notification_types:
      swift_enum: Kind
      sql: { table: notes, column: kind, constraint: notes_kind_check }
      fallback: other
      values:
        - raw: ping
          badge: bell
          deep_link: inbox
        - raw: other
    badges:
      cases: [bell]
    deep_links:
      cases:
        - name: inbox
    payloads:
      Counts:
        fields:
          total: { type: int, default: 0 }
        rpc: get_counts
    outputs: { swift: out/swift, typescript: out/ts }

    """

    private func assertError(_ text: String, line: Int, column: Int, contains fragment: String, ruleIDs: [String]? = nil,
                             file: StaticString = #filePath, testLine: UInt = #line) {
        assertRegistryError(text, base: Self.base, line: line, column: column, contains: fragment, ruleIDs: ruleIDs,
                            file: file, testLine: testLine)
    }

    private func replacing(_ old: String, _ new: String) -> String {
        precondition(Self.base.contains(old), old)
        return Self.base.replacingOccurrences(of: old, with: new)
    }

    func testYAMLSyntaxError() {
        // libyaml notices the unclosed list where the next mapping key's colon appears.
        assertError(replacing("cases: [bell]", "cases: [bell"), line: 13, column: 11, contains: "YAML syntax error")
    }

    /// The usual causes of a YAML syntax error get a hint naming the line: a tab, a missing space after a colon, a key
    /// indented off its mapping; an error of another kind gets none.
    func testYAMLSyntaxErrorsHintAtTheirUsualCauses() {
        assertError(replacing("  fallback: other\n", "\tfallback: other\n"), line: 5, column: 1,
                    contains: "hint: line 5 is indented with a tab; YAML indents with spaces only")
        assertError(replacing("      fallback: other\n".dropFirst(4).description, "fallback:other\n  values:\n"), line: 6, column: 9,
                    contains: "hint: line 5 has no space after `fallback:`; YAML needs `fallback: value`")
        assertError(replacing("  fallback: other\n", "  fallback: other\n     values_typo: 1\n"), line: 6, column: 17,
                    contains: "hint: line 6 is indented 5 spaces, the key above it 2: keys of one mapping line up")
        do {
            _ = try RegistryLoader.load(text: replacing("cases: [bell]", "cases: [bell"), file: "registry.yaml")
        } catch let errors as RegistryErrors {
            XCTAssertFalse(errors.description.contains("hint:"), errors.description)
        } catch {
            XCTFail("\(error)")
        }
    }

    func testDuplicateKeyPointsAtTheSecondOccurrence() {
        assertError(replacing("      badge: bell\n", "      badge: bell\n      badge: bell\n"), line: 9, column: 7,
                    contains: "duplicate key 'badge' (first at line 8)")
    }

    func testUnknownKeySuggestsTheClosest() {
        assertError(replacing("      badge: bell", "      bagde: bell"), line: 8, column: 7, contains: "did you mean 'badge'?")
        assertError(replacing("version: 1", "version: 1\nnotification_type: {}"), line: 2, column: 1,
                    contains: "did you mean 'notification_types'?")
    }

    func testDuplicateRawValue() {
        assertError(replacing("    - raw: other", "    - raw: ping"), line: 10, column: 7, contains: "duplicate raw value 'ping'")
    }

    func testDuplicateCaseName() {
        assertError(replacing("    - raw: other", "    - raw: other\n      case: ping"), line: 10, column: 7,
                    contains: "duplicate Swift case name 'ping'")
    }

    func testRawValueFormatAndHostileValues() {
        // Raw values are data (escaped wherever they are written); one that makes no Swift case name needs `case:`.
        assertError(replacing("raw: ping", "raw: Ping-Pong"), line: 7, column: 12,
                    contains: "raw value 'Ping-Pong' does not make a Swift case name; give one with `case:` (for example `case: pingPong`)")
        assertError(replacing("raw: ping", "raw: \"x'); DROP TABLE notes; --\""), line: 7, column: 12, contains: "give one with `case:`")
        assertError(replacing("raw: ping", "raw: \"a\\tb\""), line: 7, column: 12,
                    contains: "must be a non-empty string of at most 255 bytes without control, line-separator or bidi characters")
        assertError(replacing("raw: ping", "raw: \"\""), line: 7, column: 12, contains: "must be a non-empty string")
        assertError(replacing("column: kind", "column: \"kind; drop\""), line: 4, column: 32, contains: "lowercase SQL identifier")
        assertError(replacing("swift: out/swift", "swift: ../../etc"), line: 21, column: 19, contains: "relative path inside the project")
        assertError(replacing("swift: out/swift", "swift: /etc"), line: 21, column: 19, contains: "relative path inside the project")
    }

    func testKeywordsAsTypeNamesAreRefused() {
        assertError(replacing("swift_enum: Kind", "swift_enum: class"), line: 3, column: 15, contains: "keyword")
        assertError(replacing("version: 1\nnotification_types:\n", "version: 1\nnotification_types:\n  typescript_const: enum\n"),
                    line: 3, column: 21, contains: "TypeScript reserved word")
    }

    func testKeywordCaseNamesAreAcceptedForEscaping() throws {
        let registry = try RegistryLoader.load(text: replacing("raw: ping", "raw: default"), file: "registry.yaml")
        XCTAssertEqual(registry.notificationTypes!.values.first?.swiftCase, "default")
    }

    func testReferencesMustResolve() {
        assertError(replacing("deep_link: inbox", "deep_link: inbx"), line: 7, column: 7, contains: "did you mean 'inbox'?")
        assertError(replacing("fallback: other", "fallback: othr"), line: 3, column: 3, contains: "fallback 'othr'")
        assertError(replacing("badge: bell", "badge: belll"), line: 7, column: 7, contains: "badge 'belll'")
        assertError(replacing("type: int, default: 0", "type: \"[Detail]\", default: []"), line: 19, column: 14,
                    contains: "neither a scalar nor a payload")
    }

    /// A payload meets the app's code by `type_name`, by its `rpc` (whatever type the app decodes that result into),
    /// or as the type of another payload's field; one with none of these is refused at its name.
    func testAPayloadNothingBindsIsRefusedAtItsName() throws {
        assertError(replacing("    rpc: get_counts\n", ""), line: 17, column: 3,
                    contains: "payload Counts names neither the type the app decodes it into nor the RPC that returns it, and no other payload's field is of its type; add `type_name: Counts` or `rpc: <function>`")
        // The RPC binds it alone (the generated type keeps the payload's name), or its type's name does; a payload
        // only another one's field is of needs neither.
        XCTAssertEqual(try RegistryLoader.load(text: Self.base, file: "registry.yaml").payloads.map(\.typeName), ["Counts"])
        XCTAssertNoThrow(try RegistryLoader.load(text: replacing("    rpc: get_counts\n", "    type_name: Counts\n"), file: "registry.yaml"))
        let nested = try RegistryLoader.load(text: replacing("    rpc: get_counts\n", "    rpc: get_counts\n  Detail:\n    fields: { n: int }\n")
                                                 .replacingOccurrences(of: "total: { type: int, default: 0 }",
                                                                       with: "total: { type: int, default: 0 }\n      details: \"[Detail]\""),
                                             file: "registry.yaml")
        XCTAssertEqual(nested.payloads.map(\.name), ["Counts", "Detail"])
    }

    func testAnchorsAndAliasesAreRefused() {
        assertError(replacing("cases: [bell]", "cases: &b [bell]\nextra: *b"), line: 12, column: 10, contains: "anchors and aliases")
    }

    func testAliasBombIsRefusedQuickly() {
        var bomb = "version: 1\n"
        bomb += "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        for i in 1...12 {
            let refs = Array(repeating: "*a\(i - 1)", count: 9).joined(separator: ", ")
            bomb += "a\(i): &a\(i) [\(refs)]\n"
        }
        bomb += "notification_types: *a12\n"
        let start = Date()
        XCTAssertThrowsError(try RegistryLoader.load(text: bomb, file: "registry.yaml"))
        XCTAssertLessThan(Date().timeIntervalSince(start), 5, "9^12 expansions must never happen")
    }

    func testUnknownRuleAndSeverity() {
        assertError(replacing("version: 1", "version: 1\nrules: { sql-constraint-drif: warning }"), line: 2, column: 10,
                    contains: "did you mean 'sql-constraint-drift'?", ruleIDs: ["sql-constraint-drift", "migration-gap"])
        assertError(replacing("version: 1", "version: 1\nrules: { migration-gap: loud }"), line: 2, column: 25,
                    contains: "must be one of error, warning, note, off")
    }

    func testEveryErrorIsReportedAtOnce() {
        let text = replacing("raw: ping", "raw: Ping-Pong").replacingOccurrences(of: "fallback: other", with: "fallback: nope")
        XCTAssertThrowsError(try RegistryLoader.load(text: text, file: "registry.yaml")) { error in
            XCTAssertGreaterThanOrEqual((error as? RegistryErrors)?.errors.count ?? 0, 2)
        }
    }
}
