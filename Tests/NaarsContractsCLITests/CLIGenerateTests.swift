import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest

/// `generate` and `check` end to end on temporary projects: what is written, what is never written.
final class CLIGenerateTests: XCTestCase {
    private func repoRegistry() throws -> String {
        try String(contentsOf: CLIHarness.repoRoot.appendingPathComponent("registry.yaml"), encoding: .utf8)
    }

    func testGenerateWritesThenIsIdempotentAndCheckIsClean() throws {
        let root = try CLIHarness.project(["registry.yaml": try repoRegistry(), "database/.keep": "", "supabase/migrations/.keep": ""])
        let first = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains("wrote generated/Swift/NotificationType.swift"), first.stdout)
        XCTAssertTrue(first.stdout.contains("wrote supabase/functions/_shared/notificationTypes.ts"), first.stdout)
        let before = CLIHarness.snapshot(root)
        let second = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(second.stdout, "", "nothing is rewritten when nothing changed")
        CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root))
        let check = try CLIHarness.run(["check", "--format", "xcode"], in: root)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
    }

    func testCommandsFindTheRegistryFromASubfolder() throws {
        let root = try CLIHarness.project(["registry.yaml": try repoRegistry(), "NaarsCars/Core/.keep": ""])
        let result = try CLIHarness.run(["generate"], in: root.appendingPathComponent("NaarsCars/Core"))
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("generated/Swift/NotificationType.swift").path))
    }

    func testBadRegistriesExitTwoAndWriteNothing() throws {
        let good = try repoRegistry()
        let breakages: [(String, String, String)] = [
            ("values:\n", "values: [\n", "YAML syntax error"),
            ("    - raw: ride_update\n", "    - raw: message\n", "duplicate raw value 'message'"),
            ("      icon: car.fill\n", "      icn: car.fill\n", "did you mean 'icon'?"),
            ("    - raw: new_favor\n", "    - raw: \"new_favor'); drop table x; --\"\n", "give one with `case:`"),
            ("    - raw: new_favor\n", "    - raw: \"new\\u202Efavor\"\n", "without control, line-separator or bidi characters"),
            ("fallback: other", "fallback: nothing", "fallback 'nothing'"),
            ("swift: generated/Swift", "swift: ../outside", "relative path inside the project"),
        ]
        for (old, new, message) in breakages {
            XCTAssertTrue(good.contains(old), old)
            let root = try CLIHarness.project(["registry.yaml": good])
            XCTAssertEqual(try CLIHarness.run(["generate"], in: root).status, 0)
            try Data(good.replacingOccurrences(of: old, with: new).utf8).write(to: root.appendingPathComponent("registry.yaml"))
            let before = CLIHarness.snapshot(root)
            for command in [["generate"], ["check"], ["generate", "--dry-run"]] {
                let result = try CLIHarness.run(command, in: root)
                XCTAssertEqual(result.status, 2, "\(command) \(message): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains(message), "\(message) not in: \(result.stderr)")
                XCTAssertTrue(result.stderr.contains("registry.yaml:"), result.stderr)
            }
            CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root))
        }
    }

    func testHandWrittenFileAtAnOutputPathIsNeverOverwritten() throws {
        let handWritten = "// my own enum, not generated\nenum NotificationType {}\n"
        let root = try CLIHarness.project([
            "registry.yaml": try repoRegistry(), "generated/Swift/NotificationType.swift": handWritten,
        ])
        let before = CLIHarness.snapshot(root)
        let result = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("generated/Swift/NotificationType.swift:1:1: error:"), result.stderr)
        CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root))
        let check = try CLIHarness.run(["check", "--format", "xcode"], in: root)
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(check.stdout.contains("(generated-edited)"), check.stdout)
    }

    func testDryRunPrintsADiffAndWritesNothing() throws {
        let root = try CLIHarness.project(["registry.yaml": try repoRegistry()])
        XCTAssertEqual(try CLIHarness.run(["generate"], in: root).status, 0)
        let registry = try repoRegistry().replacingOccurrences(of: "icon: message.fill", with: "icon: envelope.fill")
        try Data(registry.utf8).write(to: root.appendingPathComponent("registry.yaml"))
        let before = CLIHarness.snapshot(root)
        let result = try CLIHarness.run(["generate", "--dry-run"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("--- a/generated/Swift/NotificationType.swift"), result.stdout)
        XCTAssertTrue(result.stdout.contains("+        case .message: return \"envelope.fill\""), result.stdout)
        XCTAssertTrue(result.stdout.contains("-        case .message: return \"message.fill\""), result.stdout)
        CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root))
        let check = try CLIHarness.run(["generate", "--check"], in: root)
        XCTAssertEqual(check.status, 1)
    }

    func testCheckReportsStaleGeneratedFileAtTheDifferingLine() throws {
        let root = try CLIHarness.project(["registry.yaml": try repoRegistry()])
        XCTAssertEqual(try CLIHarness.run(["generate"], in: root).status, 0)
        let path = root.appendingPathComponent("supabase/functions/_shared/notificationTypes.ts")
        var text = try String(contentsOf: path, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"ride_claimed\"", with: "\"ride_taken\"")
        try Data(text.utf8).write(to: path)
        let line = text.components(separatedBy: "\n").firstIndex { $0.contains("ride_taken") }! + 1
        let result = try CLIHarness.run(["check", "--format", "xcode"], in: root)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("supabase/functions/_shared/notificationTypes.ts:\(line):1: error:"), result.stdout)
        XCTAssertTrue(result.stdout.contains("(generated-stale)"), result.stdout)
    }

    /// The set is unknown, so no migration is planned, with the reason at the broken statement's position; the
    /// Swift and TypeScript files do not depend on the replay and are written all the same.
    func testBrokenStatementOnTheTableHoldsBackOnlyTheMigration() throws {
        let root = try CLIHarness.project([
            "registry.yaml": try repoRegistry(),
            "database/001_notifications.sql": "CREATE TABLE public.notifications (id uuid, type text);\n",
            "database/002_broken.sql": "-- a typo two lines down\nALTER TABLE public.notifications\n  ADD CONSTRAINT valid_notification_type CHECK (type IN ('message',);\n",
        ])
        let result = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("database/002_broken.sql:2:1: warning:"), result.stderr)
        XCTAssertTrue(result.stderr.contains("(sql-constraint-unknown)"), result.stderr)
        XCTAssertTrue(result.stdout.contains("wrote generated/Swift/NotificationType.swift"), result.stdout)
        XCTAssertTrue(result.stdout.contains("wrote supabase/functions/_shared/notificationTypes.ts"), result.stdout)
        XCTAssertFalse(result.stdout.contains("database/003"), "no migration while the set is unknown: \(result.stdout)")
        let files = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("database").path)
        XCTAssertEqual(files.sorted(), ["001_notifications.sql", "002_broken.sql"])
        let again = try CLIHarness.run(["generate", "--check"], in: root)
        XCTAssertEqual(again.status, 0, "an unknown set is not an out-of-date file: " + again.stderr)
        let check = try CLIHarness.run(["check", "--format", "xcode"], in: root)
        XCTAssertEqual(check.status, 1)
        XCTAssertTrue(check.stdout.contains("database/002_broken.sql:3:"), check.stdout)
    }

    func testGenerateWritesAConstraintMigrationOnlyWhenTheReplayedSetDiffers() throws {
        let root = try CLIHarness.project([
            "registry.yaml": try repoRegistry(),
            "database/107_badge_counts_resilience.sql": "CREATE TABLE public.notifications (id uuid, type text);\n",
        ])
        let first = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains("wrote database/108_notification_type_check_constraint.sql"), first.stdout)
        let again = try CLIHarness.run(["generate"], in: root)
        XCTAssertFalse(again.stdout.contains(".sql"), "the replayed set now matches: \(again.stdout)")
        // Adding a type to the registry makes the next migration, and leaves 108 untouched.
        let migration108 = try Data(contentsOf: root.appendingPathComponent("database/108_notification_type_check_constraint.sql"))
        let registry = try repoRegistry().replacingOccurrences(of: "    - raw: other\n", with: "    - raw: carpool_invite\n      icon: car.2.fill\n    - raw: other\n")
        try Data(registry.utf8).write(to: root.appendingPathComponent("registry.yaml"))
        let third = try CLIHarness.run(["generate"], in: root)
        XCTAssertTrue(third.stdout.contains("wrote database/109_notification_type_check_constraint.sql"), third.stdout)
        XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent("database/108_notification_type_check_constraint.sql")), migration108)
    }

    func testUsageErrorsExitTwo() throws {
        let root = try CLIHarness.project(["registry.yaml": try repoRegistry()])
        XCTAssertEqual(try CLIHarness.run(["check", "--no-such-flag"], in: root).status, 2)
        let empty = try CLIHarness.project(["README.md": "no registry here"])
        let result = try CLIHarness.run(["check"], in: empty)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("no registry.yaml"), result.stderr)
    }
}

/// The README stays true: it lists every rule id.
final class ReadmeTests: XCTestCase {
    func testReadmeListsEveryRule() throws {
        let readme = try String(contentsOf: CLIHarness.repoRoot.appendingPathComponent("README.md"), encoding: .utf8)
        for rule in Rule.all {
            XCTAssertTrue(readme.contains("| `\(rule.id)` | \(rule.defaultSeverity.rawValue) |"), "README lacks \(rule.id)")
        }
    }
}
