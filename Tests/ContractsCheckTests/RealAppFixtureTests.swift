import ContractsCheck
import ContractsCore
import ContractsFixtureApps
import ContractsTestSupport
import Foundation
import XCTest

/// `check` end to end on fixture apps modelled on real apps' shapes: every `Fixtures/<name>-drift` folder has a
/// twin `Fixtures/<name>-clean` (the same app with every planted drift fixed, decoys kept) and an expected JSON
/// report `Fixtures/<name>-drift.expected.json`. Generated files are not checked in: each run generates them into
/// the temporary copy first, as a team would, so the report is about the hand-written sources.
final class RealAppFixtureTests: XCTestCase {
    /// The fixture apps of this kind (app-drift/app-clean are covered by FixtureAppTests).
    static let apps = ["kinds-app", "match-app", "carpool-app", "rpc-payload-app", "porchlight-app", "ride-push-app",
                       "sinks-app", "push-type-app", "screen-link-app", "scheduled-app", "names-app", "wallet-app"]

    func testEveryDriftAppReportMatchesItsExpectedJSON() throws {
        for app in Self.apps {
            let root = try FixtureApp.copy("\(app)-drift", for: self)
            try assertGolden(try FixtureApp.report(root), at: FixtureApp.source.appendingPathComponent("\(app)-drift.expected.json"))
        }
    }

    /// Every finding the fixture apps plant says what to do about it (issue 41): its `fix` in the expected report
    /// (which the test above holds to the real report) is a fix, or why there is no mechanical one; never null.
    func testEveryPlantedFindingHasAFix() throws {
        for app in ["app"] + Self.apps {
            let url = FixtureApp.source.appendingPathComponent("\(app)-drift.expected.json")
            let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
            for finding in try XCTUnwrap(document["findings"] as? [[String: Any]]) {
                let fix = (finding["fix"] as? String ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
                XCTAssertFalse(fix.isEmpty, "\(app)-drift: \(finding["rule"] ?? "") at \(finding["file"] ?? ""):\(finding["line"] ?? "") has no fix")
            }
        }
    }

    func testEveryCleanAppHasNoFindings() throws {
        for app in Self.apps {
            let root = try FixtureApp.copy("\(app)-clean", for: self)
            let findings = try FixtureApp.filteredFindings(root)
            XCTAssertEqual(findings.map { "\($0.location) \($0.ruleID): \($0.message)" }, [],
                           "\(app)-clean is \(app)-drift with every drift fixed; its decoys must not be reported")
        }
    }

    func testTheCLIAgreesAndExitsOneOnDriftZeroWhenClean() throws {
        for app in Self.apps {
            let drift = try FixtureApp.copy("\(app)-drift", for: self)
            let expected = try FixtureApp.report(drift)
            let result = try CLIHarness.run(["check", "--format", "json", "--no-cache"], in: drift)
            XCTAssertEqual(result.stdout, expected, app)
            let errors = try FixtureApp.filteredFindings(drift).contains { $0.severity == .error }
            XCTAssertEqual(result.status, errors ? 1 : 0, "\(app): " + result.stderr)

            let clean = try FixtureApp.copy("\(app)-clean", for: self, generated: false)
            let generated = try CLIHarness.run(["generate"], in: clean)
            XCTAssertEqual(generated.status, 0, "\(app): " + generated.stderr)
            let checked = try CLIHarness.run(["check"], in: clean)
            XCTAssertEqual(checked.status, 0, "\(app): " + checked.stdout + checked.stderr)
        }
    }

    /// App 1's shape: an old migration PostgreSQL cannot parse about something else, and a second one on the
    /// notifications table. `generate` still writes every TypeScript file (the app keeps its own Swift enums:
    /// `generate: false`); only the constraint migration waits, with the reason at the broken statement (the set it
    /// leaves is unknown).
    func testGenerateWritesEverythingAnUnparsableMigrationCannotAffect() throws {
        let root = try FixtureApp.copy("carpool-app-drift", for: self, generated: false)
        let result = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertFalse(result.stdout.contains("wrote Carpool/Generated/"), result.stdout)
        XCTAssertTrue(result.stdout.contains("wrote supabase/functions/_shared/generated/"), result.stdout)
        XCTAssertTrue(result.stderr.contains("supabase/migrations/20240502080000_notifications_rls.sql:"), result.stderr)
        XCTAssertTrue(result.stderr.contains("warning:") && result.stderr.contains("(sql-constraint-unknown)"), result.stderr)
        XCTAssertFalse(result.stdout.contains(".sql"), "no migration while the set is unknown: \(result.stdout)")

        // Without the broken statement on the table, the unrelated old migration alone stops nothing at all.
        try FileManager.default.removeItem(at: root.appendingPathComponent("supabase/migrations/20240502080000_notifications_rls.sql"))
        let again = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(again.status, 0, again.stdout + again.stderr)
        XCTAssertFalse(again.stderr.contains("sql-constraint-unknown"), again.stderr)
    }
}
