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

    func testEveryFormatIsIndependentOfInputOrder() {
        for format in ReportFormat.allCases {
            let reporter = format.reporter(useColor: false)
            XCTAssertEqual(
                reporter.render(ReportFixtures.findings.reversed(), summary: ReportFixtures.summary),
                reporter.render(ReportFixtures.findings, summary: ReportFixtures.summary), "\(format)")
        }
    }

    func testFormatsParseFromTheirCommandLineNames() {
        XCTAssertEqual(ReportFormat.allCases.map(\.rawValue), ["text", "xcode", "json", "github", "sarif"])
        XCTAssertEqual(ReportFormat(rawValue: "sarif"), .sarif)
        XCTAssertNil(ReportFormat(rawValue: "html"))
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
        let sarif = SARIFReporter().render([], summary: CheckSummary([]))
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let run = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first)
        XCTAssertEqual((run["results"] as? [Any])?.count, 0)
    }
}
