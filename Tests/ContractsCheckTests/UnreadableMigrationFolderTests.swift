import ContractsTestSupport
import Foundation
import XCTest

/// A migration folder that exists but cannot be listed is bad input (exit 2, located error, nothing written),
/// as the README promises: never a `sql-syntax-error` (exit 1), never a silently empty folder.
final class UnreadableMigrationFolderTests: XCTestCase {
    private func project(database: (URL) throws -> Void) throws -> URL {
        let registry = try String(contentsOf: CLIHarness.repoRoot.appendingPathComponent("registry.yaml"), encoding: .utf8)
        let root = try CLIHarness.project(["registry.yaml": registry, "supabase/migrations/20260101000000_a.sql": "SELECT 1;\n"])
        try database(root.appendingPathComponent("database"))
        return root
    }

    /// A symbolic link to itself: opendir fails with ELOOP, even for root (a mode-000 folder would not).
    private func loop(_ folder: URL) throws {
        try FileManager.default.createSymbolicLink(atPath: folder.path, withDestinationPath: "database")
    }

    func testCheckRefusesAnUnlistableMigrationFolder() throws {
        let root = try project(database: loop)
        let before = CLIHarness.snapshot(root)
        let result = try CLIHarness.run(["check", "--no-cache", "--format", "xcode"], in: root)
        XCTAssertEqual(result.status, 2, result.stdout)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.contains("database: cannot list folder ("), result.stderr)
        XCTAssertFalse(result.stderr.contains("sql-syntax-error"), result.stderr)
        CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root))
    }

    func testMigrationsLintRefusesAnUnlistableMigrationFolder() throws {
        let root = try project(database: loop)
        let result = try CLIHarness.run(["migrations", "lint", "--format", "xcode"], in: root)
        XCTAssertEqual(result.status, 2, result.stdout)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "error: database: cannot list folder (Too many levels of symbolic links)\n")
    }

    /// Decoys: a missing folder and an empty one list as empty, as before.
    func testMissingAndEmptyFoldersAreNotErrors() throws {
        for make in [{ (_: URL) in }, { try FileManager.default.createDirectory(at: $0, withIntermediateDirectories: true) }] {
            let root = try project(database: make)
            let result = try CLIHarness.run(["migrations", "lint", "--format", "xcode"], in: root)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertFalse(result.stderr.contains("error"), result.stderr)
        }
    }
}
