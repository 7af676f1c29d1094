import ContractsCheck
import ContractsCore
import ContractsReport
import XCTest

/// Every format rendered from the same canned findings and compared with its checked-in file.
final class ReportGoldenTests: XCTestCase {
    private func render(_ format: ReportFormat, color: Bool = false) -> String {
        format.reporter(useColor: color).render(ReportFixtures.findings, summary: ReportFixtures.summary)
    }

    func testText() throws { try ReportFixtures.assertGolden(render(.text), "text.txt") }
    func testTextWithColor() throws { try ReportFixtures.assertGolden(render(.text, color: true), "text-color.txt") }
    func testXcode() throws { try ReportFixtures.assertGolden(render(.xcode), "xcode.txt") }
    func testJSON() throws { try ReportFixtures.assertGolden(render(.json), "findings.json") }
    func testGitHub() throws { try ReportFixtures.assertGolden(render(.github), "github.txt") }
    func testSARIF() throws { try ReportFixtures.assertGolden(render(.sarif), "findings.sarif") }
    func testMarkdown() throws { try ReportFixtures.assertGolden(render(.markdown), "findings.md") }
    func testJUnit() throws { try ReportFixtures.assertGolden(render(.junit), "junit.xml") }
    func testCodeClimate() throws { try ReportFixtures.assertGolden(render(.codeclimate), "codeclimate.json") }

    /// Every format has its golden test above (a format added without one fails here).
    func testEveryFormatHasAGoldenFile() throws {
        let names: [ReportFormat: String] = [.text: "text.txt", .xcode: "xcode.txt", .json: "findings.json",
                                             .github: "github.txt", .sarif: "findings.sarif", .markdown: "findings.md",
                                             .junit: "junit.xml", .codeclimate: "codeclimate.json"]
        XCTAssertEqual(Set(names.keys), Set(ReportFormat.allCases))
        for name in names.values {
            XCTAssertTrue(FileManager.default.fileExists(atPath: ReportFixtures.sourceFolder.appendingPathComponent(name).path), name)
        }
    }

    func testEveryFormatIsIndependentOfInputOrder() {
        for format in ReportFormat.allCases {
            let reporter = format.reporter(useColor: false)
            XCTAssertEqual(
                reporter.render(ReportFixtures.findings.reversed(), summary: ReportFixtures.summary),
                reporter.render(ReportFixtures.findings, summary: ReportFixtures.summary), "\(format)")
        }
    }

    func testFormatsParseFromTheirCommandLineNames() {
        XCTAssertEqual(ReportFormat.allCases.map(\.rawValue), ["text", "xcode", "json", "github", "sarif", "markdown", "junit", "codeclimate"])
        XCTAssertEqual(ReportFormat(rawValue: "sarif"), .sarif)
        XCTAssertNil(ReportFormat(rawValue: "html"))
    }

    /// GitHub shows 10 annotations of each kind for a step: errors first, each kind capped, and one notice (in the
    /// last notice's place) says how many were left out; the step summary has them all.
    func testGitHubAnnotationsStopAtGitHubsLimitsErrorsFirst() {
        func finding(_ severity: Severity, _ n: Int) -> Finding {
            Finding(ruleID: "sql-unknown-literal", severity: severity, message: "m\(n)",
                    location: SourceLocation(file: "a.sql", line: n, column: 1))
        }
        let findings = (1 ... 25).map { finding(.note, $0) } + (26 ... 28).map { finding(.warning, $0) }
            + (29 ... 40).map { finding(.error, $0) }
        let lines = GitHubReporter().render(findings, summary: CheckSummary(findings)).split(separator: "\n")
        XCTAssertEqual(lines.count, 10 + 3 + 9 + 1)
        XCTAssertTrue(lines.prefix(10).allSatisfy { $0.hasPrefix("::error ") }, "errors first")
        XCTAssertEqual(lines.filter { $0.hasPrefix("::warning ") }.count, 3)
        XCTAssertEqual(lines.last, "::notice title=naars-contracts::18 more finding(s) are not shown as annotations "
            + "(GitHub shows 10 of each kind for a step); the step summary lists all 40")
        let few = Array(findings.suffix(5))
        XCTAssertEqual(GitHubReporter().render(few, summary: CheckSummary(few)).split(separator: "\n").count, 5,
                       "under the limits, no notice")
        let markdown = MarkdownReporter().render(findings, summary: CheckSummary(findings))
        XCTAssertEqual(markdown.split(separator: "\n").filter { $0.hasPrefix("| error") || $0.hasPrefix("| warning") || $0.hasPrefix("| note") }.count, 40)
    }

    /// A message cannot break the table or inject markup; its line breaks are the one tag let through.
    func testMarkdownCellsEscapePipesAndMarkup() {
        let finding = Finding(ruleID: "ts-unknown-literal", severity: .error, message: "'a|b' <img src=x> in `x`\nnext",
                              location: SourceLocation(file: "f|`.ts", line: 1, column: 2))
        let text = MarkdownReporter().render([finding], summary: CheckSummary([finding]))
        XCTAssertTrue(text.contains("| error | ``f\\|`.ts:1:2`` | `ts-unknown-literal` | 'a\\|b' &lt;img src=x&gt; in `x`<br>next |  |\n"), text)
    }

    func testTextWithoutFindingsSaysSo() {
        XCTAssertEqual(TextReporter().render([], summary: CheckSummary([])), "No drift found.\n")
    }

    func testTextWithoutColorHasNoEscapeCodes() {
        XCTAssertFalse(render(.text).contains("\u{1B}["))
        XCTAssertTrue(render(.text, color: true).contains("\u{1B}[31merror\u{1B}[0m  "))
    }

    func testMachineFormatsOfNoFindingsAreStillComplete() throws {
        let json = JSONReporter().render([], summary: CheckSummary([]))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        XCTAssertEqual((object["findings"] as? [Any])?.count, 0)
        XCTAssertEqual(XcodeReporter().render([], summary: CheckSummary([])), "")
        XCTAssertEqual(GitHubReporter().render([], summary: CheckSummary([])), "")
        XCTAssertEqual(CodeClimateReporter().render([], summary: CheckSummary([])), "[]\n")
        XCTAssertTrue(JUnitReporter().render([], summary: CheckSummary([])).contains("<testcase name=\"check: No drift found.\""))
        let sarif = SARIFReporter().render([], summary: CheckSummary([]))
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        XCTAssertEqual((run["results"] as? [Any])?.count, 0)
    }
}
