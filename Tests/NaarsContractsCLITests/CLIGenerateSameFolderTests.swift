import ContractsTestSupport
import Foundation
import XCTest

/// "Never remove inside a migration folder" and "never write generated files among migrations" hold whatever
/// the spelling: `./database/…` in the manifest, `dir: ./database` in the registry, a folder linked to the
/// migration folder.
final class CLIGenerateSameFolderTests: XCTestCase {
    private func repoRegistry() throws -> String {
        try String(contentsOf: CLIHarness.repoRoot.appendingPathComponent("registry.yaml"), encoding: .utf8)
    }

    /// A project generated once with `registry`; returns it and the constraint migration `generate` wrote.
    private func generated(_ registry: String) throws -> (URL, String) {
        let root = try CLIHarness.project(["registry.yaml": registry, "database/.keep": ""])
        let first = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(first.status, 0, first.stderr)
        let migration = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("database").path)
            .filter { $0.hasSuffix(".sql") }
        XCTAssertEqual(migration.count, 1, "\(migration)")
        return (root, "database/" + (migration.first ?? "missing.sql"))
    }

    /// Adds `entries` to the manifest, as a hand edit or an older tool could have left them.
    private func listInManifest(_ root: URL, _ entries: [String]) throws {
        let manifest = root.appendingPathComponent(".naars-contracts-generated")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try Data((text + entries.joined(separator: "\n") + "\n").utf8).write(to: manifest)
    }

    private func assertKept(_ root: URL, _ migration: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let before = try Data(contentsOf: root.appendingPathComponent(migration))
        let result = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr, file: file, line: line)
        XCTAssertFalse(result.stdout.contains("removed"), result.stdout, file: file, line: line)
        XCTAssertEqual(try? Data(contentsOf: root.appendingPathComponent(migration)), before, "\(migration) was removed",
                       file: file, line: line)
    }

    func testAManifestEntrySpelledWithADotNeverRemovesAMigration() throws {
        let (root, migration) = try generated(try repoRegistry())
        try listInManifest(root, ["./" + migration, "database//" + migration.dropFirst("database/".count)])
        try assertKept(root, migration)
    }

    func testAMigrationFolderSpelledWithADotKeepsItsMigrations() throws {
        let registry = try repoRegistry().replacingOccurrences(of: "{ dir: database, scheme: sequential",
                                                               with: "{ dir: ./database, scheme: sequential")
        let (root, migration) = try generated(registry)
        try listInManifest(root, [migration])
        try assertKept(root, migration)
    }

    func testAManifestEntryThroughALinkToTheMigrationFolderNeverRemovesAMigration() throws {
        let (root, migration) = try generated(try repoRegistry())
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("db").path, withDestinationPath: "database")
        try listInManifest(root, ["db/" + migration.dropFirst("database/".count)])
        try assertKept(root, migration)
    }

    func testAnOrphanOutsideTheMigrationFoldersIsStillRemoved() throws {
        // Decoy: a file the manifest lists, generated, outside every migration folder, is removed as before.
        let (root, _) = try generated(try repoRegistry())
        let header = try String(contentsOf: root.appendingPathComponent("generated/Swift/NotificationType.swift"), encoding: .utf8)
            .components(separatedBy: "\n").prefix(3).joined(separator: "\n")
        try Data((header + "\nlet old = 1\n").utf8).write(to: root.appendingPathComponent("generated/Swift/Old.swift"))
        try listInManifest(root, ["./generated/Swift/Old.swift"])
        let result = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("removed ./generated/Swift/Old.swift (no longer generated)"), result.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("generated/Swift/Old.swift").path))
    }

    func testAnOutputFolderLinkedToAMigrationFolderIsRefusedAndNothingIsWritten() throws {
        let registry = try repoRegistry().replacingOccurrences(of: "typescript: supabase/functions/_shared",
                                                               with: "typescript: ts-out")
        let root = try CLIHarness.project(["registry.yaml": registry, "database/001_init.sql": "SELECT 1;\n"])
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("ts-out").path, withDestinationPath: "database")
        let before = CLIHarness.snapshot(root)
        for arguments in [["generate"], ["generate", "--dry-run"]] {
            let result = try CLIHarness.run(arguments, in: root)
            XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
            let line = try XCTUnwrap(result.stderr.components(separatedBy: "\n").first)
            XCTAssertTrue(line.hasPrefix("registry.yaml:"), line)
            XCTAssertTrue(line.contains(": error: outputs.typescript 'ts-out' is the migration folder 'database' once symbolic links are resolved"), line)
        }
        CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("database").path), ["001_init.sql"])
    }

    func testALinkedOutputFolderElsewhereInTheProjectIsStillWritten() throws {
        // Decoy: a link that stays clear of every migration folder is followed as before.
        let registry = try repoRegistry().replacingOccurrences(of: "typescript: supabase/functions/_shared",
                                                               with: "typescript: ts-out")
        let root = try CLIHarness.project(["registry.yaml": registry, "database/.keep": "", "shared/.keep": ""])
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("ts-out").path, withDestinationPath: "shared")
        let result = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("shared").path)
            .filter { $0.hasSuffix(".ts") }.isEmpty)
    }
}
