import Foundation
import XCTest

/// The installed hook with the real binary: `git commit` is blocked exactly when what is staged drifts.
///
/// Needs `check --staged` and the emitters in the built binary; skipped (failed under CI=true) while missing.
final class HookEndToEndTests: XCTestCase {
    private func requireStagedCheck() throws {
        let help = try CLIHarness.run(["check", "--help"], in: CLIHarness.repoRoot)
        guard help.stdout.contains("--staged") else {
            let why = "the built naars-contracts has no `check --staged` yet"
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail(why) }
            throw XCTSkip(why)
        }
    }

    func testHookBlocksACommitWhoseStagedFilesDriftAndLetsTheFixThrough() throws {
        try requireStagedCheck()
        let repo = try GitTestRepo()
        let registry = try String(contentsOf: CLIHarness.repoRoot.appendingPathComponent("registry.yaml"), encoding: .utf8)
        try repo.write("registry.yaml", registry)
        try repo.write("database/.keep", "")
        try repo.write("supabase/migrations/.keep", "")
        try repo.write("README.md", "app\n")
        XCTAssertEqual(try CLIHarness.run(["generate"], in: repo.url).status, 0)
        guard FileManager.default.fileExists(atPath: repo.url.appendingPathComponent("generated/Swift").path) else {
            let why = "the built naars-contracts generates no Swift yet"
            if ProcessInfo.processInfo.environment["CI"] == "true" { XCTFail(why) }
            throw XCTSkip(why)
        }
        try repo.commitAll("generated")
        let install = try CLIHarness.run(["hook", "install"], in: repo.url)
        XCTAssertEqual(install.status, 0, install.stderr)

        // Nothing the registry governs is staged: the hook lets the commit through.
        try repo.write("README.md", "app, described\n")
        try repo.git("add", "README.md")
        let unrelated = try runTestProcess("git", ["commit", "-q", "-m", "readme"], in: repo.url)
        XCTAssertEqual(unrelated.status, 0, unrelated.output)

        // A new notification type, regenerated in the working tree but only the registry staged:
        // the commit would record stale generated files, so it is blocked, and the hook names the fix.
        let added = registry.replacingOccurrences(of: "  values:\n", with: """
              values:
                - raw: carpool_reminder
                  icon: bell.badge
                  can_be_disabled: true
                  preference_key: null
                  badge: bell

            """)
        XCTAssertNotEqual(added, registry)
        try repo.write("registry.yaml", added)
        XCTAssertEqual(try CLIHarness.run(["generate"], in: repo.url).status, 0)
        try repo.git("add", "registry.yaml")
        let blocked = try runTestProcess("git", ["commit", "-q", "-m", "new type"], in: repo.url)
        XCTAssertEqual(blocked.status, 1, blocked.output)
        XCTAssertTrue(blocked.output.contains("generated-stale"), blocked.output)
        XCTAssertTrue(blocked.output.contains("generate --registry registry.yaml"), blocked.output)
        XCTAssertEqual(try repo.git("log", "-1", "--format=%s"), "readme")

        // Staging the regenerated files is the fix.
        try repo.git("add", "-A")
        let fixed = try runTestProcess("git", ["commit", "-q", "-m", "new type"], in: repo.url)
        XCTAssertEqual(fixed.status, 0, fixed.output)
        XCTAssertEqual(try repo.git("log", "-1", "--format=%s"), "new type")
    }
}
