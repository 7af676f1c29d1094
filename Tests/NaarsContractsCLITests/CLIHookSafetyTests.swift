import ContractsTestSupport
import Foundation
import XCTest

/// `hook install` never makes the hook run itself, and never drops a user's edits to the installed hook.
final class CLIHookSafetyTests: XCTestCase {
    /// A stand-in for naars-contracts that logs its arguments.
    private func fakeTool(in repo: GitTestRepo) throws -> URL {
        let tool = repo.url.appendingPathComponent(".tools/fake-naars")
        try writeScript(tool, #"echo "tool $*" >> "$(git rev-parse --show-toplevel)/.tools/log"; exit 0"#)
        return tool
    }

    func testACopiedScriptsPreCommitIsKeptButNeverChainedSoTheCommitEnds() throws {
        let repo = try GitTestRepo()
        try repo.write("registry.yaml", "version: 1\n")
        try repo.write(".gitignore", ".tools/\n")
        let tool = try fakeTool(in: repo)
        // What the README suggests for teams without the pre-commit framework, then `hook install` on top.
        let hook = repo.url.appendingPathComponent(".git/hooks/pre-commit")
        let copy = try Data(contentsOf: CLIHarness.repoRoot.appendingPathComponent("scripts/pre-commit"))
        try copy.write(to: hook)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook.path)

        let install = try CLIHarness.run(["hook", "install", "--binary", tool.path], in: repo.url)

        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertTrue(install.stdout.contains("is a copy of naars-contracts' own pre-commit script"), install.stdout)
        XCTAssertTrue(install.stdout.contains("not run"), install.stdout)
        try repo.write("a.txt", "a")
        try repo.git("add", "a.txt")
        // Before the fix the copy ran itself as its own previous hook forever; `timeout` ends such a chain
        // (it signals its whole process group) so the test fails instead of hanging.
        let commit = try runTestProcess("timeout", ["-s", "KILL", "20", "git", "commit", "-q", "-m", "a"], in: repo.url)
        XCTAssertEqual(commit.status, 0, commit.output)
        XCTAssertEqual(try repo.read(".tools/log"), "tool check --staged --registry registry.yaml\n", "the check runs once")

        let uninstall = try CLIHarness.run(["hook", "uninstall"], in: repo.url)
        XCTAssertEqual(uninstall.status, 0, uninstall.stderr)
        XCTAssertEqual(try Data(contentsOf: hook), copy, "the copy is back byte for byte")
    }

    func testAnotherHookIsStillChainedAndRun() throws {
        // Decoy: a hook that merely mentions naars-contracts is someone else's and keeps running first.
        let repo = try GitTestRepo()
        try repo.write("registry.yaml", "version: 1\n")
        try repo.write(".gitignore", ".tools/\n")
        let tool = try fakeTool(in: repo)
        try writeScript(repo.url.appendingPathComponent(".git/hooks/pre-commit"),
                        "# runs lint; naars-contracts pre-commit hook is separate\necho lint >> .tools/log")

        let install = try CLIHarness.run(["hook", "install", "--binary", tool.path], in: repo.url)
        XCTAssertEqual(install.status, 0, install.stderr)
        XCTAssertTrue(install.stdout.contains("runs first"), install.stdout)
        try repo.write("a.txt", "a")
        try repo.git("add", "a.txt")
        let commit = try runTestProcess("timeout", ["-s", "KILL", "20", "git", "commit", "-q", "-m", "a"], in: repo.url)
        XCTAssertEqual(commit.status, 0, commit.output)
        XCTAssertEqual(try repo.read(".tools/log"), "lint\ntool check --staged --registry registry.yaml\n")
    }

    func testInstallingAgainRefusesToDropTheUsersEditsToTheHook() throws {
        let repo = try GitTestRepo()
        try repo.write("registry.yaml", "version: 1\n")
        let hook = repo.url.appendingPathComponent(".git/hooks/pre-commit")
        XCTAssertEqual(try CLIHarness.run(["hook", "install"], in: repo.url).status, 0)
        let unedited = try CLIHarness.run(["hook", "install", "--binary", "/opt/other/naars-contracts"], in: repo.url)
        XCTAssertEqual(unedited.status, 0, "an unedited hook is refreshed: \(unedited.stderr)")
        XCTAssertTrue(try repo.read(".git/hooks/pre-commit").contains("recorded_binary='/opt/other/naars-contracts'"))
        let edited = try repo.read(".git/hooks/pre-commit") + "echo 'my own extra check'\n"
        try Data(edited.utf8).write(to: hook)

        let again = try CLIHarness.run(["hook", "install"], in: repo.url)

        XCTAssertEqual(again.status, 2, again.stdout)
        XCTAssertTrue(again.stderr.contains("was edited since `naars-contracts hook install` wrote it"), again.stderr)
        XCTAssertEqual(try repo.read(".git/hooks/pre-commit"), edited, "the edits are kept")
    }
}
