@testable import ContractsCheck
import ContractsCore
@testable import ContractsReport
import XCTest

/// The escaping each format needs, tested on the characters that break them.
final class ReportEscapingTests: XCTestCase {
    private func finding(_ message: String, file: String = "a.sql", severity: Severity = .error) -> Finding {
        Finding(ruleID: "sql-unknown-literal", severity: severity, message: message,
                location: SourceLocation(file: file, line: 3, column: 9))
    }

    func testGitHubEscapesDataAsTheActionsToolkitDoes() {
        XCTAssertEqual(GitHubReporter.escapeData("100%, a:b\r\nc"), "100%25, a:b%0D%0Ac")
        XCTAssertEqual(GitHubReporter.escapeData("plain text"), "plain text")
    }

    func testGitHubEscapesPropertiesAlsoForColonAndComma() {
        XCTAssertEqual(GitHubReporter.escapeProperty("db/1,2:3%.sql"), "db/1%2C2%3A3%25.sql")
    }

    func testGitHubLineForAWarningAndANote() {
        let warning = GitHubReporter().render([finding("x", file: "db/a,b.sql", severity: .warning)],
                                              summary: CheckSummary(errors: 0, warnings: 1, notes: 0, files: 1))
        XCTAssertEqual(warning, "::warning file=db/a%2Cb.sql,line=3,col=9,title=sql-unknown-literal::x\n")
        let note = GitHubReporter().render([finding("y", severity: .note)], summary: CheckSummary([]))
        XCTAssertTrue(note.hasPrefix("::notice file=a.sql,"))
    }

    /// Xcode reads one diagnostic a line: a message's first line is the error, each later line a note under it.
    func testXcodeGivesEachLineOfAMessageALineOfItsOwn() {
        let out = XcodeReporter().render([finding("one\r\ntwo\n\nthree\rfour")], summary: CheckSummary([]))
        XCTAssertEqual(out, """
            a.sql:3:9: error: one (sql-unknown-literal)
            a.sql:3:9: note: two
            a.sql:3:9: note: three
            a.sql:3:9: note: four

            """)
        let fix = Finding(ruleID: "r", severity: .warning, message: "m", location: SourceLocation(file: "a.sql", line: 1, column: 1),
                          fix: "first\nsecond")
        XCTAssertEqual(XcodeReporter().render([fix], summary: CheckSummary([])),
                       "a.sql:1:1: warning: m (r)\na.sql:1:1: note: fix: first second\n", "a fix stays on one line")
    }

    /// CommonMark reads no entity or escape inside a code span: there the characters are written as they are, in a
    /// fence longer than any run of backticks inside; outside, HTML's three are entities and a stray backtick escaped.
    func testMarkdownCodeSpansHoldTheirCharactersAsTheyAre() {
        XCTAssertEqual(MarkdownReporter.cell("Use `Array<T>` & `a|b`, not <T> & \\"),
                       "Use `Array<T>` &amp; `a\\|b`, not &lt;T&gt; &amp; \\\\")
        XCTAssertEqual(MarkdownReporter.cell("a lone ` and ``two``"), "a lone \\` and `two`")
        XCTAssertEqual(MarkdownReporter.code("a`b"), "``a`b``")
        XCTAssertEqual(MarkdownReporter.code("`x"), "`` `x ``")
        XCTAssertEqual(MarkdownReporter.code("a``b`"), "``` a``b` ```")
        XCTAssertEqual(MarkdownReporter.code(" a "), "`  a  `", "a reader strips one space from each end")
        XCTAssertEqual(MarkdownReporter.code("a &lt; b"), "`a &lt; b`")

        let finding = Finding(ruleID: "swift-enum-drift", severity: .error, message: "Type `Box<T>` uses `&`, and a ` stray <b>",
                              location: SourceLocation(file: "a<b>&`c.swift", line: 1, column: 2), fix: "write `x ?? \"<none>\"`")
        let row = MarkdownReporter().render([finding], summary: CheckSummary([finding])).split(separator: "\n").last.map(String.init)
        XCTAssertEqual(row, "| error | ``a<b>&`c.swift:1:2`` | `swift-enum-drift` | Type `Box<T>` uses `&`, and a \\` stray &lt;b&gt; "
                       + "| write `x ?? \"<none>\"` |")
        let failure = ToolFailure([.init("bad <T>", at: SourceLocation(file: "a&b.yaml", line: 1, column: 1))])
        XCTAssertEqual(ReportFormat.markdown.render(failure), "### naars-contracts\n\n- `a&b.yaml:1:1`: bad &lt;T&gt;\n")
    }

    func testJSONStringsEscapeQuotesBackslashesAndControlCharacters() {
        XCTAssertEqual(JSONValue.quoted("a\"b\\c\nd\te\u{01}f/é"), "\"a\\\"b\\\\c\\nd\\te\\u0001f/é\"")
    }

    func testJSONRendersSortedAndIndented() {
        let value = JSONValue.object(["b": .array([.int(1), .null]), "a": .object([:]), "c": .array([])])
        XCTAssertEqual(value.rendered(), "{\n  \"a\": {},\n  \"b\": [\n    1,\n    null\n  ],\n  \"c\": []\n}\n")
    }

    func testJSONReportRoundTripsThroughAParser() throws {
        let text = JSONReporter().render(ReportFixtures.findings, summary: ReportFixtures.summary)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(object["version"] as? Int, 1)
        let findings = try XCTUnwrap(object["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.count, 6)
        let tsFinding = try XCTUnwrap(findings.first(where: { $0["rule"] as? String == "ts-unknown-literal" }))
        XCTAssertEqual(tsFinding["message"] as? String, ReportFixtures.findings[0].message)
        XCTAssertEqual((tsFinding["registry"] as? [String: Any])?["line"] as? Int, 40)
        let gap = try XCTUnwrap(findings.first(where: { $0["rule"] as? String == "migration-gap" }))
        XCTAssertTrue(gap["fix"] is NSNull)
        XCTAssertTrue(gap["registry"] is NSNull)
        XCTAssertEqual(Set(gap.keys), ["rule", "severity", "message", "file", "line", "column", "registry", "fix", "related"])
        let summary = try XCTUnwrap(object["summary"] as? [String: Int])
        XCTAssertEqual(summary, ["errors": 4, "warnings": 1, "notes": 1, "baselined": 0, "suppressed": 0])
    }

    func testSARIFURIsPercentEncodeWhatIsNotUnreserved() {
        XCTAssertEqual(SARIFReporter.uri("supabase/functions/_shared/a-b.c~d.ts"), "supabase/functions/_shared/a-b.c~d.ts")
        XCTAssertEqual(SARIFReporter.uri("db/my file#1%.sql"), "db/my%20file%231%25.sql")
        XCTAssertEqual(SARIFReporter.uri("Vues/É.swift"), "Vues/%C3%89.swift")
    }

    func testSARIFListsEveryRuleAndIndexesResultsIntoThem() throws {
        let unknown = Finding(ruleID: "registry-invalid", severity: .error, message: "m",
                              location: SourceLocation(file: "registry.yaml", line: 0, column: 0))
        let text = SARIFReporter().render(ReportFixtures.findings + [unknown], summary: CheckSummary([]))
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let ruleIDs = try XCTUnwrap(driver["rules"] as? [[String: Any]]).compactMap { $0["id"] as? String }
        XCTAssertEqual(ruleIDs, Rule.all.map(\.id) + ["registry-invalid"])
        for result in try XCTUnwrap(run["results"] as? [[String: Any]]) {
            let index = try XCTUnwrap(result["ruleIndex"] as? Int)
            XCTAssertEqual(ruleIDs[index], result["ruleId"] as? String)
        }
        // Line 0 has no SARIF region: the location names the file only.
        let last = try XCTUnwrap((run["results"] as? [[String: Any]])?.first(where: { $0["ruleId"] as? String == "registry-invalid" }))
        let physical = try XCTUnwrap(((last["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
        XCTAssertNil(physical["region"])
    }
}
