@testable import ContractsCheck
import ContractsCore
@testable import ContractsSuppress
import Foundation
import XCTest

final class SuppressBaselineTests: XCTestCase {
    private let sql = """
        SELECT 1;
        AND type IN ('ride_claimd')
        AND type IN ('ride_claimd')
        AND type = 'favor_claimd'
        """
    private let message = "Literal 'ride_claimd' is not a registered notification type."

    private func literal(line: Int, message: String? = nil) -> Finding {
        SuppressFixtures.finding("sql-unknown-literal", "db/001.sql", line: line, column: 15, message: message ?? self.message)
    }

    func testAcceptsEveryFindingItWasWrittenFrom() {
        let tree = MemoryTree(text: ["db/001.sql": sql])
        let findings = [literal(line: 2), literal(line: 4, message: "other")]
        let baseline = Baseline(findings: findings, tree: tree)
        XCTAssertEqual(baseline.unaccepted(findings, tree: tree), [])
    }

    func testSurvivesLinesAddedAbove() {
        let before = MemoryTree(text: ["db/001.sql": sql])
        let baseline = Baseline(findings: [literal(line: 2)], tree: before)
        let after = MemoryTree(text: ["db/001.sql": "-- new header\n-- more\n" + sql])
        XCTAssertEqual(baseline.unaccepted([literal(line: 4)], tree: after), [])
    }

    func testEditingTheOffendingLineReportsAgain() {
        let baseline = Baseline(findings: [literal(line: 2)], tree: MemoryTree(text: ["db/001.sql": sql]))
        let edited = MemoryTree(text: ["db/001.sql": sql.replacingOccurrences(of: "IN ('ride_claimd')\nAND type IN", with: "IN ('ride_claimd', 'x')\nAND type IN")])
        XCTAssertEqual(baseline.unaccepted([literal(line: 2)], tree: edited), [literal(line: 2)])
    }

    func testADifferentRuleFileOrMessageIsNotAccepted() {
        let tree = MemoryTree(text: ["db/001.sql": sql, "db/002.sql": sql])
        let baseline = Baseline(findings: [literal(line: 2)], tree: tree)
        var otherRule = literal(line: 2)
        otherRule.ruleID = "sql-constraint-drift"
        var otherFile = literal(line: 2)
        otherFile.location.file = "db/002.sql"
        let otherMessage = literal(line: 2, message: "Literal 'x' is not registered.")
        XCTAssertEqual(baseline.unaccepted([otherRule, otherFile, otherMessage], tree: tree), [otherRule, otherFile, otherMessage])
    }

    func testCountsInstances() {
        let tree = MemoryTree(text: ["db/001.sql": sql])
        let one = Baseline(findings: [literal(line: 2)], tree: tree)
        XCTAssertEqual(one.entries.map(\.count), [1])
        // Lines 2 and 3 are identical, so both findings share a fingerprint: one is accepted, the new one reports.
        XCTAssertEqual(one.unaccepted([literal(line: 3), literal(line: 2)], tree: tree), [literal(line: 3)])
        let two = Baseline(findings: [literal(line: 2), literal(line: 3)], tree: tree)
        XCTAssertEqual(two.entries.map(\.count), [2])
        XCTAssertEqual(two.unaccepted([literal(line: 2), literal(line: 3)], tree: tree), [])
    }

    func testFingerprintIsFNV1aOfRuleFileMessageAndTrimmedLine() {
        // Computed independently: FNV-1a 64 over the four parts joined by NUL.
        let finding = SuppressFixtures.finding("sql-unknown-literal", "database/001_init.sql", line: 2, message: message)
        XCTAssertEqual(BaselineFingerprint.of(finding, lineText: "   AND type IN ('ride_claimd')\t"), "78cc0497e2cb2483")
        XCTAssertNotEqual(BaselineFingerprint.of(finding, lineText: "AND type IN ('ride_claimd', 'x')"), "78cc0497e2cb2483")
    }

    func testEncodesSortedReadableJSONAndReadsItBack() throws {
        let tree = MemoryTree(text: ["db/001.sql": sql])
        let baseline = Baseline(findings: [literal(line: 4, message: "b"), literal(line: 2)], tree: tree)
        let text = String(decoding: baseline.encoded(), as: UTF8.self)
        XCTAssertTrue(text.hasPrefix("{\n  \"findings\": [\n    {\n      \"count\": 1,\n      \"file\": \"db/001.sql\",\n"), text)
        XCTAssertTrue(text.hasSuffix("  \"version\": 3\n}\n"), text)
        XCTAssertEqual(try Baseline(data: baseline.encoded()), baseline)
        XCTAssertEqual(Baseline(findings: [literal(line: 2), literal(line: 4, message: "b")], tree: tree).encoded(),
                       baseline.encoded(), "independent of finding order")
    }

    func testRejectsWhatIsNotABaseline() {
        XCTAssertThrowsError(try Baseline(data: Data("[]".utf8))) { error in
            XCTAssertTrue("\(error)".contains("--write-baseline"), "\(error)")
        }
        XCTAssertThrowsError(try Baseline(data: Data(#"{"version": 4, "findings": []}"#.utf8))) { error in
            XCTAssertTrue("\(error)".contains("version 4"), "\(error)")
        }
        XCTAssertNoThrow(try Baseline(data: Data(#"{"version": 1, "findings": []}"#.utf8)))
        XCTAssertNoThrow(try Baseline(data: Data(#"{"version": 2, "findings": []}"#.utf8)))
        XCTAssertNoThrow(try Baseline(data: Data(#"{"version": 3, "findings": []}"#.utf8)))
    }

    // MARK: subjects

    private func literal(line: Int, value: String, message: String? = nil) -> Finding {
        var finding = literal(line: line, message: message)
        finding.subject = .enumValue(enumName: "NotificationType", value: value)
        return finding
    }

    func testAFindingWithASubjectIsRecognisedByItWhateverItsMessageSays() {
        let tree = MemoryTree(text: ["db/001.sql": sql])
        let baseline = Baseline(findings: [literal(line: 2, value: "ride_claimd")], tree: tree)
        let reworded = literal(line: 2, value: "ride_claimd", message: "'ride_claimd' (compared with notifications.type) is not a NotificationType")
        XCTAssertEqual(baseline.unaccepted([reworded], tree: tree), [])
        // Decoy: the same message and line about another value is another finding.
        let otherValue = literal(line: 2, value: "ride_claimed")
        XCTAssertEqual(baseline.unaccepted([otherValue], tree: tree), [otherValue])
    }

    func testADifferentSubjectOnTheSameLineIsNotAccepted() {
        let line = "CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_updated'))"
        let tree = MemoryTree(text: ["db/001.sql": line])
        func drift(missing: [String], extra: [String]) -> Finding {
            var finding = SuppressFixtures.finding("sql-constraint-drift", "db/001.sql", line: 1, message: "differs")
            finding.subject = .enumValues(enumName: "NotificationType", missing: missing, extra: extra)
            return finding
        }
        let accepted = drift(missing: ["ride_update"], extra: ["ride_updated"])
        let baseline = Baseline(findings: [accepted], tree: tree)
        XCTAssertEqual(baseline.unaccepted([accepted], tree: tree), [])
        let more = drift(missing: ["ride_update", "favor_update"], extra: ["ride_updated"])
        var deepLink = accepted
        deepLink.subject = .deepLinkCase(name: "ride", parameter: nil)
        var noSubject = accepted
        noSubject.subject = nil
        XCTAssertEqual(baseline.unaccepted([more, deepLink, noSubject], tree: tree), [more, deepLink, noSubject])
    }

    func testFingerprintOfASubjectIsFNV1aOfRuleFileSubjectAndTrimmedLine() {
        // Computed independently: FNV-1a 64 over rule, file, "\u{1}enum-value", enum, value and line, joined by NUL.
        var finding = literal(line: 2, value: "ride_claimd")
        finding.location.file = "database/001_init.sql"
        XCTAssertEqual(BaselineFingerprint.of(finding, lineText: "  AND type IN ('ride_claimd')"), "c374c7d3dc0163e0")
        XCTAssertEqual(BaselineFingerprint.messageBased(finding, lineText: "  AND type IN ('ride_claimd')"), "78cc0497e2cb2483",
                       "format 1: the message, whatever the subject")
        var reworded = finding
        reworded.message = "other words"
        XCTAssertEqual(BaselineFingerprint.of(reworded, lineText: "AND type IN ('ride_claimd')"), "c374c7d3dc0163e0")
    }

    func testABaselineOfFormat1IsMatchedByMessageAndKeepsItsFormat() throws {
        let tree = MemoryTree(text: ["db/001.sql": sql])
        let fingerprint = BaselineFingerprint.messageBased(literal(line: 2), lineText: "AND type IN ('ride_claimd')")
        let file = """
            {"version": 1, "findings": [{"rule": "sql-unknown-literal", "file": "db/001.sql", "fingerprint": "\(fingerprint)",
              "count": 1, "message": "as written then"}]}
            """
        let old = try Baseline(data: Data(file.utf8))
        XCTAssertEqual(old.format, 1)
        // The finding it was written for, now with a subject, is still accepted; reworded, it is not (as in format 1).
        XCTAssertEqual(old.unaccepted([literal(line: 2, value: "ride_claimd")], tree: tree), [])
        let reworded = literal(line: 2, value: "ride_claimd", message: "reworded")
        XCTAssertEqual(old.unaccepted([reworded], tree: tree), [reworded])
        XCTAssertTrue(String(decoding: old.encoded(), as: UTF8.self).hasSuffix("  \"version\": 1\n}\n"),
                      "its fingerprints are format 1's")
        // Written again from the findings: the current format, which accepts the reworded finding too.
        let rewritten = try Baseline(data: Baseline(findings: [literal(line: 2, value: "ride_claimd")], tree: tree).encoded())
        XCTAssertEqual(rewritten.format, 3)
        XCTAssertEqual(rewritten.unaccepted([reworded], tree: tree), [])
    }

    /// 0.2.0 wrote format 2, whose entries for findings without a subject then were made of the message. Such a
    /// finding that has a subject now is still accepted by its old entry, once; `--write-baseline` rewrites the entry
    /// by subject (format 3), which a reworded message then keeps.
    func testABaselineOfFormat2AcceptsAFindingThatGainedASubjectByItsOldMessageEntry() throws {
        let tree = MemoryTree(text: ["db/001.sql": sql])
        let fingerprint = BaselineFingerprint.messageBased(literal(line: 2), lineText: "AND type IN ('ride_claimd')")
        let file = """
            {"version": 2, "findings": [{"rule": "sql-unknown-literal", "file": "db/001.sql", "fingerprint": "\(fingerprint)",
              "count": 1, "message": "as written by 0.2.0"}]}
            """
        let old = try Baseline(data: Data(file.utf8))
        XCTAssertEqual(old.format, 2)
        let now = literal(line: 2, value: "ride_claimd")
        XCTAssertEqual(old.unaccepted([now], tree: tree), [], "matched by its message, as 0.2.0 wrote it")
        XCTAssertEqual(old.unaccepted([now, now], tree: tree), [now], "one entry, one finding")
        // Decoys: another value on the same line with another message, and the same finding reworded, are new.
        let other = literal(line: 2, value: "ride_claimed", message: "Literal 'ride_claimed' is not registered.")
        let reworded = literal(line: 2, value: "ride_claimd", message: "reworded")
        XCTAssertEqual(old.unaccepted([other, reworded], tree: tree), [other, reworded])
        // An entry by subject (what 0.2.0 wrote for a finding that had one) is matched by subject.
        let bySubject = BaselineFingerprint.of(now, lineText: "AND type IN ('ride_claimd')")
        let subjectFile = file.replacingOccurrences(of: fingerprint, with: bySubject)
        XCTAssertEqual(try Baseline(data: Data(subjectFile.utf8)).unaccepted([reworded], tree: tree), [])
        let rewritten = try Baseline(data: Baseline(findings: [now], tree: tree).encoded())
        XCTAssertEqual(rewritten.format, 3)
        XCTAssertEqual(rewritten.unaccepted([reworded], tree: tree), [])
    }
}
