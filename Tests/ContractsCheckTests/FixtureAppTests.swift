import ContractsCheck
import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest

/// `check` end to end on a small NaarsCars-like app (Fixtures/app-drift; its PLANTED.md lists what is
/// planted where): one instance of every rule `check` can report, each where a team would make it, compared
/// with a checked-in JSON report; and the same app with every drift fixed (Fixtures/app-clean), decoys kept,
/// giving no findings at all.
///
/// `migration-not-newer-than-base` needs `--against REF`, which `check` does not take; MigrationGitBaseTests
/// covers it.
final class FixtureAppTests: XCTestCase {
    /// Rules `check` runs without a base revision: the ones the drift app plants exactly once.
    /// `swift-source-too-deep` is left out too: a file nested 129 levels deep would only hide the app's other
    /// Swift drift (it is `NestingDepthTests`' subject). `sql-constraint-unknown` stands in for
    /// `sql-constraint-drift` (a broken statement on the table makes the set unknown, so drift is not judged), so
    /// one app cannot show both: StatementSplitTests covers it.
    static let plantedRules = Rule.all.filter {
        $0 != .migrationNotNewerThanBase && $0 != .swiftSourceTooDeep && $0 != .sqlConstraintUnknown
    }

    func testDriftAppReportMatchesTheExpectedJSON() throws {
        let root = try copyFixture("app-drift")
        let json = try report(root)
        try assertGolden(json, at: Self.source.appendingPathComponent("app-drift.expected.json"))
    }

    func testDriftAppPlantsEveryRuleExactlyOnce() throws {
        let root = try copyFixture("app-drift")
        let findings = try filteredFindings(root)
        var counts: [String: Int] = [:]
        for finding in findings { counts[finding.ruleID, default: 0] += 1 }
        for rule in Self.plantedRules {
            XCTAssertEqual(counts[rule.id], 1, "\(rule.id) should be reported exactly once")
        }
        XCTAssertEqual(Set(counts.keys), Set(Self.plantedRules.map(\.id)), "no rule beyond the planted ones")
        XCTAssertEqual(findings.count, Self.plantedRules.count)
    }

    func testCleanAppHasNoFindings() throws {
        let root = try copyFixture("app-clean")
        let (registry, tree) = try load(root)
        let raw = try ContractCheck.findings(in: CheckContext(registry: registry, tree: tree))
        XCTAssertEqual(raw.map { "\($0.location) \($0.ruleID): \($0.message)" }, [],
                       "the clean app is the drift app with every drift fixed; its decoys must not be reported")
    }

    func testCLIPrintsTheSameJSONAndExitsOneOnTheDriftApp() throws {
        let root = try copyFixture("app-drift")
        let expected = try report(root)
        let result = try CLIHarness.run(["check", "--format", "json"], in: root)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, expected)
    }

    func testCLIExitsZeroOnTheCleanApp() throws {
        let root = try copyFixture("app-clean")
        let result = try CLIHarness.run(["check"], in: root)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, "No drift found.\n")
    }

    func testTheCacheAnswersLikeAFullRunAndNoticesEveryEdit() throws {
        let root = try copyFixture("app-clean")
        let cacheFolder = root.appendingPathComponent(".naars-contracts-cache")
        XCTAssertEqual(try CLIHarness.run(["check", "--no-cache"], in: root).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: cacheFolder.path), "--no-cache writes nothing")

        let first = try CLIHarness.run(["check", "--format", "json"], in: root)
        XCTAssertTrue(FileManager.default.fileExists(atPath: cacheFolder.appendingPathComponent("check.json").path))
        let second = try CLIHarness.run(["check", "--format", "json"], in: root)
        XCTAssertEqual(second.status, first.status)
        XCTAssertEqual(second.stdout, first.stdout)

        // Drift planted after the cache was written is found, exactly as a full run finds it.
        let drifted = try copyFixture("app-drift")
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

    // MARK: - The pipeline as the CLI runs it

    private func load(_ root: URL) throws -> (Registry, FileTree) {
        let text = try String(contentsOf: root.appendingPathComponent("registry.yaml"), encoding: .utf8)
        return (try RegistryLoader.load(text: text, file: "registry.yaml"), DiskTree(root: root))
    }

    /// Checkers, then severities, inline suppressions and the baseline (there is none), as `check` does.
    private func filteredFindings(_ root: URL) throws -> [Finding] {
        let (registry, tree) = try load(root)
        let raw = try ContractCheck.findings(in: CheckContext(registry: registry, tree: tree))
        return FindingFilter.apply(raw, registry: registry, tree: tree, baseline: nil)
    }

    private func report(_ root: URL) throws -> String {
        let findings = try filteredFindings(root)
        return ReportFormat.json.reporter().render(findings, summary: CheckSummary(findings))
    }

    // MARK: - Fixtures

    /// A fresh copy of `Fixtures/<name>` in a temporary folder, so neither run can touch the other, with the
    /// generated Swift and TypeScript written into it.
    private func copyFixture(_ name: String) throws -> URL {
        let fixtures = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-\(name)-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: root)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        try generateMissing(root)
        return root
    }

    /// Writes every generated Swift/TypeScript file the fixture does not carry. The fixtures check in only
    /// the generated files that are planted drift (app-drift's stale `DeepLink.swift` and hand-written
    /// `notificationTypes.ts`); the rest is generated here, so it never goes stale in the repository.
    private func generateMissing(_ root: URL) throws {
        let (registry, tree) = try load(root)
        let plan = try GenerationPlan.sources(context: CheckContext(registry: registry, tree: tree))
        for file in plan.sourceFiles where !FileManager.default.fileExists(atPath: root.appendingPathComponent(file.path).path) {
            let url = root.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.contents.utf8).write(to: url)
        }
    }

    /// The checked-in fixtures (goldens are read and, with `NAARS_UPDATE_GOLDEN=1`, written here).
    private static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
}
