import Foundation

/// The file list of a git revision, for `migrations lint --against REF`: the one place the lint touches git.
public enum GitRevisionFiles {
    /// Paths of every file under `dirs` at `ref`, relative to `root` (`git ls-tree -r -z --name-only REF -- dirs`,
    /// run in `root`). Throws with git's message when the ref or repository is unknown.
    public static func list(ref: String, dirs: [String], root: URL, git: String = "/usr/bin/env") throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: git)
        process.arguments = ["git", "ls-tree", "-r", "-z", "--name-only", ref, "--"] + dirs
        process.currentDirectoryURL = root
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let message = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw GitError(message: String(decoding: message, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        return String(decoding: data, as: UTF8.self).split(separator: "\0").map(String.init)
    }

    /// git failed; `message` is what it printed.
    public struct GitError: Error, CustomStringConvertible {
        public var message: String
        public var description: String { "git: \(message)" }
    }
}
