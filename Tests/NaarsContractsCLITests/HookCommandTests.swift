import ContractsTestSupport
import Foundation
import XCTest

/// `naars-contracts hook install|uninstall` through the built binary.
final class HookCommandTests: XCTestCase {
    func testInstallFromASubfolderRecordsTheRegistryFromTheTopAndThisBinary() throws {
        let repo = try GitTestRepo()
        try repo.write("ios/registry.yaml", "version: 1\n")
        let ios = repo.url.appendingPathComponent("ios")
        let hook = repo.url.appendingPathComponent(".git/hooks/pre-commit")

        let first = try CLIHarness.run(["hook", "install"], in: ios)
        let second = try CLIHarness.run(["hook", "install"], in: ios)

        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.hasPrefix("Installed "), first.stdout)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertTrue(second.stdout.hasPrefix("Updated "), second.stdout)
        let text = try String(contentsOf: hook, encoding: .utf8)
        XCTAssertTrue(text.contains("\nregistry='ios/registry.yaml'\n"), text)
        let recorded = CLIHarness.binary.resolvingSymlinksInPath().path
        XCTAssertTrue(text.contains("\nrecorded_binary='\(recorded)'\n"), text)

        let removed = try CLIHarness.run(["hook", "uninstall"], in: ios)
        XCTAssertEqual(removed.status, 0, removed.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: hook.path))
    }

    func testExplicitRegistryAndBinaryAreRecorded() throws {
        let repo = try GitTestRepo()
        try repo.write("app/contracts.yaml", "version: 1\n")

        let result = try CLIHarness.run(["hook", "install", "--registry", "app/contracts.yaml", "--binary", "tools/nc"],
                                        in: repo.url)

        XCTAssertEqual(result.status, 0, result.stderr)
        let text = try repo.read(".git/hooks/pre-commit")
        XCTAssertTrue(text.contains("\nregistry='app/contracts.yaml'\n"), text)
        XCTAssertTrue(text.contains("\nrecorded_binary='\(repo.url.appendingPathComponent("tools/nc").path)'\n"), text)
    }

    func testOutsideAGitRepositoryOrWithoutARegistryExitsTwo() throws {
        let plain = try CLIHarness.project(["registry.yaml": "version: 1\n"])
        defer { try? FileManager.default.removeItem(at: plain) }
        let repo = try GitTestRepo()

        let noGit = try CLIHarness.run(["hook", "install"], in: plain, environment: ["GIT_CEILING_DIRECTORIES": plain.deletingLastPathComponent().path])
        let noRegistry = try CLIHarness.run(["hook", "install"], in: repo.url)

        XCTAssertEqual(noGit.status, 2, noGit.stdout + noGit.stderr)
        XCTAssertEqual(noRegistry.status, 2, noRegistry.stdout + noRegistry.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: repo.url.appendingPathComponent(".git/hooks/pre-commit").path))
    }

    func testUninstallLeavesAForeignHookAlone() throws {
        let repo = try GitTestRepo()
        let hook = repo.url.appendingPathComponent(".git/hooks/pre-commit")
        try writeScript(hook, "exit 0")

        let result = try CLIHarness.run(["hook", "uninstall"], in: repo.url)

        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasPrefix("No naars-contracts hook"), result.stdout)
        XCTAssertEqual(try repo.read(".git/hooks/pre-commit"), "#!/bin/sh\nexit 0\n")
    }
}
