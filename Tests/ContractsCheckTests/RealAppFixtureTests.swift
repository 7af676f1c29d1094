import ContractsCheck
import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest

/// `check` end to end on fixture apps modelled on real apps' shapes: every `Fixtures/<name>-drift` folder has a
/// twin `Fixtures/<name>-clean` (the same app with every planted drift fixed, decoys kept) and an expected JSON
/// report `Fixtures/<name>-drift.expected.json`. Generated files are not checked in: each run generates them into
/// the temporary copy first, as a team would, so the report is about the hand-written sources.
final class RealAppFixtureTests: XCTestCase {
    /// The fixture apps of this kind (app-drift/app-clean are covered by FixtureAppTests).
    static let apps = ["kinds-app", "match-app", "carpool-app"]

    func testEveryDriftAppReportMatchesItsExpectedJSON() throws {
        for app in Self.apps {
            let root = try copyFixture("\(app)-drift")
            try generate(root)
            try assertGolden(try report(root), at: Self.source.appendingPathComponent("\(app)-drift.expected.json"))
        }
    }

    func testEveryCleanAppHasNoFindings() throws {
        for app in Self.apps {
            let root = try copyFixture("\(app)-clean")
            try generate(root)
            let findings = try filteredFindings(root)
            XCTAssertEqual(findings.map { "\($0.location) \($0.ruleID): \($0.message)" }, [],
                           "\(app)-clean is \(app)-drift with every drift fixed; its decoys must not be reported")
        }
    }

    func testTheCLIAgreesAndExitsOneOnDriftZeroWhenClean() throws {
        for app in Self.apps {
            let drift = try copyFixture("\(app)-drift")
            try generate(drift)
            let expected = try report(drift)
            let result = try CLIHarness.run(["check", "--format", "json", "--no-cache"], in: drift)
            XCTAssertEqual(result.stdout, expected, app)
            let errors = try filteredFindings(drift).contains { $0.severity == .error }
            XCTAssertEqual(result.status, errors ? 1 : 0, "\(app): " + result.stderr)

            let clean = try copyFixture("\(app)-clean")
            let generated = try CLIHarness.run(["generate"], in: clean)
            XCTAssertEqual(generated.status, 0, "\(app): " + generated.stderr)
            let checked = try CLIHarness.run(["check"], in: clean)
            XCTAssertEqual(checked.status, 0, "\(app): " + checked.stdout + checked.stderr)
        }
    }

    /// App 1's shape: an old migration PostgreSQL cannot parse about something else, and a second one on the
    /// notifications table. `generate` still writes every Swift and TypeScript file; only the constraint
    /// migration waits, with the reason at the broken statement (the set it leaves is unknown).
    func testGenerateWritesEverythingAnUnparsableMigrationCannotAffect() throws {
        let root = try copyFixture("carpool-app-drift")
        let result = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("wrote Carpool/Generated/"), result.stdout)
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

    // MARK: - The pipeline as the CLI runs it

    private func load(_ root: URL) throws -> (Registry, FileTree) {
        let text = try String(contentsOf: root.appendingPathComponent("registry.yaml"), encoding: .utf8)
        return (try RegistryLoader.load(text: text, file: "registry.yaml"), DiskTree(root: root))
    }

    /// Writes the generated Swift and TypeScript into the copy (no migration: the fixtures' SQL is hand-written).
    private func generate(_ root: URL) throws {
        let (registry, tree) = try load(root)
        let plan = try GenerationPlan.sources(context: CheckContext(registry: registry, tree: tree))
        for file in plan.sourceFiles {
            let url = root.appendingPathComponent(file.path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(file.contents.utf8).write(to: url)
        }
    }

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

    private func copyFixture(_ name: String) throws -> URL {
        let fixtures = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("naars-\(name)-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: root)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return root
    }

    /// The checked-in fixtures (goldens are read and, with `NAARS_UPDATE_GOLDEN=1`, written here).
    private static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
}
