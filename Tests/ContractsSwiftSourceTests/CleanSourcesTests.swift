import ContractsCore
@testable import ContractsSwiftSource
import Foundation
import XCTest

/// The drift-free NaarsCars sources give no finding: comments, log strings, multi-line strings, a regex
/// literal, URL-host switches, realtime rows and another enum's `rawValue` all mention type-like strings.
final class CleanSourcesTests: XCTestCase {
    func testCleanNaarsCarsSourcesHaveNoFindings() throws {
        let findings = try CheckHarness.findings(CheckHarness.cleanFiles)
        XCTAssertEqual(findings, [], findings.map { "\($0.location): \($0.ruleID): \($0.message)" }.joined(separator: "\n"))
    }

    func testFixturesAreValidSwift() {
        for (path, text) in CheckHarness.cleanFiles {
            XCTAssertFalse(ParsedSwiftFile(path: path, text: text).syntax.hasError, "\(path) has syntax errors")
        }
    }

    func testFilesOutsideTheSourceGlobsAreNotRead() throws {
        let drifted = CheckHarness.plant("case rideClaimed = \"ride_claimed\"", "case rideClaimed = \"ride_claim\"",
                                         in: AppNotificationSource.text)
        XCTAssertFalse(try CheckHarness.findings([AppNotificationSource.path: drifted]).isEmpty)
        XCTAssertEqual(try CheckHarness.findings(["Other/AppNotification.swift": drifted]), [])
    }

    func testPreFilterSkipsFilesWithoutContractNames() {
        let needles = SourceNeedles(registry: CheckHarness.naarsCars)
        XCTAssertFalse(needles.matches(Data("struct RideCard: View { var body: some View { Text(\"ride\") } }".utf8)))
        XCTAssertTrue(needles.matches(Data("let t: NotificationType = .message".utf8)))
        XCTAssertTrue(needles.matches(Data("let k = info[\"type\"]".utf8)))
        XCTAssertTrue(needles.matches(Data("struct BadgeCountsPayload {}".utf8)))
    }

    func testRulesListsTheSixSwiftRules() {
        XCTAssertEqual(SwiftSourceCheck.rules.map(\.id),
                       ["swift-enum-drift", "swift-attribute-drift", "swift-deeplink-drift", "swift-unknown-literal",
                        "swift-unknown-literal-read", "payload-shape-drift", "source-nul-byte", "swift-source-too-deep"])
    }
}
