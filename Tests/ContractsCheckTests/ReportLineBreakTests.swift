import ContractsCore
@testable import ContractsReport
import Foundation
import XCTest

/// A line break in a file name or a message never makes a report print a line that a CI log or Xcode acts on:
/// GitHub's runner reads any line that starts with `::` (after leading white space) as a workflow command, and
/// Xcode any `path:line:col: error:` line as a diagnostic at that path.
final class ReportLineBreakTests: XCTestCase {
    /// What a hostile file name or literal carries.
    private static let payload = "\n::error file=x::y\r"

    private func finding(file: String, message: String, line: Int = 3) -> Finding {
        Finding(ruleID: "sql-unknown-literal", severity: .error, message: message,
                location: SourceLocation(file: file, line: line, column: 9),
                registryLocation: SourceLocation(file: "registry\(Self.payload).yaml", line: 1, column: 1),
                fix: "use a registered type\(Self.payload)", related: [SourceLocation(file: "b\(Self.payload).sql", line: 2, column: 1)])
    }

    private func render(_ format: ReportFormat, _ findings: [Finding]) -> String {
        format.reporter().render(findings, summary: CheckSummary(findings))
    }

    private func lines(_ text: String) -> [String] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }.map(String.init)
    }

    /// The lines GitHub's runner would read as workflow commands.
    private func commands(_ text: String) -> [String] {
        lines(text).filter { $0.drop(while: \.isWhitespace).hasPrefix("::") }
    }

    /// The brief's case: the file name and the message both carry the payload.
    func testAFindingIsOneLineInGitHubAndOneDiagnosticInXcode() {
        let findings = [finding(file: "db/x\(Self.payload).sql", message: "bad\(Self.payload)"),
                        finding(file: "db/z\(Self.payload).sql", message: "worse\(Self.payload)", line: 7)]
        let github = render(.github, findings)
        XCTAssertEqual(lines(github).filter { !$0.isEmpty }.count, 2, github)
        XCTAssertEqual(commands(github).count, 2, github)
        XCTAssertTrue(commands(github).allSatisfy { $0.hasPrefix("::error file=db/x\\u{A}%3A%3Aerror") || $0.hasPrefix("::error file=db/z") }, github)

        let xcode = render(.xcode, findings)
        XCTAssertEqual(lines(xcode).filter { $0.contains(": error: ") }.count, 2, xcode)
        XCTAssertEqual(commands(xcode), [], xcode)
        // Every line is at the finding's own place (escaped, on one line), its registry entry or its related place.
        let places = [#"db/x\u{A}::error file=x::y\u{D}.sql:3:9: "#, #"db/z\u{A}::error file=x::y\u{D}.sql:7:9: "#,
                      #"registry\u{A}::error file=x::y\u{D}.yaml:1:1: note: "#, #"b\u{A}::error file=x::y\u{D}.sql:2:1: note: "#]
        for line in lines(xcode) where !line.isEmpty {
            XCTAssertTrue(places.contains { line.hasPrefix($0) }, line)
        }
    }

    /// In text, a path is one line; the message's and the fix's later lines are laid out under the finding, but
    /// none reads as a command.
    func testTextKeepsPathsOnOneLineAndItsLaterLinesInert() {
        let text = render(.text, [finding(file: "db/x\(Self.payload).sql", message: "bad\(Self.payload)")])
        XCTAssertEqual(commands(text), [], text)
        XCTAssertTrue(text.hasPrefix(#"db/x\u{A}::error file=x::y\u{D}.sql"# + "\n  3:9  error    bad  (sql-unknown-literal)\n"), text)
        XCTAssertTrue(text.contains(#"      \u{3A}:error file=x::y"# + "\n"), text)
        XCTAssertTrue(text.contains(#"      registry: registry\u{A}::error file=x::y\u{D}.yaml:1:1"#), text)
        XCTAssertTrue(text.contains(#"      related: b\u{A}::error file=x::y\u{D}.sql:2:1"#), text)
        // A path that itself starts with `::` (a file at the current folder's top) cannot start the group's line.
        let top = render(.text, [finding(file: "::add-mask::x.sql", message: "m")])
        XCTAssertEqual(commands(top), [], top)
        XCTAssertTrue(top.hasPrefix(#"\u{3A}:add-mask::x.sql"#), top)
    }

    /// No format but github prints a line that reads as a command, whatever the finding carries; json, sarif and
    /// codeclimate keep the texts whole (JSON escapes the line breaks).
    func testNoOtherFormatPrintsACommand() throws {
        let findings = [finding(file: "db/x\(Self.payload).sql", message: "bad\(Self.payload)")]
        for format in ReportFormat.allCases where format != .github {
            XCTAssertEqual(commands(render(format, findings)), [], "\(format): \(render(format, findings))")
        }
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(render(.json, findings).utf8)) as? [String: Any])
        let first = try XCTUnwrap((json["findings"] as? [[String: Any]])?.first)
        XCTAssertEqual(first["file"] as? String, "db/x\(Self.payload).sql")
        XCTAssertEqual(first["message"] as? String, "bad\(Self.payload)")
    }

    /// A run that stopped with exit 2 at such a path: standard error's lines and every format's document too.
    func testAFailureAtSuchAPathPrintsNoCommand() {
        let failure = ToolFailure([.init("cannot read\(Self.payload)", at: SourceLocation(file: "db/x\(Self.payload).sql", line: 1, column: 1))])
        XCTAssertEqual(commands(failure.description), [], failure.description)
        XCTAssertTrue(failure.description.hasPrefix(#"db/x\u{A}::error file=x::y\u{D}.sql:1:1: error: cannot read"#), failure.description)
        for format in ReportFormat.allCases {
            let document = format.render(failure) ?? ""
            XCTAssertEqual(commands(document).count, format == .github ? 1 : 0, "\(format): \(document)")
        }
    }
}
