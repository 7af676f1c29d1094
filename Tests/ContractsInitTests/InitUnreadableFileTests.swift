import ContractsCore
import ContractsInit
import ContractsTestSupport
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A Swift or SQL file `init` lists but cannot read is bad input: `path:1:1: error: <why>`, exit 2, nothing written;
/// never ArgumentParser's `Error:` and exit 1.
final class InitUnreadableFileTests: XCTestCase {
    private static let files = [
        "db/migrations/001_alerts.sql": "CREATE TABLE alerts (id int, category text CHECK (category IN ('info', 'warning')));\n",
        "App/Alerts.swift": "enum AlertCategory: String { case info, warning }\n",
    ]

    /// Lists its files but refuses to read `unreadable`, as a mode-000 file does to a user who is not root.
    private struct HalfReadableTree: FileTree {
        let files: MemoryTree
        let unreadable: String
        func files(under dir: String) throws -> [String] { try files.files(under: dir) }
        func read(_ path: String) throws -> Data {
            guard path != unreadable else { throw FileTreeError(path: path, reason: "cannot read file (permission denied)") }
            return try files.read(path)
        }
    }

    func testAnUnreadableSwiftOrSQLFileIsAFailureAtIt() throws {
        for unreadable in ["App/Alerts.swift", "db/migrations/001_alerts.sql"] {
            let tree = HalfReadableTree(files: MemoryTree(text: Self.files), unreadable: unreadable)
            XCTAssertThrowsError(try ContractDiscovery.discover(in: tree, options: InitOptions()), unreadable) { error in
                XCTAssertTrue(error is ContractDiscovery.Failure, "\(type(of: error))")
                XCTAssertEqual("\(error)", "\(unreadable):1:1: error: cannot read file (permission denied)")
            }
        }
        // Decoy: all readable, the same files make a draft.
        XCTAssertNoThrow(try ContractDiscovery.discover(in: MemoryTree(text: Self.files), options: InitOptions()))
    }

    /// On disk, a file root cannot open either: its path passes PATH_MAX while its folder's does not, so the walk lists
    /// it and the read fails (a mode-000 file too, when the tests do not run as root).
    func testTheCommandExitsTwoAtTheFile() throws {
        let root = try CLIHarness.project(Self.files)
        defer { try? FileManager.default.removeItem(at: root) }
        let long = try Self.fileBeyondPathMax(in: root.appendingPathComponent("App"), text: "enum Other: String { case a, b }\n")
        defer { long.remove() }
        var cases = [(long.relative, "file name too long")]
        if getuid() != 0 {
            let sealed = root.appendingPathComponent("db/migrations/002_sealed.sql")
            try Data("SELECT 1;\n".utf8).write(to: sealed)
            try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: sealed.path)
            cases.insert(("db/migrations/002_sealed.sql", "permission denied"), at: 0)
        }
        let result = try CLIHarness.run(["init"], in: root)
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertFalse(result.stderr.contains("Error:"), result.stderr)
        XCTAssertEqual(result.stderr, "\(cases[0].0):1:1: error: cannot read file (\(cases[0].1))\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("registry.yaml").path))
    }

    /// A file under `folder` whose absolute path passes PATH_MAX, in a folder whose path ends some 146 bytes short of it:
    /// folders of 200-byte names, one shorter, then a 156-byte name. Its path relative to `folder`'s parent, and its
    /// removal (by its folder: no call takes its whole path).
    static func fileBeyondPathMax(in folder: URL, text: String) throws -> (relative: String, remove: () -> Void) {
        let target = Int(PATH_MAX) - 146
        var deep = folder.resolvingSymlinksInPath(), relative = folder.lastPathComponent
        while deep.path.utf8.count < target - 1 {
            let segment = String(repeating: "d", count: min(200, target - deep.path.utf8.count - 1))
            deep.appendPathComponent(segment)
            relative += "/" + segment
        }
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        let name = String(repeating: "f", count: 150) + ".swift"
        let dir = open(deep.path, O_RDONLY | O_DIRECTORY)
        XCTAssertGreaterThanOrEqual(dir, 0)
        let fd = openat(dir, name, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        XCTAssertGreaterThanOrEqual(fd, 0, String(cString: strerror(errno)))
        _ = Array(text.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        return (relative + "/" + name, {
            unlinkat(dir, name, 0)
            close(dir)
        })
    }
}
