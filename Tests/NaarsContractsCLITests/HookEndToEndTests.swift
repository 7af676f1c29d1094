import ContractsTestSupport
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

    // MARK: - Partial staging and chaining, with the real binary

    private static let cleanFeed = """
        CREATE VIEW public.town_hall_feed AS
          SELECT n.id, n.type
          FROM public.notifications n
          WHERE n.type IN ('town_hall_post', 'town_hall_comment');

        """
    /// One unregistered literal in the same view: `sql-unknown-literal` at 4:38.
    private static let driftingFeed = cleanFeed.replacingOccurrences(of: "'town_hall_comment'", with: "'town_hall_comments'")

    /// A repository with this repo's registry, its generated files and a clean migration, all committed,
    /// and the hook installed.
    private func hookedRepo() throws -> GitTestRepo {
        try requireStagedCheck()
        let repo = try GitTestRepo()
        try repo.write("registry.yaml", try String(contentsOf: CLIHarness.repoRoot.appendingPathComponent("registry.yaml"), encoding: .utf8))
        try repo.write("supabase/migrations/.keep", "")
        try repo.write("database/002_feed.sql", Self.cleanFeed)
        let generate = try CLIHarness.run(["generate"], in: repo.url)
        XCTAssertEqual(generate.status, 0, generate.stderr)
        try repo.commitAll("app")
        let install = try CLIHarness.run(["hook", "install"], in: repo.url)
        XCTAssertEqual(install.status, 0, install.stderr)
        return repo
    }

    func testAPartiallyStagedFileIsJudgedByItsStagedContent() throws {
        let repo = try hookedRepo()
        XCTAssertNotEqual(Self.driftingFeed, Self.cleanFeed)

        // The drift is staged, then the working copy is put back: the commit would record the drift.
        try repo.write("database/002_feed.sql", Self.driftingFeed + "-- feed\n")
        try repo.git("add", "database/002_feed.sql")
        try repo.write("database/002_feed.sql", Self.cleanFeed + "-- feed\n")
        XCTAssertEqual(try CLIHarness.run(["check", "--no-cache"], in: repo.url).status, 0, "the working tree is clean")
        let blocked = try runTestProcess("git", ["commit", "-q", "-m", "drift staged"], in: repo.url)
        XCTAssertEqual(blocked.status, 1, blocked.output)
        XCTAssertTrue(blocked.output.contains("database/002_feed.sql"), blocked.output)
        XCTAssertTrue(blocked.output.contains("4:38"), blocked.output)
        XCTAssertTrue(blocked.output.contains("'town_hall_comments'"), blocked.output)
        XCTAssertTrue(blocked.output.contains("sql-unknown-literal"), blocked.output)
        XCTAssertEqual(try repo.git("log", "-1", "--format=%s"), "app")

        // The reverse: the clean version staged, the drift left unstaged in the working copy.
        try repo.git("add", "database/002_feed.sql")
        try repo.write("database/002_feed.sql", Self.driftingFeed + "-- feed\n")
        XCTAssertEqual(try CLIHarness.run(["check", "--no-cache"], in: repo.url).status, 1, "the working tree drifts")
        let passed = try runTestProcess("git", ["commit", "-q", "-m", "clean staged"], in: repo.url)
        XCTAssertEqual(passed.status, 0, passed.output)
        XCTAssertEqual(try repo.git("log", "-1", "--format=%s"), "clean staged")
        XCTAssertEqual(try repo.git("show", "HEAD:database/002_feed.sql"), (Self.cleanFeed + "-- feed").trimmingCharacters(in: .whitespacesAndNewlines))
    }

    func testAnExistingHookIsChainedWithTheRealCheck() throws {
        try requireStagedCheck()
        let repo = try GitTestRepo()
        try repo.write("registry.yaml", try String(contentsOf: CLIHarness.repoRoot.appendingPathComponent("registry.yaml"), encoding: .utf8))
        try repo.write("supabase/migrations/.keep", "")
        try repo.write("database/002_feed.sql", Self.cleanFeed)
        XCTAssertEqual(try CLIHarness.run(["generate"], in: repo.url).status, 0)
        try repo.commitAll("app")
        // The team's own hook, there before ours: it logs each run and passes.
        let hooks = repo.url.appendingPathComponent(".git/hooks")
        try writeScript(hooks.appendingPathComponent("pre-commit"), "echo ran >> \"$(git rev-parse --git-dir)/team-hook.log\"")
        let install = try CLIHarness.run(["hook", "install"], in: repo.url)
        XCTAssertEqual(install.status, 0, install.stderr)
        let log = repo.url.appendingPathComponent(".git/team-hook.log")

        // A clean, relevant change: both hooks run, the commit goes through.
        try repo.write("database/002_feed.sql", Self.cleanFeed + "-- feed\n")
        try repo.git("add", "database/002_feed.sql")
        let clean = try runTestProcess("git", ["commit", "-q", "-m", "clean"], in: repo.url)
        XCTAssertEqual(clean.status, 0, clean.output)
        XCTAssertEqual(try String(contentsOf: log, encoding: .utf8), "ran\n")

        // Drift: the team's hook still runs first, then ours blocks.
        try repo.write("database/002_feed.sql", Self.driftingFeed)
        try repo.git("add", "database/002_feed.sql")
        let blocked = try runTestProcess("git", ["commit", "-q", "-m", "drift"], in: repo.url)
        XCTAssertEqual(blocked.status, 1, blocked.output)
        XCTAssertTrue(blocked.output.contains("sql-unknown-literal"), blocked.output)
        XCTAssertEqual(try String(contentsOf: log, encoding: .utf8), "ran\nran\n")
        XCTAssertEqual(try repo.git("log", "-1", "--format=%s"), "clean")
    }
}
