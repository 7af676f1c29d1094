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
        XCTAssertTrue(text.hasSuffix("  \"version\": 2\n}\n"), text)
        XCTAssertEqual(try Baseline(data: baseline.encoded()), baseline)
        XCTAssertEqual(Baseline(findings: [literal(line: 2), literal(line: 4, message: "b")], tree: tree).encoded(),
                       baseline.encoded(), "independent of finding order")
    }

    func testRejectsWhatIsNotABaseline() {
        XCTAssertThrowsError(try Baseline(data: Data("[]".utf8))) { error in
            XCTAssertTrue("\(error)".contains("--write-baseline"), "\(error)")
        }
        XCTAssertThrowsError(try Baseline(data: Data(#"{"version": 3, "findings": []}"#.utf8))) { error in
            XCTAssertTrue("\(error)".contains("version 3"), "\(error)")
        }
        XCTAssertNoThrow(try Baseline(data: Data(#"{"version": 1, "findings": []}"#.utf8)))
        XCTAssertNoThrow(try Baseline(data: Data(#"{"version": 2, "findings": []}"#.utf8)))
    }
}
