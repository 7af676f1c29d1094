import ContractsCore
import ContractsMigrations
import Foundation
import XCTest

/// `naars-contracts migrations next|new|lint|hash` on realistic on-disk projects.
final class MigrationCLITests: XCTestCase {
    func testLintMessyFolders() throws {
        let root = try MigrationCLI.copyFixture("migrations-messy")
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try MigrationCLI.run(["migrations", "lint", "--format", "xcode"], in: root)
        XCTAssertEqual(result.status, 1, result.stderr)
        // Each finding's `note:` lines (fix, registry entry, related files) follow it; the findings alone here.
        let summary = result.lines.filter { !$0.contains(": note: ") }.map { line -> String in
            let parts = line.components(separatedBy: ": ")
            return parts[0] + " " + parts[1] + " " + (line.split(separator: "(").last.map { String($0.dropLast()) } ?? "")
        }
        XCTAssertEqual(summary, [
            "database/002_badge_counts_rpc_FIXED.sql:1:1 error migration-duplicate-number",
            "database/005_reviews.sql:1:1 warning migration-gap",
            "database/006_b.sql:1:1 error migration-duplicate-number",
            "supabase/migrations/20260126_0002_second.sql:1:1 error migration-version-collision",
            "supabase/migrations/20260407202111_content_hidden.sql:1:1 warning migration-mixed-scheme",
        ], result.stdout)
    }

    func testCleanFolderExitsZeroAndHashCatchesEdits() throws {
        let root = try MigrationCLI.copyFixture("migrations-clean")
        defer { try? FileManager.default.removeItem(at: root) }
        XCTAssertEqual(try MigrationCLI.run(["migrations", "lint", "--format", "xcode"], in: root).status, 0)

        let hash = try MigrationCLI.run(["migrations", "hash"], in: root)
        XCTAssertEqual(hash.stdout, "wrote database/migrations.sum (2 migrations)\n", hash.stderr)
        let clean = try MigrationCLI.run(["migrations", "lint", "--format", "xcode"], in: root)
        XCTAssertEqual(clean.status, 0, clean.stdout)
        XCTAssertEqual(clean.stdout, "")

        try Data("create table driver_notifications (id bigint);\n".utf8)
            .write(to: root.appendingPathComponent("database/001_init.sql"))
        let edited = try MigrationCLI.run(["migrations", "lint", "--format", "xcode"], in: root)
        XCTAssertEqual(edited.status, 1)
        XCTAssertTrue(edited.stdout.hasPrefix("database/001_init.sql:1:1: error: 001_init.sql changed after it was recorded"),
                      edited.stdout)
        XCTAssertTrue(edited.stdout.split(separator: "\n")[0].hasSuffix("(migration-edited)"), edited.stdout)
    }

    func testNextPerFolderAndForOneFolder() throws {
        let root = try MigrationCLI.copyFixture("migrations-messy")
        defer { try? FileManager.default.removeItem(at: root) }
        let all = try MigrationCLI.run(["migrations", "next"], in: root)
        XCTAssertEqual(all.status, 0, all.stderr)
        XCTAssertEqual(all.lines.count, 2)
        XCTAssertEqual(all.lines.first, "database: 007")
        let stamp = try XCTUnwrap(all.lines.last?.components(separatedBy: ": ").last)
        XCTAssertEqual(stamp.count, 14)
        XCTAssertGreaterThan(stamp, "20260407202111")
        XCTAssertEqual(try MigrationCLI.run(["migrations", "next", "--dir", "database"], in: root).stdout, "007\n")
        let unknown = try MigrationCLI.run(["migrations", "next", "--dir", "nope"], in: root)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("not a migration folder"), unknown.stderr)
    }

    func testNextAndNewOnAnEmptyFolder() throws {
        let root = try MigrationCLI.copyFixture("migrations-clean")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.removeItem(at: root.appendingPathComponent("database"))
        XCTAssertEqual(try MigrationCLI.run(["migrations", "next", "--dir", "database"], in: root).stdout, "001\n")
        let created = try MigrationCLI.run(["migrations", "new", "Create driver notifications"], in: root)
        XCTAssertEqual(created.status, 0, created.stderr)
        XCTAssertEqual(created.stdout, "database/001_create_driver_notifications.sql\n")
    }

    func testNewCreatesNumberedFilesWithAHeader() throws {
        let root = try MigrationCLI.copyFixture("migrations-messy")
        defer { try? FileManager.default.removeItem(at: root) }
        let first = try MigrationCLI.run(["migrations", "new", "Add reviews table!"], in: root)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(first.stdout, "database/007_add_reviews_table.sql\n")
        let text = try String(contentsOf: root.appendingPathComponent("database/007_add_reviews_table.sql"), encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("-- Add reviews table!\n-- Created "), text)

        let second = try MigrationCLI.run(["migrations", "new", "RenameColumn"], in: root)
        XCTAssertEqual(second.stdout, "database/008_rename_column.sql\n")

        let sub = root.appendingPathComponent("database")
        let fromSubfolder = try MigrationCLI.run(["migrations", "new", "x", "--dir", "supabase/migrations"], in: sub)
        XCTAssertEqual(fromSubfolder.status, 0, fromSubfolder.stderr)
        XCTAssertTrue(fromSubfolder.stdout.hasPrefix("supabase/migrations/2"), "relative to the root, not the cwd")
        XCTAssertTrue(fromSubfolder.stdout.hasSuffix("_x.sql\n"))

        let empty = try MigrationCLI.run(["migrations", "new", "!!!"], in: root)
        XCTAssertEqual(empty.status, 2, "bad input exits 2, like every refusal")
        XCTAssertTrue(empty.stderr.contains("no letters or digits"), empty.stderr)
    }

    /// Without `outputs.sql`, `migrations new` (like `generate`) writes to the folder the Supabase CLI applies, not the
    /// legacy sequential folder replayed before it; `outputs.sql` still wins, and so does `--dir`.
    func testNewDefaultsToTheFolderTheSupabaseCLIApplies() throws {
        let root = try MigrationCLI.copyFixture("migrations-messy")
        defer { try? FileManager.default.removeItem(at: root) }
        XCTAssertEqual(try MigrationCLI.run(["migrations", "new", "pinned"], in: root).stdout, "database/007_pinned.sql\n")
        let registry = root.appendingPathComponent("registry.yaml")
        let text = try String(contentsOf: registry, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "  sql: database\n", with: "").utf8).write(to: registry)
        let defaulted = try MigrationCLI.run(["migrations", "new", "Add trip index"], in: root)
        XCTAssertEqual(defaulted.status, 0, defaulted.stderr)
        XCTAssertTrue(defaulted.stdout.hasPrefix("supabase/migrations/2") && defaulted.stdout.hasSuffix("_add_trip_index.sql\n"),
                      defaulted.stdout)
        XCTAssertEqual(try MigrationCLI.run(["migrations", "new", "legacy", "--dir", "database"], in: root).stdout,
                       "database/008_legacy.sql\n")
        // Only the CLI's folder (timestamps): it is the default too, where before there was none.
        let withoutLegacy = text.replacingOccurrences(of: "  sql: database\n", with: "")
            .replacingOccurrences(of: "  - { dir: database, scheme: sequential, width: 3 }\n", with: "")
        try Data(withoutLegacy.utf8).write(to: registry)
        let alone = try MigrationCLI.run(["migrations", "new", "Alone"], in: root)
        XCTAssertEqual(alone.status, 0, alone.stderr)
        XCTAssertTrue(alone.stdout.hasPrefix("supabase/migrations/2"), alone.stdout)
    }

    func testRegistrySeveritiesApply() throws {
        let root = try MigrationCLI.copyFixture("migrations-messy")
        defer { try? FileManager.default.removeItem(at: root) }
        let registry = root.appendingPathComponent("registry.yaml")
        let text = try String(contentsOf: registry, encoding: .utf8)
            + "rules:\n  migration-gap: off\n  migration-duplicate-number: warning\n  migration-version-collision: warning\n"
        try Data(text.utf8).write(to: registry)
        let result = try MigrationCLI.run(["migrations", "lint", "--format", "xcode"], in: root)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertFalse(result.stdout.contains("(migration-gap)"), result.stdout)
        XCTAssertTrue(result.stdout.contains("database/006_b.sql:1:1: warning: "), result.stdout)
    }

    func testBadRegistryExitsTwo() throws {
        let root = try MigrationCLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("version: 1\nbogus: true\n".utf8).write(to: root.appendingPathComponent("registry.yaml"))
        XCTAssertEqual(try MigrationCLI.run(["migrations", "lint", "--format", "xcode"], in: root).status, 2)
    }
}
