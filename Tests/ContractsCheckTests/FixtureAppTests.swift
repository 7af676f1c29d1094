import ContractsCheck
import ContractsCore
import ContractsFixtureApps
import ContractsTestSupport
import Foundation
import XCTest

/// `check` end to end on a small NaarsCars-like app (Fixtures/app-drift; its PLANTED.md lists what is
/// planted where): one instance of every rule `check` can report, each where a team would make it, compared
/// with a checked-in JSON report; and the same app with every drift fixed (Fixtures/app-clean), decoys kept,
/// giving no findings at all.
///
/// `migration-not-newer-than-base` needs `migrations lint --against REF`; MigrationGitBaseTests covers it. The
/// `breaking-*` rules need `check --against REF` and a git history; BreakingAgainstTests covers them.
final class FixtureAppTests: XCTestCase {
    /// Rules `check` runs without a base revision: the ones the drift app plants exactly once.
    /// `swift-source-too-deep` is left out too: a file nested 129 levels deep would only hide the app's other
    /// Swift drift (it is `NestingDepthTests`' subject). `sql-constraint-unknown` stands in for
    /// `sql-constraint-drift` (a broken statement on the table makes the set unknown, so drift is not judged), so
    /// one app cannot show both: StatementSplitTests covers it.
    /// The `db-*` rules judge a live database, which a file fixture has none of: ContractsLiveDatabaseTests plants them.
    /// A rule split from another (`swift-unknown-literal-read`) is planted where that one was: the pair counts once.
    /// The rules on the names the app uses of the schema have their own app (names-app-drift, RealAppFixtureTests).
    static let plantedRules = Rule.all.filter {
        $0 != .migrationNotNewerThanBase && $0 != .swiftSourceTooDeep && $0 != .sqlConstraintUnknown && !$0.id.hasPrefix("db-")
            && !Rule.breaking.contains($0) && $0.parent == nil && !FixtureAppTests.schemaNameRules.contains($0)
    }

    static let schemaNameRules: [Rule] = [.unknownTable, .unknownColumn, .unknownRelationship, .missingRequiredColumn, .rpcArgumentDrift]

    func testDriftAppReportMatchesTheExpectedJSON() throws {
        let root = try FixtureApp.copy("app-drift", for: self)
        let json = try FixtureApp.report(root)
        try assertGolden(json, at: FixtureApp.source.appendingPathComponent("app-drift.expected.json"))
    }

    func testDriftAppPlantsEveryRuleExactlyOnce() throws {
        let root = try FixtureApp.copy("app-drift", for: self)
        let findings = try FixtureApp.filteredFindings(root)
        var counts: [String: Int] = [:]
        for finding in findings { counts[Rule.named(finding.ruleID)?.parent ?? finding.ruleID, default: 0] += 1 }
        for rule in Self.plantedRules {
            XCTAssertEqual(counts[rule.id], 1, "\(rule.id) should be reported exactly once")
        }
        XCTAssertEqual(Set(counts.keys), Set(Self.plantedRules.map(\.id)), "no rule beyond the planted ones")
        XCTAssertEqual(findings.count, Self.plantedRules.count)
    }

    func testCleanAppHasNoFindings() throws {
        let root = try FixtureApp.copy("app-clean", for: self)
        let (registry, tree) = try FixtureApp.load(root)
        let raw = try ContractCheck.findings(in: CheckContext(registry: registry, tree: tree))
        XCTAssertEqual(raw.map { "\($0.location) \($0.ruleID): \($0.message)" }, [],
                       "the clean app is the drift app with every drift fixed; its decoys must not be reported")
    }

    func testCLIPrintsTheSameJSONAndExitsOneOnTheDriftApp() throws {
        let root = try FixtureApp.copy("app-drift", for: self)
        let expected = try FixtureApp.report(root)
        let result = try CLIHarness.run(["check", "--format", "json"], in: root)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, expected)
    }

    func testCLIExitsZeroOnTheCleanApp() throws {
        let root = try FixtureApp.copy("app-clean", for: self)
        let result = try CLIHarness.run(["check"], in: root)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, "No drift found.\n")
    }

    func testTheCacheAnswersLikeAFullRunAndNoticesEveryEdit() throws {
        let root = try FixtureApp.copy("app-clean", for: self)
        let cacheFolder = root.appendingPathComponent(".naars-contracts-cache")
        XCTAssertEqual(try CLIHarness.run(["check", "--no-cache"], in: root).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: cacheFolder.path), "--no-cache writes nothing")

        let first = try CLIHarness.run(["check", "--format", "json"], in: root)
        XCTAssertTrue(FileManager.default.fileExists(atPath: cacheFolder.appendingPathComponent("check.json").path))
        let second = try CLIHarness.run(["check", "--format", "json"], in: root)
        XCTAssertEqual(second.status, first.status)
        XCTAssertEqual(second.stdout, first.stdout)

        // Drift planted after the cache was written is found, exactly as a full run finds it.
        let drifted = try FixtureApp.copy("app-drift", for: self)
        let enumerator = FileManager.default.enumerator(atPath: drifted.path)
        var planted = 0
        var last = first
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".swift") || path.hasSuffix(".sql") || path.hasSuffix(".ts") else { continue }
            let target = root.appendingPathComponent(path)
            let data = try Data(contentsOf: drifted.appendingPathComponent(path))
            guard (try? Data(contentsOf: target)) != data else { continue }
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: target)
            planted += 1
            let cached = try CLIHarness.run(["check", "--format", "json"], in: root)
            let full = try CLIHarness.run(["check", "--format", "json", "--no-cache"], in: root)
            XCTAssertEqual(cached.stdout, full.stdout, "after copying \(path)")
            XCTAssertEqual(cached.status, full.status, "after copying \(path)")
            last = cached
        }
        XCTAssertGreaterThan(planted, 3)
        XCTAssertEqual(last.status, 1)
        XCTAssertNotEqual(last.stdout, first.stdout)
    }
}
