import Foundation

/// Runs a program for a test and collects its exit status and combined output.
public struct TestProcessResult {
    public var status: Int32
    public var output: String
}

public func runTestProcess(_ executable: String, _ args: [String], in dir: URL,
                    environment extra: [String: String] = [:]) throws -> TestProcessResult {
    let result = try TestProcess.run(executable, args, in: dir, extraEnvironment: extra, combined: true)
    return TestProcessResult(status: result.status, output: result.stdout)
}

/// Writes an executable shell script.
public func writeScript(_ url: URL, _ body: String) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(("#!/bin/sh\n" + body + "\n").utf8).write(to: url)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
}
