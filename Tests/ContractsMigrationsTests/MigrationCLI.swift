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

    @discardableResult
    static func run(_ arguments: [String], in folder: URL) throws -> Result {
        try command(binary.path, arguments, in: folder)
    }

    /// Runs any program (git in the `--against` tests).
    @discardableResult
    static func command(_ program: String, _ arguments: [String], in folder: URL) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : "/usr/bin/env")
        process.arguments = program.hasPrefix("/") ? arguments : [program] + arguments
        process.currentDirectoryURL = folder
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
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
