import ContractsCheck
import ContractsCore
import ContractsReport
import Foundation
import XCTest

/// A finding's subject in the machine formats (JSON `subject`, SARIF `properties.subject`), one finding of each
/// kind; the formats for people do not show it.
final class ReportSubjectTests: XCTestCase {
    static let subjects: [FindingSubject] = [
        .enumValue(enumName: "NotificationType", value: "ride_claimd"),
        .enumValues(enumName: "NotificationType", missing: ["ride_update"], extra: ["ride_updated", "x"]),
        .deepLinkCase(name: "conversation", parameter: "id"),
        .deepLinkCase(name: "profile", parameter: nil),
        .payloadField(payload: "BadgeCounts", field: "rides_total"),
        .payloadFields(payload: "BadgeCounts", missing: [], extra: ["rides_totl"]),
        .migrationFile(path: "database/001_init.sql"),
        .file(path: "App/Push.swift"),
        .enumColumn(enumName: "ChatRoomStatus", column: "chat_rooms.status"),
        .pushKey(key: "room_id"),
        .function(name: "public.notify_user"),
    ]

    /// One finding a subject, on lines 1, 2, ... of one file, and one without a subject after them.
    static var findings: [Finding] {
        subjects.enumerated().map { index, subject in
            Finding(ruleID: "sql-unknown-literal", severity: .error, message: "drift \(index)",
                    location: SourceLocation(file: "database/001_init.sql", line: index + 1, column: 1),
                    fix: index == 0 ? "fix it" : nil, subject: subject)
        } + [Finding(ruleID: "migration-gap", severity: .warning, message: "gap",
                     location: SourceLocation(file: "database/001_init.sql", line: 99, column: 1))]
    }

    private func withoutSubjects(_ findings: [Finding]) -> [Finding] {
        findings.map { var finding = $0; finding.subject = nil; return finding }
    }

    static let expected: [[String: Any]] = [
        ["kind": "enum-value", "enum": "NotificationType", "value": "ride_claimd"],
        ["kind": "enum-values", "enum": "NotificationType", "missing": ["ride_update"], "extra": ["ride_updated", "x"]],
        ["kind": "deep-link-case", "case": "conversation", "parameter": "id"],
        ["kind": "deep-link-case", "case": "profile", "parameter": NSNull()],
        ["kind": "payload-field", "payload": "BadgeCounts", "field": "rides_total"],
        ["kind": "payload-fields", "payload": "BadgeCounts", "missing": [String](), "extra": ["rides_totl"]],
        ["kind": "migration-file", "file": "database/001_init.sql"],
        ["kind": "file", "file": "App/Push.swift"],
        ["kind": "enum-column", "enum": "ChatRoomStatus", "column": "chat_rooms.status"],
        ["kind": "push-key", "key": "room_id"],
        ["kind": "function", "function": "public.notify_user"],
    ]

    func testJSONGivesEachFindingItsSubject() throws {
        let findings = Self.findings
        let text = JSONReporter().render(findings, summary: CheckSummary(findings))
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let reported = try XCTUnwrap(document["findings"] as? [[String: Any]])
        XCTAssertEqual(reported.count, Self.expected.count + 1)
        for (finding, expected) in zip(reported, Self.expected) {
            XCTAssertEqual(finding["subject"] as? NSDictionary, expected as NSDictionary)
        }
        XCTAssertNil(reported.last?["subject"], "a finding without a subject has no subject key")
        XCTAssertEqual(JSONReporter().render(withoutSubjects(findings), summary: CheckSummary(findings)),
                       text.replacingOccurrences(of: #",\n      "subject": \{[^}]*\}"#, with: "", options: .regularExpression),
                       "the subject is the only addition")
    }

    func testSARIFPutsTheSubjectInTheResultsProperties() throws {
        let findings = Self.findings
        let text = SARIFReporter().render(findings, summary: CheckSummary(findings))
        let log = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let results = try XCTUnwrap((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
        let properties = results.map { $0["properties"] as? [String: Any] }
        for (bag, expected) in zip(properties, Self.expected) {
            XCTAssertEqual(bag?["subject"] as? NSDictionary, expected as NSDictionary)
        }
        XCTAssertEqual(properties.first??["fix"] as? String, "fix it", "beside the fix")
        XCTAssertNil(properties.last ?? nil, "no subject, no fix: no properties")
    }

    func testTheFormatsForPeopleDoNotChange() {
        let findings = Self.findings
        for format in [ReportFormat.text, .xcode, .github] {
            let reporter = format.reporter(useColor: false)
            XCTAssertEqual(reporter.render(findings, summary: CheckSummary(findings)),
                           reporter.render(withoutSubjects(findings), summary: CheckSummary(findings)), "\(format)")
        }
    }

    func testSubjectsSurviveTheCachesEncoding() throws {
        // The check cache stores findings with JSONEncoder and reads them back with JSONDecoder.
        let findings = Self.findings
        XCTAssertEqual(try JSONDecoder().decode([Finding].self, from: JSONEncoder().encode(findings)), findings)
    }
}
