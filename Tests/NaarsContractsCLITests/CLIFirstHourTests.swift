import ContractsCheck
import ContractsCore
import ContractsFixtureApps
import ContractsTestSupport
import Foundation
import XCTest

/// The first hour of issue 41, through the built binary: `init --dry-run` prints the summary too.
final class CLIFirstHourTests: XCTestCase {
    // MARK: init --dry-run

    /// The registry on standard output, byte for byte what `init` then writes; on standard error the summary `init`
    /// prints when it writes, its first line saying nothing was written.
    func testInitDryRunPrintsTheSummaryOnStandardError() throws {
        let root = try FixtureApp.copy("match-app-clean", for: self, generated: false)
        try FileManager.default.removeItem(at: root.appendingPathComponent("registry.yaml"))
        let before = CLIHarness.snapshot(root)
        let dry = try CLIHarness.run(["init", "--dry-run"], in: root)
        XCTAssertEqual(dry.status, 0, dry.stderr)
        CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root))

        let written = try CLIHarness.run(["init"], in: root)
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("registry.yaml"), encoding: .utf8), dry.stdout)
        let summary = written.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let dryLines = dry.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(summary.first, "wrote registry.yaml and registry.schema.json")
        XCTAssertEqual(dryLines.first,
                       "would write registry.yaml and registry.schema.json (--dry-run: nothing written; the registry is on standard output)")
        XCTAssertGreaterThan(summary.count, 4, written.stdout)
        XCTAssertEqual(dryLines.dropFirst(), summary.dropFirst(), "the dry run's summary is the one init prints when it writes")
        XCTAssertTrue(dry.stderr.contains("  type column  public.matches.remote_status"), dry.stderr)
    }

    /// A tree with no contract to start from: the starter's summary, said the same way.
    func testInitDryRunSaysTheStarterToo() throws {
        let root = try CLIHarness.project(["db/migrations/001_init.sql": "CREATE TABLE t (id bigint);\n",
                                           "App/Main.swift": "let x = 1\n"])
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let dry = try CLIHarness.run(["init", "--dry-run"], in: root)
        XCTAssertEqual(dry.status, 0, dry.stderr)
        XCTAssertTrue(dry.stderr.hasPrefix("would write registry.yaml (--dry-run: nothing written; the registry is on standard output): a starter"),
                      dry.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("registry.yaml").path))
        let written = try CLIHarness.run(["init"], in: root)
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertEqual(dry.stderr.split(separator: "\n").dropFirst(), written.stdout.split(separator: "\n").dropFirst())
    }
}
