import ContractsTestSupport
import Foundation
import XCTest

/// `check --staged` blocks a commit only for what it brings: findings in staged files, or new since the last
/// commit (a staged registry or migration caused them). Drift the last commit already had elsewhere is a note,
/// exit 0; the `generate` hint comes only when a stale generated file blocks.
final class CLIStagedBlockingTests: XCTestCase {
    /// A committed project (registry in `app/`) whose last commit already has a hand-edited generated file.
    private func projectWithOldDrift() throws -> HabitProject {
        let project = try HabitProject(drift: true)
        try project.repo.commitAll("old drift")
        return project
    }

    func testOldDriftElsewhereIsANoteAndDoesNotBlock() throws {
        let project = try projectWithOldDrift()
        try project.write("database/004_c.sql", "SELECT 1;\n")
        try project.repo.git("add", "app/database/004_c.sql")
        let result = try CLIHarness.run(["check", "--staged"], in: project.app)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("note     generated/Swift/BadgeTab.swift is out of date"), result.stdout)
        XCTAssertTrue(result.stdout.contains("already in the last commit, in a file this commit leaves alone: not blocking"), result.stdout)
        XCTAssertFalse(result.stderr.contains("generate"), result.stderr)
        // Without --staged the same drift is still an error.
        XCTAssertEqual(try CLIHarness.run(["check"], in: project.app).status, 1)
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
        XCTAssertTrue(result.stdout.contains("error    generated/Swift/NotificationType.swift is out of date"), result.stdout)
        XCTAssertTrue(result.stderr.contains("Generated files are stale"), result.stderr)
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
