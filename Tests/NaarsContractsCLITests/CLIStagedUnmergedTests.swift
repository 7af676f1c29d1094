import ContractsTestSupport
import Foundation
import XCTest

/// `check --staged` in a merge stopped on a conflict: the unmerged paths have no staged content (the index holds each
/// side), so each is a located error, exit 2, instead of a check that passes on what it never read.
final class CLIStagedUnmergedTests: XCTestCase {
    /// A project (registry in `app/`) where merging `other` stops on a conflict in each of `conflicting` (paths below
    /// `app/`).
    private func conflictedProject(_ conflicting: [String]) throws -> HabitProject {
        let project = try HabitProject(drift: false)
        for path in conflicting { try project.write(path, "SELECT 1;\n") }
        try project.repo.commitAll("base")
        let main = try project.repo.git("rev-parse", "--abbrev-ref", "HEAD")
        try project.repo.git("checkout", "-q", "-b", "other")
        for path in conflicting { try project.write(path, "SELECT 2;\n") }
        try project.repo.commitAll("theirs")
        try project.repo.git("checkout", "-q", main)
        for path in conflicting { try project.write(path, "SELECT 3;\n") }
        try project.repo.commitAll("ours")
        XCTAssertThrowsError(try project.repo.git("merge", "-q", "--no-edit", "other"), "the merge must stop on the conflict")
        return project
    }

    func testEachUnmergedPathIsAnErrorAtIt() throws {
        let project = try conflictedProject(["database/002_a.sql", "database/003_b.sql"])
        let result = try CLIHarness.run(["check", "--staged"], in: project.app)
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, """
            database/002_a.sql:1:1: error: unmerged in the index (a merge in progress?); resolve it, then commit
            database/003_b.sql:1:1: error: unmerged in the index (a merge in progress?); resolve it, then commit

            """)
        let json = try CLIHarness.run(["check", "--staged", "--format", "json"], in: project.app)
        XCTAssertEqual(json.status, 2, json.stderr)
        XCTAssertTrue(json.stdout.contains("unmerged in the index"), json.stdout)
    }

    /// Decoy: the conflict resolved and staged, the same merge is checked as usual.
    func testAResolvedMergeIsChecked() throws {
        let project = try conflictedProject(["database/002_a.sql"])
        try project.write("database/002_a.sql", "SELECT 2;\n")
        try project.repo.git("add", "app/database/002_a.sql")
        let result = try CLIHarness.run(["check", "--staged"], in: project.app)
        XCTAssertNotEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertFalse(result.stderr.contains("unmerged"), result.stderr)
    }
}
