import Foundation

/// What a program run by a test printed, and how it ended.
public struct ProcessOutput: Sendable {
    public var status: Int32
    /// Standard output; with `combined`, standard error too, interleaved as written.
    public var stdout: String
    /// Standard error; empty with `combined`.
    public var stderr: String
}

/// The one way tests run a program (the CLI, git, psql, deno, python, swiftc).
///
/// Both pipes are drained side by side, so a program that fills one while we read the other cannot block,
/// and the end is awaited through the termination handler: Foundation's `waitUntilExit` polls its run loop
/// every 50 ms on Linux, which added 50 ms to each of hundreds of runs. Standard input is /dev/null.
public enum TestProcess {
    /// Runs `program` (an absolute path, or a name looked up on PATH through /usr/bin/env) with `arguments`
    /// in `folder`. `environment` replaces ours when given; `extraEnvironment` is laid over the result.
    /// `combined` sends standard error into the same pipe as standard output.
    @discardableResult
    public static func run(_ program: String, _ arguments: [String], in folder: URL? = nil,
                           environment: [String: String]? = nil, extraEnvironment: [String: String] = [:],
                           combined: Bool = false) throws -> ProcessOutput {
        let process = Process()
        let absolute = program.hasPrefix("/")
        process.executableURL = URL(fileURLWithPath: absolute ? program : "/usr/bin/env")
        process.arguments = (absolute ? [] : [program]) + arguments
        if let folder { process.currentDirectoryURL = folder }
        process.environment = (environment ?? ProcessInfo.processInfo.environment).merging(extraEnvironment) { $1 }
        process.standardInput = FileHandle.nullDevice
        let out = Pipe(), err = combined ? nil : Pipe()
        process.standardOutput = out
        process.standardError = err ?? out
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        try process.run()
        let errorBytes = Drain(err)
        let outBytes = out.fileHandleForReading.readDataToEndOfFile()
        let errBytes = errorBytes.wait()
        ended.wait()
        return ProcessOutput(status: process.terminationStatus, stdout: String(decoding: outBytes, as: UTF8.self),
                             stderr: String(decoding: errBytes, as: UTF8.self))
    }
}

/// Reads a pipe to its end on another thread (nothing to read without a pipe).
private final class Drain: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe?) {
        guard let pipe else {
            done.signal()
            return
        }
        // A thread of its own, not a global dispatch queue: tests call this from queue threads that then
        // block, and on 2 cores the queue's few threads would all be waiting for drains that cannot start.
        Thread {
            self.data = pipe.fileHandleForReading.readDataToEndOfFile()
            self.done.signal()
        }.start()
    }

    /// The bytes read; the semaphore orders the write before this read.
    func wait() -> Data {
        done.wait()
        return data
    }
}
