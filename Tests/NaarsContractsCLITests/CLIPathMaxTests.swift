import ContractsTestSupport
import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder deeper than PATH_MAX cannot be opened by its path, nor anything below it: the walk leaves it out and
/// says so once per run on standard error, naming the shallowest folder where the limit was hit; the run goes on.
final class CLIPathMaxTests: XCTestCase {
    private static let segment = String(repeating: "d", count: 200)

    /// Folders of 200-byte names below `folder`, made one inside the other by their descriptors (`mkdirat`,
    /// `openat`: no call takes a path past the limit) until they pass PATH_MAX by 300 bytes, with `file` in the
    /// deepest.
    private func deepTree(in folder: URL, file: (name: String, text: String)) throws {
        var fd = open(folder.path, O_RDONLY | O_DIRECTORY)
        XCTAssertGreaterThanOrEqual(fd, 0)
        var length = folder.path.utf8.count
        while length < Int(PATH_MAX) + 300 {
            XCTAssertEqual(mkdirat(fd, Self.segment, 0o755), 0, String(cString: strerror(errno)))
            let next = openat(fd, Self.segment, O_RDONLY | O_DIRECTORY)
            XCTAssertGreaterThanOrEqual(next, 0, String(cString: strerror(errno)))
            close(fd)
            fd = next
            length += 1 + Self.segment.utf8.count
        }
        let out = openat(fd, file.name, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        XCTAssertGreaterThanOrEqual(out, 0)
        _ = Array(file.text.utf8).withUnsafeBytes { write(out, $0.baseAddress, $0.count) }
        close(out)
        close(fd)
    }

    /// The folder below `root` (relative, as the walk names it) whose path is the first of the chain to reach PATH_MAX
    /// with the slash the walk appends: `opendir` refuses it, its parent opened.
    private func shallowestTooLong(root: URL, under prefix: String) -> String {
        var relative = prefix
        while (root.path + "/" + relative + "/").utf8.count < Int(PATH_MAX) { relative += "/" + Self.segment }
        return relative
    }

    func testADeepFolderIsNamedOnceAndTheRunGoesOn() throws {
        let root = try CLIHarness.project([
            "db/migrations/001_alerts.sql": """
                CREATE TABLE alerts (id int, category text NOT NULL DEFAULT 'info' CHECK (category IN ('info', 'warning')));
                """,
            "App/Alerts.swift": "enum AlertCategory: String { case info, warning }\n",
        ]).resolvingSymlinksInPath()
        // `rm` removes a tree however deep (Foundation's removal takes whole paths).
        defer { _ = try? TestProcess.run("rm", ["-rf", root.path]) }
        try deepTree(in: root.appendingPathComponent("App"), file: ("Deep.swift", "enum DeepCategory: String { case info, warning, error }\n"))
        let warning = "warning: \(shallowestTooLong(root: root, under: "App")): its path is longer than the system's limit "
            + "(PATH_MAX), so neither it nor anything below it is read; shorten the folder names on the way to it\n"

        let initialised = try CLIHarness.run(["init"], in: root)
        XCTAssertEqual(initialised.status, 0, initialised.stdout + initialised.stderr)
        XCTAssertEqual(initialised.stderr.components(separatedBy: warning).count, 2, initialised.stderr)
        XCTAssertEqual(initialised.stderr.components(separatedBy: "PATH_MAX").count, 2, "only the shallowest folder is named")
        let registry = try String(contentsOf: root.appendingPathComponent("registry.yaml"), encoding: .utf8)
        XCTAssertTrue(registry.contains("swift_enum: AlertCategory"), registry)
        XCTAssertFalse(registry.contains("DeepCategory"), registry)
        for arguments in [["check", "--no-cache"], ["check"], ["check"]] {
            let result = try CLIHarness.run(arguments, in: root)
            XCTAssertNotEqual(result.status, 2, "\(arguments): " + result.stdout + result.stderr)
            XCTAssertEqual(result.stderr.components(separatedBy: warning).count, 2, "\(arguments): " + result.stderr)
            XCTAssertEqual(result.stderr.components(separatedBy: "PATH_MAX").count, 2, "only the shallowest folder is named")
        }
    }
}
