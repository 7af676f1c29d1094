import ContractsTestSupport
import Foundation
import XCTest

/// `check --staged` blocks a commit only for what it brings: findings in staged files, or new since the last
/// commit (a staged registry or migration caused them). Drift the last commit already had elsewhere does not
/// block: one line counts it (`--verbose` lists it as notes); the `generate` hint comes only when a stale generated
/// file blocks.
final class CLIStagedBlockingTests: XCTestCase {
    /// A committed project (registry in `app/`) whose last commit already has a hand-edited generated file.
    private func projectWithOldDrift() throws -> HabitProject {
        let project = try HabitProject(drift: true)
        try project.repo.commitAll("old drift")
        return project
    }

    /// Old drift elsewhere does not bury what the commit is judged on: one line counts it, `--verbose` lists it.
    func testOldDriftElsewhereIsCountedInOneLineAndDoesNotBlock() throws {
        let project = try projectWithOldDrift()
        try project.write("database/004_c.sql", "SELECT 1;\n")
        try project.repo.git("add", "app/database/004_c.sql")
        let result = try CLIHarness.run(["check", "--staged"], in: project.app)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, """
            No new drift in this commit.
            2 findings already on the branch do not block this commit (--verbose lists them)

            """)
        XCTAssertFalse(result.stderr.contains("generate"), result.stderr)

        let verbose = try CLIHarness.run(["check", "--staged", "--verbose"], in: project.app)
        XCTAssertEqual(verbose.status, 0, verbose.stdout + verbose.stderr)
        XCTAssertTrue(verbose.stdout.contains("note     generated/Swift/BadgeTab.swift is out of date"), verbose.stdout)
        XCTAssertTrue(verbose.stdout.contains("note     migration numbers in database jump"), verbose.stdout)
        XCTAssertTrue(verbose.stdout.contains("already in the last commit, in a file this commit leaves alone: not blocking"), verbose.stdout)
        XCTAssertTrue(verbose.stdout.hasSuffix("2 notes in 2 files\n"), verbose.stdout)
        XCTAssertFalse(verbose.stdout.contains("--verbose lists"), verbose.stdout)
        // Without --staged the same drift is still an error.
        XCTAssertEqual(try CLIHarness.run(["check"], in: project.app).status, 1)
    }

    /// What blocks comes first, then the one line counting what was already there; the machine formats report
    /// what blocks alone and say the count on standard error.
    func testABlockedCommitPrintsWhatBlocksThenTheCount() throws {
        let project = try projectWithOldDrift()
        try project.write("database/002_a.sql", "SELECT 1;\n")
        try project.write("database/002_b.sql", "SELECT 1;\n")
        try project.repo.git("add", "app/database")
        // The gap the last commit had (001 → 003) is closed by the staged 002s: only the stale file is old drift.
        let result = try CLIHarness.run(["check", "--staged"], in: project.app)
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertTrue(result.stdout.contains("(migration-duplicate-number)"), result.stdout)
        XCTAssertFalse(result.stdout.contains("BadgeTab.swift"), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("""
            1 error in 1 file
            1 finding already on the branch does not block this commit (--verbose lists it)

            """), result.stdout)
        let json = try CLIHarness.run(["check", "--staged", "--format", "json"], in: project.app)
        XCTAssertEqual(json.status, 1)
        let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        XCTAssertEqual((document["findings"] as? [[String: Any]])?.compactMap { $0["rule"] as? String }, ["migration-duplicate-number"])
        let xcode = try CLIHarness.run(["check", "--staged", "--format", "xcode"], in: project.app)
        XCTAssertTrue(xcode.stderr.hasSuffix("1 error in 1 file\n1 finding already on the branch does not block this commit (--verbose lists it)\n"),
                      xcode.stderr)
        let quiet = try CLIHarness.run(["check", "--staged", "--quiet"], in: project.app)
        XCTAssertFalse(quiet.stdout.contains("already on the branch"), quiet.stdout)
    }

    /// The last commit's findings come from a cache of their own: a second commit attempt parses nothing again.
    func testTheLastCommitsFindingsAreCached() throws {
        let project = try projectWithOldDrift()
        try project.write("database/004_c.sql", "SELECT 1;\n")
        try project.repo.git("add", "app/database/004_c.sql")
        let stats = ["NAARS_CACHE_STATS": "1"]
        let first = try CLIHarness.run(["check", "--staged"], in: project.app, environment: stats)
        XCTAssertEqual(first.status, 0, first.stdout + first.stderr)
        let firstLines = first.stderr.split(separator: "\n").filter { $0.hasPrefix("naars-contracts cache:") }
        XCTAssertEqual(firstLines.count, 2, "the staged check and the last commit's: " + first.stderr)
        XCTAssertFalse(firstLines.last?.contains(" 0 unit(s) run") ?? true, first.stderr)
        let second = try CLIHarness.run(["check", "--staged"], in: project.app, environment: stats)
        XCTAssertEqual(second.stdout, first.stdout)
        let secondLines = second.stderr.split(separator: "\n").filter { $0.hasPrefix("naars-contracts cache:") }
        XCTAssertEqual(secondLines.count, 2, second.stderr)
        XCTAssertTrue(secondLines.allSatisfy { $0.contains(" 0 unit(s) run") }, second.stderr)
    }

    func testDriftInAStagedFileBlocksAndNamesGenerate() throws {
        let project = try projectWithOldDrift()
        let badge = project.app.appendingPathComponent("generated/Swift/BadgeTab.swift")
        try Data((try String(contentsOf: badge, encoding: .utf8) + "// edited again\n").utf8).write(to: badge)
        try project.repo.git("add", "app/generated/Swift/BadgeTab.swift")
        let result = try CLIHarness.run(["check", "--staged"], in: project.app)
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertTrue(result.stdout.contains("error    generated/Swift/BadgeTab.swift is out of date"), result.stdout)
        XCTAssertTrue(result.stderr.contains("Generated files are stale: run `naars-contracts generate`"), result.stderr)
    }

    func testDriftAStagedRegistryCausesBlocksEvenInFilesNotStaged() throws {
        let project = try projectWithOldDrift()
        let url = project.app.appendingPathComponent("registry.yaml")
        let registry = try String(contentsOf: url, encoding: .utf8)
        let changed = registry.replacingOccurrences(of: "icon: message.fill", with: "icon: message")
        XCTAssertNotEqual(changed, registry)
        try Data(changed.utf8).write(to: url)
        try project.repo.git("add", "app/registry.yaml")
        let result = try CLIHarness.run(["check", "--staged"], in: project.app)
        XCTAssertEqual(result.status, 1, result.stdout)
        // Every generated file is stale (the digest changed): one finding, the files listed with --verbose.
        XCTAssertTrue(result.stdout.contains("error    7 generated files are missing or stale: run `naars-contracts generate`"), result.stdout)
        XCTAssertTrue(result.stderr.contains("Generated files are stale"), result.stderr)
        let listed = try CLIHarness.run(["check", "--staged", "--verbose"], in: project.app)
        XCTAssertEqual(listed.status, 1, listed.stdout)
        XCTAssertTrue(listed.stdout.contains("\n      generated/Swift/NotificationType.swift is out of date"), listed.stdout)
    }

    func testANonGeneratedBlockGetsNoGenerateHint() throws {
        let project = try HabitProject(drift: false)
        try project.repo.commitAll("clean")
        try project.write("database/002_a.sql", "SELECT 1;\n")
        try project.write("database/002_b.sql", "SELECT 1;\n")
        try project.repo.git("add", "app/database")
        let result = try CLIHarness.run(["check", "--staged"], in: project.app)
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertTrue(result.stdout.contains("(migration-duplicate-number)"), result.stdout)
        XCTAssertFalse(result.stderr.contains("generate"), result.stderr)
    }
}
