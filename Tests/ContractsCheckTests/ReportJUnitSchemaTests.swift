import ContractsCheck
import ContractsCore
@testable import ContractsReport
import ContractsTestSupport
import Foundation
import XCTest

/// The JUnit report validated against the JUnit schema Jenkins' reading follows (`Fixtures/reporters/junit.xsd`,
/// see its README) with Python's `xmlschema`, its counts checked against its testcases, and its text read back
/// by an XML parser as it was meant.
///
/// Needs a python3 with `xmlschema` (`SchemaValidatorPython`).
final class ReportJUnitSchemaTests: XCTestCase {
    func testCannedReportIsValidJUnit() throws {
        XCTAssertEqual(try validate(JUnitReporter().render(ReportFixtures.findings, summary: ReportFixtures.summary)), "")
    }

    /// A clean run is one passing testcase, so a test report page still shows the check ran.
    func testACleanRunIsOnePassingTestcase() throws {
        let report = JUnitReporter().render([], summary: CheckSummary([]))
        XCTAssertEqual(try validate(report), "")
        let cases = try read(report)
        XCTAssertEqual(cases.count, 1)
        XCTAssertEqual(cases.first?["suite"] as? String, "naars-contracts")
        XCTAssertEqual(cases.first?["name"] as? String, "check: No drift found.")
        XCTAssertNil(cases.first?["failure"] as? [String: Any])
    }

    /// Errors and warnings fail (typed by severity), notes pass with their text in system-out; one suite a rule.
    func testEachFindingIsATestcaseInItsRulesSuite() throws {
        let cases = try read(JUnitReporter().render(ReportFixtures.findings, summary: ReportFixtures.summary))
        XCTAssertEqual(cases.count, ReportFixtures.findings.count)
        XCTAssertEqual(cases.map { $0["suite"] as? String }, cases.map { $0["classname"] as? String })
        XCTAssertEqual(cases.compactMap { $0["suite"] as? String }, [
            "db-function-drift", "migration-duplicate-number", "migration-gap", "sql-constraint-unreadable",
            "swift-enum-drift", "ts-unknown-literal",
        ])
        let byRule = Dictionary(uniqueKeysWithValues: cases.map { ($0["suite"] as! String, $0) })
        let gap = try XCTUnwrap(byRule["migration-gap"]?["failure"] as? [String: Any])
        XCTAssertEqual(gap["type"] as? String, "warning")
        XCTAssertNil(byRule["sql-constraint-unreadable"]?["failure"] as? [String: Any], "a note passes")
        XCTAssertTrue((byRule["sql-constraint-unreadable"]?["out"] as? String)?.hasPrefix("note: The CHECK constraint") == true)
        let duplicate = try XCTUnwrap(byRule["migration-duplicate-number"]?["failure"] as? [String: Any])
        XCTAssertEqual(duplicate["type"] as? String, "error")
        XCTAssertEqual(duplicate["text"] as? String, """
            error: Migrations 128_a.sql and 128_b.sql share number 128.
            at database/128_a.sql:1:1
            fix: Renumber one of them: `naars-contracts migrations next` prints the next free number.
            related: database/128_b.sql:1:1
            """)
        // A message of several lines (a diff): its first line is the title, the whole of it the text.
        let drift = try XCTUnwrap(byRule["db-function-drift"]?["failure"] as? [String: Any])
        XCTAssertEqual(drift["message"] as? String,
                       "Live function public.notify differs from its last definition in database/001_init.sql: body")
        XCTAssertTrue((drift["text"] as? String)?.contains("\n+INSERT INTO public.notifications (id, type) VALUES (p_id + 1, 'message');\n") == true)
    }

    /// What XML cannot carry or would change: markup characters, quotes, a carriage return, control characters
    /// (XML 1.0 has no way to write ESC or NUL), bidirectional controls, U+FFFE. The report stays valid and reads
    /// back as the other formats for people show it.
    func testHostileTextStaysValidAndReadsBack() throws {
        let finding = Finding(
            ruleID: "ts-unknown-literal", severity: .error,
            message: "'a<b>&\"c\"' \u{1B}[2J\u{0}\u{202E}x\u{FFFE}\r\nsecond\tline",
            location: SourceLocation(file: "f<&>\".ts", line: 2, column: 3), fix: "use ]]> and &amp;")
        let report = JUnitReporter().render([finding], summary: CheckSummary([finding]))
        XCTAssertEqual(try validate(report), "")
        let failure = try XCTUnwrap(try read(report).first?["failure"] as? [String: Any])
        XCTAssertEqual(failure["message"] as? String, "'a<b>&\"c\"' \\u{1B}[2J\\u{0}\\u{202E}x\\u{FFFE}")
        XCTAssertEqual(failure["text"] as? String, """
            error: 'a<b>&"c"' \\u{1B}[2J\\u{0}\\u{202E}x\\u{FFFE}\r
            second\tline
            at f<&>".ts:2:3
            fix: use ]]> and &amp;
            """)
    }

    /// A run that stopped with exit 2 is a testcase with an `<error>` per message, not an empty file.
    func testTheReportOfARunThatStoppedIsValidJUnit() throws {
        let failure = ToolFailure([
            .init("unknown key 'notification_typs' in the registry", at: SourceLocation(file: "app/registry.yaml", line: 3, column: 1)),
            .init("cannot read the baseline"),
        ])
        let report = try XCTUnwrap(ReportFormat.junit.render(failure))
        XCTAssertEqual(try validate(report), "")
        let cases = try read(report)
        XCTAssertEqual(cases.count, 2)
        XCTAssertEqual((cases.first?["error"] as? [String: Any])?["message"] as? String,
                       "unknown key 'notification_typs' in the registry")
        XCTAssertEqual(cases.first?["name"] as? String, "app/registry.yaml:3:1: unknown key 'notification_typs' in the registry")
        XCTAssertTrue(report.contains("<testsuites name=\"naars-contracts\" tests=\"2\" failures=\"0\" errors=\"2\""), report)
    }

    /// The validator is not a formality: a count that is not a number, a missing name and a testcase out of
    /// place are each refused, and counts that disagree with the testcases are caught.
    func testValidatorRejectsReportsTheSchemaForbids() throws {
        let report = JUnitReporter().render(ReportFixtures.findings, summary: ReportFixtures.summary)
        XCTAssertTrue(try validate(report.replacingOccurrences(of: "failures=\"1\"", with: "failures=\"one\"")).contains("schema: "))
        XCTAssertTrue(try validate(report.replacingOccurrences(of: "<testcase name=", with: "<testcase title=")).contains("schema: "))
        XCTAssertTrue(try validate(report.replacingOccurrences(of: "<system-out>", with: "<stdout>")
            .replacingOccurrences(of: "</system-out>", with: "</stdout>")).contains("schema: "))
        let miscounted = report.replacingOccurrences(of: "<testsuites name=\"naars-contracts\" tests=\"6\"",
                                                     with: "<testsuites name=\"naars-contracts\" tests=\"7\"")
        XCTAssertNotEqual(miscounted, report)
        let complaint = try validate(miscounted)
        XCTAssertTrue(complaint.contains("testsuites: tests=7, but 6 testcases"), complaint)
    }

    // MARK: - Running the validator

    /// Schema errors, then any count that disagrees with the testcases.
    private static let script = """
        import sys, xmlschema, xml.etree.ElementTree as ET
        schema = xmlschema.XMLSchema(sys.argv[1])
        for error in schema.iter_errors(sys.argv[2]):
            print("schema: " + str(error.path) + ": " + str(error.reason))
        root = ET.parse(sys.argv[2]).getroot()
        def counts(cases):
            return (len(cases), sum(1 for c in cases if c.find("failure") is not None),
                    sum(1 for c in cases if c.find("error") is not None))
        everything = []
        for suite in root.iter("testsuite"):
            cases = suite.findall("testcase")
            everything += cases
            tests, failures, errors = counts(cases)
            for name, value in (("tests", tests), ("failures", failures), ("errors", errors)):
                if suite.get(name) != str(value):
                    print("testsuite %s: %s=%s, but %d testcases" % (suite.get("name"), name, suite.get(name), value))
        tests, failures, errors = counts(everything)
        for name, value in (("tests", tests), ("failures", failures), ("errors", errors)):
            if root.get(name) != str(value):
                print("testsuites: %s=%s, but %d testcases" % (name, root.get(name), value))
        """

    /// Every testcase as a parser reads it: suite, name, classname, failure or error (type, message, text), out.
    private static let reader = """
        import sys, json, xml.etree.ElementTree as ET
        root = ET.parse(sys.argv[1]).getroot()
        cases = []
        for suite in root.iter("testsuite"):
            for case in suite.findall("testcase"):
                item = {"suite": suite.get("name"), "name": case.get("name"), "classname": case.get("classname")}
                for kind in ("failure", "error"):
                    problem = case.find(kind)
                    if problem is not None:
                        item[kind] = {"type": problem.get("type"), "message": problem.get("message"), "text": problem.text}
                out = case.find("system-out")
                if out is not None:
                    item["out"] = out.text
                cases.append(item)
        print(json.dumps(cases))
        """

    /// The validator's complaints, one a line; empty when the report is valid.
    private func validate(_ report: String) throws -> String {
        let schema = try ReportFixtures.fixtureURL("junit.xsd")
        return try SchemaValidatorPython.validate(report, fileExtension: "xml", python: SchemaValidatorPython.with("xmlschema"),
                                                  script: Self.script, arguments: [schema.path])
    }

    private func read(_ report: String) throws -> [[String: Any]] {
        let output = try SchemaValidatorPython.validate(report, fileExtension: "xml", python: SchemaValidatorPython.with("xmlschema"),
                                                        script: Self.reader, arguments: [])
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]], output)
    }
}
