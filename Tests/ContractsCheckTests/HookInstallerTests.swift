import ContractsCheck
import ContractsCore
import ContractsGit
import ContractsTestSupport
import Foundation
import XCTest

final class HookInstallerTests: XCTestCase {
    /// A stand-in for naars-contracts: logs its arguments, exits with $FAKE_STATUS (default 0).
    private func fakeTool(in repo: GitTestRepo) throws -> URL {
        let tool = repo.url.appendingPathComponent(".tools/fake-naars")
        try writeScript(tool, #"echo "tool $*" >> "$(git rev-parse --show-toplevel)/.tools/log"; exit "${FAKE_STATUS:-0}""#)
        return tool
    }

    private func log(_ repo: GitTestRepo) -> String {
        (try? repo.read(".tools/log")) ?? ""
    }

    private func commit(_ repo: GitTestRepo, _ file: String, env: [String: String] = [:]) throws -> TestProcessResult {
        try repo.write(file, UUID().uuidString)
        try repo.git("add", file)
        return try runTestProcess("git", ["commit", "-q", "-m", file], in: repo.url, environment: env)
    }

    private func script(_ tool: URL?) -> PreCommitHookScript {
        PreCommitHookScript(binary: tool?.path, registry: "registry.yaml", installed: true)
    }

    func testExistingHookIsChainedAndItsFailureStillBlocks() throws {
        let repo = try GitTestRepo()
        try repo.write(".gitignore", ".tools/\n")
        let tool = try fakeTool(in: repo)
        let hooks = repo.url.appendingPathComponent(".git/hooks")
        try writeScript(hooks.appendingPathComponent("pre-commit"),
                        #"echo old >> .tools/log; exit "${OLD_STATUS:-0}""#)

        let outcome = try PreCommitHookInstaller(repository: repo.url).install(script(tool))

        XCTAssertEqual(outcome, .chained(hook: hooks.appendingPathComponent("pre-commit"),
                                         previous: hooks.appendingPathComponent("pre-commit.naars-contracts-previous")))
        let ok = try commit(repo, "a.txt")
        XCTAssertEqual(ok.status, 0, ok.output)
        XCTAssertEqual(log(repo), "old\ntool check --staged --registry registry.yaml\n")

        let blocked = try commit(repo, "b.txt", env: ["OLD_STATUS": "3"])
        XCTAssertNotEqual(blocked.status, 0, "the old hook's failure must still block the commit")
        XCTAssertEqual(log(repo), "old\ntool check --staged --registry registry.yaml\nold\n", "ours does not run after it")
        XCTAssertEqual(try repo.git("log", "--format=%s"), "a.txt")
    }

    /// The hook names no fix of its own: `check --staged` names `generate` when a generated file is stale,
    /// and only then (a blocked commit for a typo in a migration is not told to regenerate).
    func testFailingCheckBlocksTheCommitWithoutAGenerateHintOfItsOwn() throws {
        let repo = try GitTestRepo()
        try repo.write(".gitignore", ".tools/\n")
        let tool = try fakeTool(in: repo)
        _ = try PreCommitHookInstaller(repository: repo.url).install(script(tool))

        let blocked = try commit(repo, "a.txt", env: ["FAKE_STATUS": "1"])

        XCTAssertEqual(blocked.status, 1)
        XCTAssertTrue(blocked.output.contains("commit blocked (check --staged exited 1)"), blocked.output)
        XCTAssertFalse(blocked.output.contains("generate"), blocked.output)
        XCTAssertThrowsError(try repo.git("rev-parse", "--verify", "-q", "HEAD"), "nothing was committed")
    }

    func testEnvironmentVariableOverridesTheRecordedBinary() throws {
        let repo = try GitTestRepo()
        try repo.write(".gitignore", ".tools/\n")
        let tool = try fakeTool(in: repo)
        let other = repo.url.appendingPathComponent(".tools/other")
        try writeScript(other, #"echo "other $*" >> .tools/log"#)
        _ = try PreCommitHookInstaller(repository: repo.url).install(script(tool))

        let result = try commit(repo, "a.txt", env: ["NAARS_CONTRACTS": other.path])

        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(log(repo), "other check --staged --registry registry.yaml\n")
    }

    func testMissingToolBlocksWithAMessage() throws {
        let repo = try GitTestRepo()
        let gone = repo.url.appendingPathComponent("no-such-tool")
        _ = try PreCommitHookInstaller(repository: repo.url).install(script(gone))

        let result = try commit(repo, "a.txt", env: ["PATH": "/usr/bin:/bin"])

        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.output.contains("naars-contracts not found"), result.output)
    }

    func testCoreHooksPathIsRespected() throws {
        let repo = try GitTestRepo()
        try repo.write(".gitignore", ".tools/\n")
        let tool = try fakeTool(in: repo)
        try repo.git("config", "core.hooksPath", "githooks")
        let sub = repo.url.appendingPathComponent("ios")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true)

        let outcome = try PreCommitHookInstaller(repository: sub).install(script(tool))

        let expected = repo.url.appendingPathComponent("githooks/pre-commit").standardizedFileURL
        XCTAssertEqual(outcome, .installed(hook: expected))
        XCTAssertFalse(FileManager.default.fileExists(atPath: repo.url.appendingPathComponent(".git/hooks/pre-commit").path))
        let result = try commit(repo, "a.txt")
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(log(repo), "tool check --staged --registry registry.yaml\n")
    }

    func testUninstallRestoresThePreviousHookByteForByteWithItsMode() throws {
        let repo = try GitTestRepo()
        let hook = repo.url.appendingPathComponent(".git/hooks/pre-commit")
        let original = Data("#!/bin/sh\r\n# odd bytes \u{00e9}\t\u{1F600}\nexit 0".utf8) + Data([0xff, 0x00, 0x0a])
        try original.write(to: hook)
        try FileManager.default.setAttributes([.posixPermissions: 0o750], ofItemAtPath: hook.path)
        let installer = PreCommitHookInstaller(repository: repo.url)

        _ = try installer.install(script(nil))
        XCTAssertNotEqual(try Data(contentsOf: hook), original)
        let outcome = try installer.uninstall()

        XCTAssertEqual(outcome, .restored(hook: hook))
        XCTAssertEqual(try Data(contentsOf: hook), original)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: hook.path)[.posixPermissions] as? Int, 0o750)
        XCTAssertFalse(FileManager.default.fileExists(atPath: hook.path + ".naars-contracts-previous"))
    }

    func testInstallTwiceIsHarmless() throws {
        let repo = try GitTestRepo()
        try repo.write(".gitignore", ".tools/\n")
        let tool = try fakeTool(in: repo)
        let hooks = repo.url.appendingPathComponent(".git/hooks")
        let hook = hooks.appendingPathComponent("pre-commit")
        try writeScript(hook, "echo old >> .tools/log")
        let original = try Data(contentsOf: hook)
        let installer = PreCommitHookInstaller(repository: repo.url)

        _ = try installer.install(script(tool))
        let ours = try Data(contentsOf: hook)
        let second = try installer.install(script(tool))

        XCTAssertEqual(second, .updated(hook: hook))
        XCTAssertEqual(try Data(contentsOf: hook), ours)
        XCTAssertEqual(try Data(contentsOf: hooks.appendingPathComponent("pre-commit.naars-contracts-previous")), original)
        let result = try commit(repo, "a.txt")
        XCTAssertEqual(result.status, 0, result.output)
        XCTAssertEqual(log(repo), "old\ntool check --staged --registry registry.yaml\n", "each hook runs once")
        XCTAssertEqual(try installer.uninstall(), .restored(hook: hook))
        XCTAssertEqual(try Data(contentsOf: hook), original)
    }

    func testInstallWithoutAHookThenUninstallLeavesNoHook() throws {
        let repo = try GitTestRepo()
        let hook = repo.url.appendingPathComponent(".git/hooks/pre-commit")
        let installer = PreCommitHookInstaller(repository: repo.url)

        XCTAssertEqual(try installer.install(script(nil)), .installed(hook: hook))
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: hook.path)[.posixPermissions] as? Int, 0o755)
        XCTAssertEqual(try installer.uninstall(), .removed(hook: hook))
        XCTAssertFalse(FileManager.default.fileExists(atPath: hook.path))
        XCTAssertEqual(try installer.uninstall(), .notInstalled(hook: hook))
    }

    func testForeignHooksAreNeverOverwrittenOrRemoved() throws {
        let repo = try GitTestRepo()
        let hooks = repo.url.appendingPathComponent(".git/hooks")
        let hook = hooks.appendingPathComponent("pre-commit"), previous = hooks.appendingPathComponent("pre-commit.naars-contracts-previous")
        try writeScript(hook, "echo mine")
        try writeScript(previous, "echo older")
        let installer = PreCommitHookInstaller(repository: repo.url)

        XCTAssertThrowsError(try installer.install(script(nil)))
        XCTAssertEqual(try installer.uninstall(), .notInstalled(hook: hook))
        XCTAssertEqual(try String(contentsOf: hook, encoding: .utf8), "#!/bin/sh\necho mine\n")
        XCTAssertEqual(try String(contentsOf: previous, encoding: .utf8), "#!/bin/sh\necho older\n")
    }

    func testACopiedStandaloneScriptIsKeptButNotChained() throws {
        let repo = try GitTestRepo()
        let hooks = repo.url.appendingPathComponent(".git/hooks")
        let hook = hooks.appendingPathComponent("pre-commit")
        try Data(PreCommitHookScript.standalone.text.utf8).write(to: hook)
        let installer = PreCommitHookInstaller(repository: repo.url)

        XCTAssertEqual(try installer.install(script(nil)),
                       .keptCopy(hook: hook, previous: hooks.appendingPathComponent("pre-commit.naars-contracts-previous")))
        XCTAssertEqual(try installer.uninstall(), .restored(hook: hook))
        XCTAssertEqual(try String(contentsOf: hook, encoding: .utf8), PreCommitHookScript.standalone.text)
    }

    /// A copy of `scripts/pre-commit` whose comments were reworded is still ours: kept, never chained, so it never
    /// runs itself as its own previous hook. Copies of older scripts (which chained by the first comment alone)
    /// are judged the same way.
    func testACopyWithRewordedCommentsIsKeptButNeverRunsItself() throws {
        for (index, original) in [PreCommitHookScript.standalone.text, PreCommitHookScript(binary: nil, registry: nil, installed: true).text].enumerated() {
            let repo = try GitTestRepo()
            try repo.write(".gitignore", ".tools/\n")
            let tool = try fakeTool(in: repo)
            let hooks = repo.url.appendingPathComponent(".git/hooks")
            let hook = hooks.appendingPathComponent("pre-commit")
            let reworded = original.replacingOccurrences(of: PreCommitHookScript.marker, with: "# Our team's drift check")
                .replacingOccurrences(of: PreCommitHookScript.installedMarker + "\n", with: "")
            XCTAssertFalse(reworded.contains(PreCommitHookScript.marker))
            try FileManager.default.createDirectory(at: hooks, withIntermediateDirectories: true)
            try Data(reworded.utf8).write(to: hook)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: hook.path)
            let installer = PreCommitHookInstaller(repository: repo.url)

            XCTAssertEqual(try installer.install(script(tool)),
                           .keptCopy(hook: hook, previous: hooks.appendingPathComponent("pre-commit.naars-contracts-previous")), "\(index)")
            let result = try commit(repo, "a.txt", env: ["NAARS_CONTRACTS": tool.path])
            XCTAssertEqual(result.status, 0, result.output)
            XCTAssertEqual(log(repo), "tool check --staged --registry registry.yaml\n", "the check runs once, the copy never")
        }
    }

    func testAHookThatMerelyMentionsNothingOfOursIsChained() throws {
        // Decoy: a foreign hook (even one that names naars-contracts) is chained and run as before.
        let repo = try GitTestRepo()
        try repo.write(".gitignore", ".tools/\n")
        let tool = try fakeTool(in: repo)
        let hooks = repo.url.appendingPathComponent(".git/hooks")
        try writeScript(hooks.appendingPathComponent("pre-commit"), #"echo "lint (naars-contracts runs after me)" >> .tools/log"#)
        XCTAssertEqual(try PreCommitHookInstaller(repository: repo.url).install(script(tool)),
                       .chained(hook: hooks.appendingPathComponent("pre-commit"),
                                previous: hooks.appendingPathComponent("pre-commit.naars-contracts-previous")))
        XCTAssertEqual(try commit(repo, "a.txt").status, 0)
        XCTAssertEqual(log(repo), "lint (naars-contracts runs after me)\ntool check --staged --registry registry.yaml\n")
    }

    func testASymlinkedHookIsKeptAsALink() throws {
        let repo = try GitTestRepo()
        try repo.write("tools/hook.sh", "#!/bin/sh\nexit 0\n")
        let hook = repo.url.appendingPathComponent(".git/hooks/pre-commit")
        try FileManager.default.createSymbolicLink(atPath: hook.path, withDestinationPath: "../../tools/hook.sh")
        let installer = PreCommitHookInstaller(repository: repo.url)

        _ = try installer.install(script(nil))
        XCTAssertEqual(try installer.uninstall(), .restored(hook: hook))

        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: hook.path), "../../tools/hook.sh")
        XCTAssertEqual(try repo.read("tools/hook.sh"), "#!/bin/sh\nexit 0\n")
    }
}
