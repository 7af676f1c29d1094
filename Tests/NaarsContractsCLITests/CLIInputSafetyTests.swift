import ContractsTestSupport
import Foundation
import XCTest

/// Inputs that must be refused with a located error and exit 2, and writes that must not race.
final class CLIInputSafetyTests: XCTestCase {
    private func repoRegistry() throws -> String {
        try String(contentsOf: CLIHarness.repoRoot.appendingPathComponent("registry.yaml"), encoding: .utf8)
    }

    private func listing(_ root: URL, _ dir: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(dir).path)) ?? []).sorted()
    }

    // MARK: the registry

    /// A payload that names neither the type the app decodes it into nor the RPC returning it, and is no other
    /// payload's field type, meets no code: refused at its name, nothing written.
    func testAPayloadNothingBindsIsRefused() throws {
        let registry = try repoRegistry()
        let unbound = registry.replacingOccurrences(of: "  BadgeCounts:\n    type_name: BadgeCountsPayload\n    rpc: get_badge_counts\n",
                                                    with: "  BadgeCounts:\n")
        XCTAssertNotEqual(unbound, registry)
        let line = registry.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0 == "  BadgeCounts:" }! + 1
        let root = try CLIHarness.project(["registry.yaml": unbound, "database/001_init.sql": "SELECT 1;\n"])
        let before = CLIHarness.snapshot(root)
        for command in [["check"], ["generate"]] {
            let result = try CLIHarness.run(command, in: root)
            XCTAssertEqual(result.status, 2, "\(command): \(result.stdout)")
            XCTAssertTrue(result.stderr.contains("registry.yaml:\(line):3: error: payload BadgeCounts names neither the type"), result.stderr)
        }
        CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root))
    }

    // MARK: migrations new

    func testAMigrationDescriptionWithControlCharactersIsRefused() throws {
        let root = try CLIHarness.project(["registry.yaml": try repoRegistry(), "database/001_init.sql": "SELECT 1;\n"])
        let before = CLIHarness.snapshot(root)
        for description in ["x\nDROP TABLE notifications; --", "x\rDROP TABLE notifications; --", "tab\there",
                            "bell\u{07}", "escape \u{1B}[31m", "trojan \u{202E}lqs.", "isolate \u{2066}x", "line\u{2028}sep"] {
            let result = try CLIHarness.run(["migrations", "new", description], in: root)
            XCTAssertEqual(result.status, 2, "\(description.debugDescription): \(result.stdout)")
            XCTAssertTrue(result.stderr.contains("error: the description contains the control character U+"), result.stderr)
        }
        CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root))
        // Decoy: punctuation and letters outside ASCII are fine.
        let fine = try CLIHarness.run(["migrations", "new", "Fahrt ändern: café — neu (v2)"], in: root)
        XCTAssertEqual(fine.status, 0, fine.stderr)
        let text = try String(contentsOf: root.appendingPathComponent(fine.stdout.trimmingCharacters(in: .newlines)), encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("-- Fahrt ändern: café — neu (v2)\n-- Created "), text)
    }

    func testParallelMigrationsNewTakeDistinctNumbers() throws {
        let root = try CLIHarness.project(["registry.yaml": try repoRegistry(), "database/017_init.sql": "SELECT 1;\n"])
        let processes = try (0..<8).map { index -> Process in
            let process = Process()
            process.executableURL = CLIHarness.binary
            process.arguments = ["migrations", "new", "parallel \(index)"]
            process.currentDirectoryURL = root
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        for process in processes { process.waitUntilExit() }
        XCTAssertEqual(processes.map(\.terminationStatus), Array(repeating: 0, count: 8))
        let created = listing(root, "database").filter { $0.contains("parallel") }
        XCTAssertEqual(created.count, 8, "\(created)")
        XCTAssertEqual(Set(created.map { String($0.prefix(3)) }), Set((18...25).map { String(format: "%03d", $0) }), "\(created)")
    }

    func testASymlinkedMigrationFolderOutsideTheProjectIsRefused() throws {
        let outside = try CLIHarness.project(["001_theirs.sql": "SELECT 1;\n"])
        let root = try CLIHarness.project(["registry.yaml": try repoRegistry()])
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("database"), withDestinationURL: outside)

        let result = try CLIHarness.run(["migrations", "new", "add column"], in: root)

        XCTAssertEqual(result.status, 2, result.stdout)
        XCTAssertTrue(result.stderr.contains("database/002_add_column.sql:1:1: error: database resolves to"), result.stderr)
        XCTAssertEqual(listing(outside, ""), ["001_theirs.sql"])
    }

    func testMigrationsHashAndTheBaselineAreNeverWrittenThroughALinkOutOfTheProject() throws {
        let outside = try CLIHarness.project(["001_theirs.sql": "SELECT 1;\n"])
        let registry = try repoRegistry() + "\nbaseline: reports/baseline.json\n"
        let root = try CLIHarness.project(["registry.yaml": registry])
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("database"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("reports"), withDestinationURL: outside)

        let hash = try CLIHarness.run(["migrations", "hash", "--dir", "database"], in: root)
        XCTAssertEqual(hash.status, 2, hash.stdout)
        XCTAssertTrue(hash.stderr.contains("database/migrations.sum:1:1: error: database resolves to"), hash.stderr)
        let baseline = try CLIHarness.run(["check", "--write-baseline"], in: root)
        XCTAssertEqual(baseline.status, 2, baseline.stdout)
        XCTAssertTrue(baseline.stderr.contains("reports/baseline.json:1:1: error: reports resolves to"), baseline.stderr)
        XCTAssertEqual(listing(outside, ""), ["001_theirs.sql"])
    }

    // MARK: the registry file itself

    func testARegistryThatIsABrokenLinkOrAFolderIsAnErrorNotTheParentsRegistry() throws {
        let root = try CLIHarness.project(["registry.yaml": try repoRegistry(), "app/.keep": ""])
        let app = root.appendingPathComponent("app"), file = app.appendingPathComponent("registry.yaml")
        let cases: [(String, () throws -> Void)] = [
            ("it is a symbolic link to a file that does not exist", {
                try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "contracts.yaml") }),
            ("it is a loop of symbolic links", {
                try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: "registry.yaml") }),
            ("it is a folder, not a file", {
                try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true) }),
        ]
        for (message, make) in cases {
            try? FileManager.default.removeItem(at: file)
            try make()
            let before = CLIHarness.snapshot(root)
            for command in [["check"], ["generate"], ["migrations", "next"]] {
                let result = try CLIHarness.run(command, in: app)
                XCTAssertEqual(result.status, 2, "\(command) \(message): \(result.stdout)")
                XCTAssertEqual(result.stderr, "registry.yaml:1:1: error: cannot read the registry: \(message)"
                    + (message.contains("link") ? " (\(try FileManager.default.destinationOfSymbolicLink(atPath: file.path)))" : "") + "\n")
            }
            let explicit = try CLIHarness.run(["check", "--registry", "app/registry.yaml"], in: root)
            XCTAssertEqual(explicit.status, 2, explicit.stdout)
            XCTAssertTrue(explicit.stderr.contains(message), explicit.stderr)
            XCTAssertFalse(explicit.stderr.contains("NSCocoaErrorDomain"), explicit.stderr)
            CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root))
        }
    }
}
