import ContractsTestSupport
import Foundation
import XCTest

/// On exit 2 nothing is written: every target is judged first, then everything is written in one step.
final class CLIAllOrNothingTests: XCTestCase {
    private func repoRegistry() throws -> String {
        try String(contentsOf: CLIHarness.repoRoot.appendingPathComponent("registry.yaml"), encoding: .utf8)
    }

    func testGenerateWritesNothingWhenTheSchemaBesideTheRegistryIsAFolder() throws {
        let root = try CLIHarness.project(["registry.yaml": try repoRegistry(), "database/.keep": "",
                                           "registry.schema.json/.keep": ""])
        let before = CLIHarness.snapshot(root)
        let result = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertEqual(result.stderr, "registry.schema.json:1:1: error: is a folder, but generate writes a file there; move the folder away\n")
        XCTAssertEqual(result.stdout, "")
        CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root))
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("generated").path))
    }

    func testGenerateWritesTheSchemaWithTheGeneratedFiles() throws {
        // Decoy: with nothing in the way, the schema is written (and said) in the same run as the generated files.
        let root = try CLIHarness.project(["registry.yaml": try repoRegistry(), "database/.keep": ""])
        let result = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasSuffix("wrote registry.schema.json\n"), result.stdout)
        XCTAssertEqual(result.stdout.components(separatedBy: "wrote registry.schema.json").count, 2, result.stdout)
        let again = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.stdout, "", "a second run writes nothing")
    }

    func testMigrationsHashWritesNoSumWhenALaterFolderLinksOutOfTheProject() throws {
        let outside = try CLIHarness.project(["20240101000000_x.sql": "SELECT 1;\n"])
        let root = try CLIHarness.project(["registry.yaml": try repoRegistry(), "database/001_init.sql": "SELECT 1;\n"])
        try FileManager.default.createDirectory(at: root.appendingPathComponent("supabase"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("supabase/migrations"), withDestinationURL: outside)
        let before = CLIHarness.snapshot(root), outsideBefore = CLIHarness.snapshot(outside)
        let result = try CLIHarness.run(["migrations", "hash"], in: root)
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("supabase/migrations/migrations.sum:1:1: error: supabase/migrations resolves to "), result.stderr)
        XCTAssertEqual(result.stdout, "")
        CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root))
        CLIHarness.assertSameSnapshot(outsideBefore, CLIHarness.snapshot(outside))
        // Decoy: the first folder alone is written.
        let one = try CLIHarness.run(["migrations", "hash", "--dir", "database"], in: root)
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertEqual(one.stdout, "wrote database/migrations.sum (1 migrations)\n")
    }

    func testInitWritesNoRegistryWhenTheSchemaCannotBeWritten() throws {
        let files = [
            "db/migrations/001_alerts.sql": """
                CREATE TABLE alerts (id int, category text NOT NULL DEFAULT 'info' CHECK (category IN ('info', 'warning')));
                """,
            "App/Alerts.swift": """
                enum AlertCategory: String { case info, warning }
                """,
        ]
        let root = try CLIHarness.project(files.merging(["registry.schema.json/.keep": ""]) { $1 })
        let before = CLIHarness.snapshot(root)
        let result = try CLIHarness.run(["init"], in: root)
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertEqual(result.stderr, "registry.schema.json:1:1: error: is a folder, but generate writes a file there; move the folder away\n")
        CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root))
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("registry.yaml").path))
        // Decoy: the same app without the folder gets both files.
        let clean = try CLIHarness.project(files)
        XCTAssertEqual(try CLIHarness.run(["init"], in: clean).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: clean.appendingPathComponent("registry.yaml").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: clean.appendingPathComponent("registry.schema.json").path))
    }
}
