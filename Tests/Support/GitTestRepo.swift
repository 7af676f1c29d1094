import ContractsCore
import Foundation
import XCTest

/// A real git repository in a temporary folder, for tests of the git edge.
public final class GitTestRepo {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("naars-git-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try git("init", "-q")
        try git("config", "user.name", "Test")
        try git("config", "user.email", "test@example.com")
        try git("config", "commit.gpgsign", "false")
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Runs git at the top of the repository and returns its trimmed output.
    @discardableResult
    public func git(_ args: String...) throws -> String {
        try GitProcess.text(args, in: url)
    }

    public func write(_ path: String, _ text: String) throws {
        let file = url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    public func read(_ path: String) throws -> String {
        try String(decoding: Data(contentsOf: url.appendingPathComponent(path)), as: UTF8.self)
    }

    /// Stages everything and commits; returns the new commit id.
    @discardableResult
    public func commitAll(_ message: String) throws -> String {
        try git("add", "-A")
        try git("commit", "-q", "--no-verify", "-m", message)
        return try git("rev-parse", "HEAD")
    }
}
