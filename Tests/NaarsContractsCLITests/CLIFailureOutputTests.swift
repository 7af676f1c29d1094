import ContractsTestSupport
import Foundation
import XCTest

/// On exit 2 (here a registry with an unknown key on line 4), every format still says what went wrong:
/// json and sarif a valid document with the error, github an `::error` annotation at the place, text and
/// xcode the `file:line:col: error:` line on standard error.
final class CLIFailureOutputTests: XCTestCase {
    private func brokenProject() throws -> HabitProject {
        let project = try HabitProject(drift: false)
        try project.breakRegistry()
        return project
    }

    func testTextAndXcodeNameThePlaceOnStandardError() throws {
        let project = try brokenProject()
        for format in ["text", "xcode"] {
            let result = try CLIHarness.run(["check", "--format", format], in: project.app)
            XCTAssertEqual(result.status, 2, format)
            XCTAssertEqual(result.stdout, "", format)
            XCTAssertTrue(result.stderr.contains("registry.yaml:4:1: error: unknown key 'notification_typs'"), result.stderr)
        }
    }

    func testJSONWritesADocumentWithTheError() throws {
        let project = try brokenProject()
        let result = try CLIHarness.run(["check", "--format", "json"], in: project.app)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("registry.yaml:4:1: error: unknown key"), result.stderr)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], result.stdout)
        XCTAssertEqual(document["version"] as? Int, 1)
        XCTAssertEqual((document["findings"] as? [Any])?.count, 0)
        let errors = try XCTUnwrap(document["errors"] as? [[String: Any]])
        XCTAssertEqual(errors.count, 1)
        XCTAssertEqual(errors[0]["file"] as? String, "registry.yaml")
        XCTAssertEqual(errors[0]["line"] as? Int, 4)
        XCTAssertEqual(errors[0]["column"] as? Int, 1)
        XCTAssertTrue((errors[0]["message"] as? String)?.hasPrefix("unknown key 'notification_typs'") == true, "\(errors)")

        // With --output the document goes to the file, whole.
        let written = try CLIHarness.run(["check", "--format", "json", "--output", "report.json"], in: project.app)
        XCTAssertEqual(written.status, 2)
        XCTAssertEqual(written.stdout, "")
        let file = try Data(contentsOf: project.app.appendingPathComponent("report.json"))
        XCTAssertEqual(String(decoding: file, as: UTF8.self), result.stdout)
    }

    func testSARIFWritesAFailedInvocation() throws {
        let project = try brokenProject()
        let result = try CLIHarness.run(["check", "--format", "sarif"], in: project.repo.url.appendingPathComponent("app"))
        XCTAssertEqual(result.status, 2)
        let run = try XCTUnwrap(try HabitProject.sarifRun(result.stdout), result.stdout)
        XCTAssertEqual((run["results"] as? [Any])?.count, 0)
        let invocation = try XCTUnwrap((run["invocations"] as? [[String: Any]])?.first)
        XCTAssertEqual(invocation["executionSuccessful"] as? Bool, false)
        let notification = try XCTUnwrap((invocation["toolExecutionNotifications"] as? [[String: Any]])?.first)
        XCTAssertEqual(notification["level"] as? String, "error")
        XCTAssertTrue(((notification["message"] as? [String: Any])?["text"] as? String)?.hasPrefix("unknown key") == true)
        let physical = try XCTUnwrap(((notification["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
        XCTAssertEqual((physical["artifactLocation"] as? [String: Any])?["uri"] as? String, "app/registry.yaml")
        XCTAssertEqual((physical["region"] as? [String: Any])?["startLine"] as? Int, 4)
    }

    func testGitHubWritesAnErrorAnnotation() throws {
        let project = try brokenProject()
        let result = try CLIHarness.run(["check", "--format", "github"], in: project.app)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stdout.hasPrefix("::error file=app/registry.yaml,line=4,col=1,title=naars-contracts::unknown key 'notification_typs'"),
                      result.stdout)
    }

    func testNoRegistryAtAllIsReportedInEachFormat() throws {
        let folder = try CLIHarness.project(["README.md": "no registry here\n"])
        let json = try CLIHarness.run(["check", "--format", "json"], in: folder)
        XCTAssertEqual(json.status, 2)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], json.stdout)
        let message = ((document["errors"] as? [[String: Any]])?.first?["message"] as? String) ?? ""
        XCTAssertTrue(message.hasPrefix("no registry.yaml in this folder or any parent"), message)
        let github = try CLIHarness.run(["check", "--format", "github"], in: folder)
        XCTAssertTrue(github.stdout.hasPrefix("::error file=registry.yaml,line=1,col=1,"), github.stdout)
        let sarif = try CLIHarness.run(["check", "--format", "sarif"], in: folder)
        XCTAssertNotNil(try HabitProject.sarifRun(sarif.stdout), sarif.stdout)
    }

    func testAnUnreadableBaselineIsReportedInEachFormat() throws {
        let project = try HabitProject()
        try project.write(".naars-contracts-baseline.json", "{ not json")
        let json = try CLIHarness.run(["check", "--format", "json"], in: project.app)
        XCTAssertEqual(json.status, 2, json.stdout)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], json.stdout)
        XCTAssertEqual((document["errors"] as? [[String: Any]])?.first?["file"] as? String, ".naars-contracts-baseline.json")
        let github = try CLIHarness.run(["check", "--format", "github"], in: project.app)
        XCTAssertTrue(github.stdout.hasPrefix("::error file=app/.naars-contracts-baseline.json,line=1,col=1,"), github.stdout)
    }

    /// junit: a testcase with an `<error>` at the place; codeclimate: a blocker issue there (paths from the
    /// repository root, the registry being in `app/`).
    func testJUnitAndCodeClimateWriteTheError() throws {
        let project = try brokenProject()
        let junit = try CLIHarness.run(["check", "--format", "junit"], in: project.app)
        XCTAssertEqual(junit.status, 2)
        XCTAssertTrue(junit.stdout.contains("<testcase name=\"app/registry.yaml:4:1: unknown key 'notification_typs'"), junit.stdout)
        XCTAssertTrue(junit.stdout.contains("errors=\"1\""), junit.stdout)
        let codeclimate = try CLIHarness.run(["check", "--format", "codeclimate"], in: project.app)
        XCTAssertEqual(codeclimate.status, 2)
        let issues = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(codeclimate.stdout.utf8)) as? [[String: Any]], codeclimate.stdout)
        XCTAssertEqual(issues.count, 1)
        XCTAssertEqual(issues.first?["severity"] as? String, "blocker")
        let location = issues.first?["location"] as? [String: Any]
        XCTAssertEqual(location?["path"] as? String, "app/registry.yaml")
        XCTAssertEqual((location?["lines"] as? [String: Any])?["begin"] as? Int, 4)
    }
}
