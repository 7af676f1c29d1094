import ContractsCheck
import ContractsCore
import ContractsReport
import XCTest

final class ReportSummaryTests: XCTestCase {
    private func finding(_ severity: Severity, _ file: String) -> Finding {
        Finding(ruleID: "migration-gap", severity: severity, message: "m", location: SourceLocation(file: file, line: 1, column: 1))
    }

    func testCountsBySeverityAndDistinctFiles() {
        let summary = CheckSummary([finding(.error, "a"), finding(.error, "a"), finding(.warning, "b"), finding(.note, "a")])
        XCTAssertEqual(summary, CheckSummary(errors: 2, warnings: 1, notes: 1, files: 2))
        XCTAssertEqual(summary.total, 4)
    }

    func testLineNamesOnlyWhatIsThereWithPlurals() {
        XCTAssertEqual(CheckSummary(errors: 3, warnings: 1, notes: 0, files: 2).line, "3 errors, 1 warning in 2 files")
        XCTAssertEqual(CheckSummary(errors: 0, warnings: 0, notes: 1, files: 1).line, "1 note in 1 file")
        XCTAssertEqual(CheckSummary(errors: 1, warnings: 2, notes: 3, files: 1).line, "1 error, 2 warnings, 3 notes in 1 file")
        XCTAssertEqual(CheckSummary([]).line, "No drift found.")
    }

    func testExitCodeFailsOnlyOnErrors() {
        XCTAssertEqual(CheckSummary([]).exitCode, 0)
        XCTAssertEqual(CheckSummary([finding(.warning, "a"), finding(.note, "b")]).exitCode, 0)
        XCTAssertEqual(CheckSummary([finding(.warning, "a"), finding(.error, "b")]).exitCode, 1)
    }

    /// `check --staged`: what the last commit already had is counted in a line of its own, after the summary, in
    /// the text and Markdown reports; a commit that brings nothing says so rather than "No drift found".
    func testFindingsHeldBackByStagedAreCountedInALineOfTheirOwn() {
        var summary = CheckSummary([finding(.error, "a")])
        XCTAssertNil(summary.notBlockingLine)
        summary.notBlocking = 63
        XCTAssertEqual(summary.line, "1 error in 1 file")
        XCTAssertEqual(summary.notBlockingLine, "63 findings already on the branch do not block this commit (--verbose lists them)")
        XCTAssertTrue(TextReporter().render([finding(.error, "a")], summary: summary)
            .hasSuffix("\n1 error in 1 file\n63 findings already on the branch do not block this commit (--verbose lists them)\n"))
        XCTAssertFalse(TextReporter(summaryLine: false).render([finding(.error, "a")], summary: summary).contains("already"),
                       "--quiet: findings only")
        var nothing = CheckSummary([])
        nothing.notBlocking = 1
        XCTAssertEqual(nothing.line, "No new drift in this commit.")
        XCTAssertEqual(nothing.notBlockingLine, "1 finding already on the branch does not block this commit (--verbose lists it)")
        XCTAssertEqual(MarkdownReporter().render([], summary: nothing), """
            ### naars-contracts

            No new drift in this commit.

            1 finding already on the branch does not block this commit (--verbose lists it)

            """)
    }
}
