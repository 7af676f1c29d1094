import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest

/// A symbolic link anywhere in the cache folder means the cache is not used at all: not read, not written,
/// not pruned, said once on standard error. The findings are those of `--no-cache`.
final class CacheLinkTests: XCTestCase {
    private let warning = "is a symbolic link: the check cache is not used"

    private func repoRegistry() throws -> String {
        try String(contentsOf: CLIHarness.repoRoot.appendingPathComponent("registry.yaml"), encoding: .utf8)
    }

    /// A project whose `check` remembers parses (a migration) and finds drift (an unknown literal).
    private func project() throws -> URL {
        let root = try CLIHarness.project([
            "registry.yaml": try repoRegistry(),
            "database/001_init.sql": "SELECT 1;\n",
            "NaarsCars/Use.swift": "let t = NotificationType(rawValue: \"not_registered\")\n",
        ])
        XCTAssertEqual(try CLIHarness.run(["generate"], in: root).status, 0)
        return root
    }

    /// Every entry below `root` without following links: a file by its bytes, a link by its target.
    private func tree(_ root: URL) throws -> [String: String] {
        var out: [String: String] = [:]
        func walk(_ relative: String) throws {
            let path = relative.isEmpty ? root.path : root.path + "/" + relative
            let manager = FileManager.default
            let type = try manager.attributesOfItem(atPath: path)[.type] as? FileAttributeType
            switch type {
            case .typeSymbolicLink?:
                out[relative] = "link -> " + (try manager.destinationOfSymbolicLink(atPath: path))
            case .typeDirectory?:
                out[relative + "/"] = "folder"
                for name in try manager.contentsOfDirectory(atPath: path) where name != ".git" {
                    try walk(relative.isEmpty ? name : relative + "/" + name)
                }
            default:
                out[relative] = ContentHash.hex(try Data(contentsOf: URL(fileURLWithPath: path)))
            }
        }
        try walk("")
        return out
    }

    private func assertUnusedCache(_ root: URL, link: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let expected = try CLIHarness.run(["check", "--no-cache", "--format", "json"], in: root)
        let before = try tree(root)
        let first = try CLIHarness.run(["check", "--format", "json"], in: root)
        let second = try CLIHarness.run(["check", "--format", "json"], in: root)
        XCTAssertEqual(try tree(root), before, "the run changed the tree", file: file, line: line)
        for result in [first, second] {
            XCTAssertEqual(result.status, expected.status, result.stderr, file: file, line: line)
            XCTAssertEqual(result.stdout, expected.stdout, file: file, line: line)
            let warnings = result.stderr.components(separatedBy: "\n").filter { $0.contains(warning) }
            XCTAssertEqual(warnings, ["warning: \(link) \(warning) (not read, written or pruned); "
                + "remove .naars-contracts-cache to use it again (it is made anew as a real folder)"],
                           result.stderr, file: file, line: line)
        }
        XCTAssertEqual(expected.status, 1, "the project has drift, so a silent skip of a checker would show", file: file, line: line)
    }

    func testAMemoFolderLinkedOutsideTheProjectLosesNoFile() throws {
        let outside = try CLIHarness.project(["keep.txt": "mine\n", "notes/plan.md": "# plan\n"])
        let root = try project()
        let cache = root.appendingPathComponent(".naars-contracts-cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: cache.appendingPathComponent("check.memo"), withDestinationURL: outside)
        let outsideBefore = try tree(outside)
        try assertUnusedCache(root, link: ".naars-contracts-cache/check.memo")
        XCTAssertEqual(try tree(outside), outsideBefore)
    }

    func testAMemoFolderLinkedToTheMigrationsLosesNoMigration() throws {
        let root = try project()
        let cache = root.appendingPathComponent(".naars-contracts-cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: cache.appendingPathComponent("check.memo").path,
                                                   withDestinationPath: "../database")
        let migrations = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("database").path).sorted()
        XCTAssertEqual(migrations.count, 2, "the project's migration and the generated one")
        try assertUnusedCache(root, link: ".naars-contracts-cache/check.memo")
    }

    func testTheCacheFolderItselfLinkedInsideTheProjectIsNeitherWrittenNorPruned() throws {
        let root = try project()
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent(".naars-contracts-cache").path,
                                                   withDestinationPath: "database")
        try assertUnusedCache(root, link: ".naars-contracts-cache")
    }

    func testALinkedCacheFileIsNotRead() throws {
        let root = try project()
        // A stored entry that would hide the drift, were it read: a link to a file outside the cache.
        XCTAssertEqual(try CLIHarness.run(["check"], in: root).status, 1)
        let cache = root.appendingPathComponent(".naars-contracts-cache")
        let stored = cache.appendingPathComponent("check.json")
        try FileManager.default.moveItem(at: stored, to: root.appendingPathComponent("elsewhere.json"))
        try FileManager.default.createSymbolicLink(atPath: stored.path, withDestinationPath: "../elsewhere.json")
        try assertUnusedCache(root, link: ".naars-contracts-cache/check.json")
    }

    func testALinkCommittedInTheCacheChangesNothingInAFreshClone() throws {
        let repo = try GitTestRepo()
        try repo.write("registry.yaml", try repoRegistry())
        try repo.write("database/001_init.sql", "SELECT 1;\n")
        try repo.write("NaarsCars/Use.swift", "let t = NotificationType(rawValue: \"not_registered\")\n")
        XCTAssertEqual(try CLIHarness.run(["generate"], in: repo.url).status, 0)
        // What a pull request can commit: links at every cache path (git records the links, not their targets).
        try FileManager.default.createDirectory(at: repo.url.appendingPathComponent(".naars-contracts-cache"),
                                                withIntermediateDirectories: true)
        for (name, target) in [("check.memo", "../database"), ("check-staged.memo", "../NaarsCars"),
                               ("check.stamps", "../registry.yaml"), ("check.memo.bundle", "../database/001_init.sql")] {
            try FileManager.default.createSymbolicLink(atPath: repo.url.appendingPathComponent(".naars-contracts-cache/" + name).path,
                                                       withDestinationPath: target)
        }
        try repo.git("add", "-A", "-f")
        try repo.git("commit", "-q", "--no-verify", "-m", "links")
        let clone = FileManager.default.temporaryDirectory.appendingPathComponent("naars-clone-\(UUID().uuidString)")
        _ = try GitProcess.text(["clone", "-q", repo.url.path, clone.path], in: repo.url)
        defer { try? FileManager.default.removeItem(at: clone) }
        let before = try tree(clone)
        for arguments in [["check"], ["check"]] {
            let result = try CLIHarness.run(arguments, in: clone)
            XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
            XCTAssertEqual(result.stderr.components(separatedBy: warning).count, 2, result.stderr)
        }
        XCTAssertEqual(try tree(clone), before)
        XCTAssertEqual(try GitProcess.text(["status", "--porcelain"], in: clone), "")
    }

    func testARealCacheFolderIsUsedWithoutAWord() throws {
        // Decoy: a real folder, with a link elsewhere in the project (not in the cache), is used as before.
        let root = try project()
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("db-link").path, withDestinationPath: "database")
        let first = try CLIHarness.run(["check"], in: root, environment: ["NAARS_CACHE_STATS": "1"])
        let second = try CLIHarness.run(["check"], in: root, environment: ["NAARS_CACHE_STATS": "1"])
        XCTAssertEqual(first.status, 1)
        XCTAssertEqual(second.stdout, first.stdout)
        XCTAssertFalse((first.stderr + second.stderr).contains(warning))
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent(".naars-contracts-cache/check.json").path))
        XCTAssertNotEqual(first.stderr, second.stderr, "the second run is answered from the cache")
    }
}
