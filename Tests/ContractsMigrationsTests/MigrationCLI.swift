import ContractsTestSupport
import Foundation
import XCTest

/// Runs the built `naars-contracts` binary (built by `swift test` with the tests) in a project folder.
enum MigrationCLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var lines: [String] { stdout.split(separator: "\n").map(String.init) }
    }

    private final class Marker {}

    static var binary: URL {
        var folder = Bundle(for: Marker.self).bundleURL
        while folder.pathExtension == "xctest" || ["Contents", "MacOS"].contains(folder.lastPathComponent) {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("naars-contracts")
    }

    /// `--format xcode` prints absolute paths (Xcode opens them from a build phase); the result shows them
    /// relative to `folder`, as the tests compare them.
    @discardableResult
    static func run(_ arguments: [String], in folder: URL) throws -> Result {
        var result = try command(binary.path, arguments, in: folder)
        if arguments.contains("xcode") {
            result.stdout = result.stdout.replacingOccurrences(of: folder.resolvingSymlinksInPath().path + "/", with: "")
        }
        return result
    }

    /// Runs any program (git in the `--against` tests).
    @discardableResult
    static func command(_ program: String, _ arguments: [String], in folder: URL) throws -> Result {
        let result = try TestProcess.run(program, arguments, in: folder)
        return Result(status: result.status, stdout: result.stdout, stderr: result.stderr)
    }

    /// A temporary copy of a fixture project (`migrations-messy`), removed by the caller.
    static func copyFixture(_ name: String) throws -> URL {
        let source = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures", withExtension: nil)).appendingPathComponent(name)
        let target = FileManager.default.temporaryDirectory.appendingPathComponent("naars-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: source, to: target)
        return target
    }

    /// An empty temporary folder.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("naars-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
