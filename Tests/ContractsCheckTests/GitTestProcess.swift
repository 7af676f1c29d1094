import Foundation

/// Runs a program for a test and collects its exit status and combined output.
struct TestProcessResult {
    var status: Int32
    var output: String
}

func runTestProcess(_ executable: String, _ args: [String], in dir: URL,
                    environment extra: [String: String] = [:]) throws -> TestProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable.contains("/") ? executable : "/usr/bin/env")
    process.arguments = executable.contains("/") ? args : [executable] + args
    process.currentDirectoryURL = dir
    process.environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return TestProcessResult(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
}

/// Writes an executable shell script.
func writeScript(_ url: URL, _ body: String) throws {
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(("#!/bin/sh\n" + body + "\n").utf8).write(to: url)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: url.path)
}
