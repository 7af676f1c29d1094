import ContractsCheck
import ContractsCore
import ContractsReport
import ContractsTestSupport
import Foundation
import XCTest

/// The SARIF report validated against the official SARIF 2.1.0 JSON schema (checked in under
/// Fixtures/reporters, see its README) with Python's `jsonschema`, the validator GitHub's own docs point to.
///
/// Needs a python3 with `jsonschema` (`SchemaValidatorPython`).
final class ReportSARIFSchemaTests: XCTestCase {
    func testCannedReportIsValidSARIF() throws {
        let log = SARIFReporter().render(ReportFixtures.findings, summary: ReportFixtures.summary)
        let problems = try validate(log)
        XCTAssertEqual(problems, "", "the SARIF report does not validate")
    }

    func testReportWithSubjectsIsValidSARIF() throws {
        let findings = ReportSubjectTests.findings
        XCTAssertEqual(try validate(SARIFReporter().render(findings, summary: CheckSummary(findings))), "")
    }

    func testReportWithoutFindingsIsValidSARIF() throws {
        XCTAssertEqual(try validate(SARIFReporter().render([], summary: CheckSummary([]))), "")
    }

    func testTheLogOfARunThatStoppedIsValidSARIF() throws {
        let failure = ToolFailure([
            .init("unknown key 'notification_typs' in the registry", at: SourceLocation(file: "app/registry.yaml", line: 3, column: 1)),
            .init("cannot read the baseline"),
        ])
        let log = try XCTUnwrap(ReportFormat.sarif.render(failure))
        XCTAssertEqual(try validate(log), "", "the SARIF log of a failed run does not validate")
        XCTAssertTrue(log.contains("\"executionSuccessful\": false"), log)
    }

    func testValidatorRejectsALogTheSchemaForbids() throws {
        let log = SARIFReporter().render(ReportFixtures.findings, summary: ReportFixtures.summary)
            .replacingOccurrences(of: "\"level\": \"warning\"", with: "\"level\": \"fatal\"")
            .replacingOccurrences(of: "\"startLine\": 1\n", with: "\"startLine\": 0\n")
        let problems = try validate(log)
        XCTAssertTrue(problems.contains("'fatal' is not one of"), problems)
        XCTAssertTrue(problems.contains("0 is less than the minimum of 1"), problems)
    }

    // MARK: - Running the validator

    private static let script = """
        import json, sys, jsonschema
        schema = json.load(open(sys.argv[1]))
        log = json.load(open(sys.argv[2]))
        for error in sorted(jsonschema.Draft7Validator(schema).iter_errors(log), key=str):
            print("/".join(str(p) for p in error.absolute_path) + ": " + error.message)
        """

    /// The validator's complaints, one a line; empty when the log is valid.
    private func validate(_ log: String) throws -> String {
        let schema = try ReportFixtures.fixtureURL("sarif-schema-2.1.0.json")
        return try SchemaValidatorPython.validate(log, fileExtension: "json", python: SchemaValidatorPython.with("jsonschema"),
                                                  script: ReportSARIFSchemaTests.script, arguments: [schema.path])
    }
}
