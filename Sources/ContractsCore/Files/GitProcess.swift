import Foundation

/// Runs one git command and returns its standard output.
///
/// I/O edge for everything git: `GitTree`, the staged-path listing and the hook installer go through it, so
/// the environment a git hook hands us is honoured the same way everywhere.
public enum GitProcess {
    /// Runs `git args...` in `dir` and returns stdout; throws `GitError` with git's stderr on a non-zero exit.
    public static func run(_ args: [String], in dir: URL) throws -> Data {
        let process = try makeProcess(args, in: dir)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let exit = try launch(process, args)
        // Drain stderr on another thread so a chatty git cannot block while we read stdout. A thread of its
        // own, not a global dispatch queue: callers may be queue threads that block here, and on 2 cores the
        // queue's few threads could all be waiting for drains that cannot start.
        let errBox = DataBox()
        let done = DispatchSemaphore(value: 0)
        Thread {
            errBox.data = err.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }.start()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        exit.wait()
        guard process.terminationStatus == 0 else {
            throw GitError(arguments: args, status: process.terminationStatus,
                           message: String(decoding: errBox.data, as: UTF8.self))
        }
        return data
    }

    /// Like `run`, decoded as UTF-8 with the trailing newline removed.
    public static func text(_ args: [String], in dir: URL) throws -> String {
        var text = String(decoding: try run(args, in: dir), as: UTF8.self)
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// A configured but not yet started `git` process (for long-lived sessions such as `cat-file --batch`).
    /// `package`: for the blob reader beside `check --staged` in ContractsGit, not for users of the library.
    package static func makeProcess(_ args: [String], in dir: URL) throws -> Process {
        let process = Process()
        process.executableURL = gitExecutable()
        process.arguments = args
        process.currentDirectoryURL = dir
        process.environment = environment()
        return process
    }

    /// Starts `process`; wait for its end with the returned value, not `waitUntilExit`, which on Linux polls
    /// its run loop on a timer and so would add up to one polling interval to every git command.
    package static func launch(_ process: Process, _ args: [String]) throws -> ProcessExit {
        let exit = ProcessExit()
        process.terminationHandler = { _ in exit.signal() }
        do {
            try process.run()
        } catch {
            throw GitError(arguments: args, status: -1, message: "cannot start git (\(error.localizedDescription))")
        }
        return exit
    }

    /// Our environment, with the repository variables a hook may set made absolute: git runs hooks at the top
    /// of the work tree with `GIT_INDEX_FILE=.git/index`, which would point elsewhere from a subfolder.
    static func environment() -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        for key in ["GIT_DIR", "GIT_INDEX_FILE", "GIT_WORK_TREE", "GIT_OBJECT_DIRECTORY", "GIT_COMMON_DIR"] {
            if let value = env[key], !value.isEmpty, !value.hasPrefix("/") {
                env[key] = cwd.appendingPathComponent(value).standardizedFileURL.path
            }
        }
        return env
    }

    /// `git` from PATH.
    static func gitExecutable() -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") where !dir.isEmpty {
            let candidate = URL(fileURLWithPath: String(dir)).appendingPathComponent("git")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return URL(fileURLWithPath: "/usr/bin/git")
    }
}

/// A git command that failed, with what git said.
public struct GitError: Error, CustomStringConvertible, Sendable {
    public var arguments: [String]
    public var status: Int32
    public var message: String

    public init(arguments: [String], status: Int32, message: String) {
        self.arguments = arguments
        self.status = status
        self.message = message
    }

    public var description: String {
        let said = message.trimmingCharacters(in: .whitespacesAndNewlines)
        return "git \(arguments.joined(separator: " ")) failed (exit \(status))" + (said.isEmpty ? "" : ": \(said)")
    }
}

/// Signalled once when a process has ended (its status is then readable).
package final class ProcessExit: @unchecked Sendable {
    private let ended = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var done = false

    package func signal() { ended.signal() }

    /// Blocks until the process has ended; returns at once on later calls.
    package func wait() {
        lock.lock()
        defer { lock.unlock() }
        if !done {
            ended.wait()
            done = true
        }
    }
}

/// Bytes handed from the stderr reader thread back to the caller (the semaphore orders the accesses).
private final class DataBox: @unchecked Sendable {
    var data = Data()
}

/// A git revision named on the command line (`--against REF`): what every command that hands one to git refuses
/// first, and how every message shows it.
public enum GitRevisionName {
    /// The error text for a ref git must never see (empty, or one git would read as an option), or nil.
    public static func problem(_ ref: String) -> String? {
        if ref.isEmpty { return "cannot read the revision: it is empty (name a git commit)" }
        if ref.hasPrefix("-") { return "cannot read \(shown(ref)): not a git revision (it starts with '-')" }
        return nil
    }

    /// `ref` as a message shows it: control, line-separator and bidi characters escaped, so a ref cannot end a
    /// line of standard error and start a forged one (`::error ...` in a GitHub log).
    public static func shown(_ ref: String) -> String { HiddenScalars.visible(ref) }
}
