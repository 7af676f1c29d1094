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
}
