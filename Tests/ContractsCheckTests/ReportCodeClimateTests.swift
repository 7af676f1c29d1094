import ContractsCheck
import ContractsCore
@testable import ContractsReport
import Foundation
import XCTest

/// The code-quality report GitLab reads: every issue has the fields GitLab requires, with the types it
/// requires; fingerprints are stable across runs and unique within one; severities map onto GitLab's scale.
final class ReportCodeClimateTests: XCTestCase {
    private func issues(_ findings: [Finding]) throws -> [[String: Any]] {
        let text = CodeClimateReporter().render(findings, summary: CheckSummary(findings))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]], text)
    }

    /// GitLab's required fields: description, check_name, fingerprint, severity (one of its five),
    /// location.path and location.lines.begin (an integer from 1).
    private func assertGitLabReadable(_ issue: [String: Any], file: StaticString = #filePath, line: UInt = #line) {
        for key in ["description", "check_name", "fingerprint", "severity"] {
            XCTAssertFalse((issue[key] as? String ?? "").isEmpty, "\(key) in \(issue)", file: file, line: line)
        }
        XCTAssertTrue(["info", "minor", "major", "critical", "blocker"].contains(issue["severity"] as? String ?? ""),
                      "\(issue)", file: file, line: line)
        let location = issue["location"] as? [String: Any]
        XCTAssertFalse((location?["path"] as? String ?? "").isEmpty, "\(issue)", file: file, line: line)
        XCTAssertFalse((location?["path"] as? String ?? "/").hasPrefix("/"), "a relative path", file: file, line: line)
        let begin = (location?["lines"] as? [String: Any])?["begin"] as? Int
        XCTAssertGreaterThanOrEqual(begin ?? 0, 1, "\(issue)", file: file, line: line)
    }

    func testEveryIssueHasWhatGitLabRequires() throws {
        let issues = try issues(ReportFixtures.findings)
        XCTAssertEqual(issues.count, ReportFixtures.findings.count)
        for issue in issues { assertGitLabReadable(issue) }
        XCTAssertEqual(issues.map { $0["check_name"] as? String }, ReportFixtures.findings.sortedForReport().map(\.ruleID))
        XCTAssertEqual(Set(issues.compactMap { $0["fingerprint"] as? String }).count, issues.count, "unique fingerprints")
        let drift = try XCTUnwrap(issues.first { $0["check_name"] as? String == "db-function-drift" })
        XCTAssertEqual(drift["description"] as? String,
                       "Live function public.notify differs from its last definition in database/001_init.sql: body",
                       "the message's first line; the rest in content.body")
        let body = (drift["content"] as? [String: Any])?["body"] as? String ?? ""
        XCTAssertTrue(body.contains("\n+INSERT INTO") && body.hasSuffix("Fix: write the live change as a migration, or re-apply database/001_init.sql"), body)
    }

    func testSeveritiesMapOntoGitLabsScale() throws {
        func severity(_ severity: Severity) throws -> String? {
            let finding = Finding(ruleID: "migration-gap", severity: severity, message: "m",
                                  location: SourceLocation(file: "a.sql", line: 0, column: 0))
            let issue = try XCTUnwrap(try issues([finding]).first)
            assertGitLabReadable(issue)
            return issue["severity"] as? String
        }
        XCTAssertEqual(try severity(.error), "major")
        XCTAssertEqual(try severity(.warning), "minor")
        XCTAssertEqual(try severity(.note), "info")
    }

    /// The same finding on another line (lines added above it) or reworded keeps its fingerprint when its rule
    /// gives a subject; another value, rule or file changes it.
    func testFingerprintsAreStableAcrossRunsAndFollowTheSubject() throws {
        func fingerprint(_ finding: Finding) throws -> String {
            try XCTUnwrap(try issues([finding]).first?["fingerprint"] as? String)
        }
        let base = Finding(ruleID: "swift-unknown-literal", severity: .error, message: "'ride_claimd' is not registered",
                           location: SourceLocation(file: "App/Push.swift", line: 12, column: 9),
                           subject: .enumValue(enumName: "NotificationType", value: "ride_claimd"))
        let first = try fingerprint(base)
        XCTAssertEqual(first.count, 16)
        var moved = base
        moved.location.line = 40
        moved.message = "The literal 'ride_claimd' is not one of NotificationType's values"
        XCTAssertEqual(try fingerprint(moved), first, "line and wording do not count")
        var other = base
        other.subject = .enumValue(enumName: "NotificationType", value: "ride_claimed_x")
        XCTAssertNotEqual(try fingerprint(other), first)
        var elsewhere = base
        elsewhere.location.file = "App/Other.swift"
        XCTAssertNotEqual(try fingerprint(elsewhere), first)
        // Without a subject the message is what the finding is about.
        var bare = base
        bare.subject = nil
        XCTAssertNotEqual(try fingerprint(bare), first)
        bare.location.line = 3
        XCTAssertEqual(try fingerprint(bare), try fingerprint({ var f = base; f.subject = nil; return f }()))
    }

    /// GitLab shows only the first issue of a fingerprint: two identical findings in one file get two.
    func testIdenticalFindingsInOneFileGetDistinctFingerprints() throws {
        let one = Finding(ruleID: "sql-unknown-literal", severity: .error, message: "'x' is not registered",
                          location: SourceLocation(file: "db/1.sql", line: 3, column: 1))
        var two = one
        two.location.line = 9
        let fingerprints = try issues([one, two]).compactMap { $0["fingerprint"] as? String }
        XCTAssertEqual(fingerprints.count, 2)
        XCTAssertNotEqual(fingerprints[0], fingerprints[1])
        XCTAssertEqual(fingerprints[0], try issues([one]).first?["fingerprint"] as? String, "the first keeps the single one's")
    }

    func testNoFindingsIsAnEmptyList() throws {
        XCTAssertEqual(CodeClimateReporter().render([], summary: CheckSummary([])), "[]\n")
    }

    func testRelatedPlacesAreOtherLocations() throws {
        let issue = try XCTUnwrap(try issues(ReportFixtures.findings).first { $0["check_name"] as? String == "migration-duplicate-number" })
        let others = try XCTUnwrap(issue["other_locations"] as? [[String: Any]])
        XCTAssertEqual(others.map { $0["path"] as? String }, ["database/128_b.sql"])
    }

    /// Control and bidirectional characters from a source are shown escaped in the texts, as in the formats for
    /// people; a path keeps them, escaped only as JSON escapes (`\u001b`), so it still names the file.
    func testTextsShowHiddenCharactersEscapedAndPathsKeepThem() throws {
        let path = "f\u{1B}[31m\u{202E}.ts"
        let finding = Finding(ruleID: "ts-unknown-literal", severity: .error, message: "'a\u{1B}[2J\u{202E}b' is not registered",
                              location: SourceLocation(file: path, line: 1, column: 1),
                              related: [SourceLocation(file: "g\u{7}.ts", line: 2, column: 1)])
        let text = CodeClimateReporter().render([finding], summary: CheckSummary([finding]))
        XCTAssertTrue(text.contains(#""path": "f\u001b[31m\u202e.ts""#), text)
        XCTAssertEqual(text.split(separator: "\n").filter { $0.contains("\"path\"") && $0.contains("u{") }, [],
                       "no Swift-style escape in a path: \(text)")
        let issue = try XCTUnwrap(try issues([finding]).first)
        XCTAssertEqual(issue["description"] as? String, "'a\\u{1B}[2J\\u{202E}b' is not registered")
        XCTAssertEqual((issue["location"] as? [String: Any])?["path"] as? String, path)
        XCTAssertEqual((issue["other_locations"] as? [[String: Any]])?.first?["path"] as? String, "g\u{7}.ts")
        // The report of a run that stopped, at such a path, too.
        let failure = ToolFailure([.init("cannot read \u{1B}[2J", at: SourceLocation(file: path, line: 1, column: 1))])
        let stopped = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(CodeClimateReporter.render(failure).utf8)) as? [[String: Any]])
        XCTAssertEqual((stopped.first?["location"] as? [String: Any])?["path"] as? String, path)
        XCTAssertEqual(stopped.first?["description"] as? String, "cannot read \\u{1B}[2J")
    }

    /// A run that stopped with exit 2 is a blocker issue per message, still readable by GitLab.
    func testTheReportOfARunThatStoppedNamesTheError() throws {
        let failure = ToolFailure([
            .init("unknown key 'notification_typs'", at: SourceLocation(file: "app/registry.yaml", line: 3, column: 1)),
            .init("cannot read the baseline"),
        ])
        let text = try XCTUnwrap(ReportFormat.codeclimate.render(failure))
        let issues = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        XCTAssertEqual(issues.count, 2)
        for issue in issues {
            assertGitLabReadable(issue)
            XCTAssertEqual(issue["severity"] as? String, "blocker")
        }
        XCTAssertEqual((issues[0]["location"] as? [String: Any])?["path"] as? String, "app/registry.yaml")
    }
}
