import ContractsCore
import ContractsGenerate
import ContractsTestSupport
import Foundation
import XCTest

/// Proves emitted code with the real tools: Swift compiled and run with a test program, TypeScript checked, linted
/// and formatted by Deno (and a test file run), for the tests of registries the goldens do not hold.
enum EmittedCodeProbe {
    /// Compiles `files` with `main` (Swift 6, warnings as errors) and runs the program; its trimmed output, which the
    /// program should make `OK`. Skips without swiftc.
    static func runSwift(_ files: [GeneratedFile], main: String, module: String,
                         file: StaticString = #filePath, line: UInt = #line) throws -> String? {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("\(module)-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var sources: [String] = []
        for generated in files {
            let url = dir.appendingPathComponent((generated.path as NSString).lastPathComponent)
            try generated.contents.write(to: url, atomically: true, encoding: .utf8)
            sources.append(url.path)
        }
        let mainURL = dir.appendingPathComponent("main.swift")
        try main.write(to: mainURL, atomically: true, encoding: .utf8)
        let executable = dir.appendingPathComponent(module).path
        let compile = try TestProcess.run("/usr/bin/env", ["swiftc", "-swift-version", "6", "-warnings-as-errors", "-module-name",
                                                           module, "-o", executable] + sources + [mainURL.path], combined: true)
        if compile.status == 127 { throw XCTSkip("swiftc is not on PATH") }
        XCTAssertEqual(compile.status, 0, compile.stdout, file: file, line: line)
        guard compile.status == 0 else { return nil }
        return try TestProcess.run(executable, [], combined: true).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Writes `files` under `folder` of a Deno scratch root, with `test` (path → text) beside them, and asserts that
    /// `deno check`, `deno lint` and `deno fmt --check` pass on the files and `deno test` on the test.
    static func assertDeno(_ files: [GeneratedFile], folder: String, test: (path: String, text: String)? = nil,
                           file: StaticString = #filePath, line: UInt = #line) throws {
        let deno = try DenoRunner.make()
        defer { deno.remove() }
        var paths: [String] = []
        for generated in files {
            let path = folder + "/" + generated.path
            let url = deno.root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try generated.contents.write(to: url, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        let offline = ["--no-config", "--no-remote", "--no-lock"]
        let check = try deno.run(["check"] + offline + paths)
        XCTAssertEqual(check.status, 0, "deno check:\n\(check.output)", file: file, line: line)
        let lint = try deno.run(["lint", "--no-config"] + paths)
        XCTAssertEqual(lint.status, 0, "deno lint:\n\(lint.output)", file: file, line: line)
        let fmt = try deno.run(["fmt", "--no-config", "--check"] + paths)
        XCTAssertEqual(fmt.status, 0, "deno fmt --check:\n\(fmt.output)", file: file, line: line)
        guard let test else { return }
        let path = folder + "/" + test.path
        try test.text.write(to: deno.root.appendingPathComponent(path), atomically: true, encoding: .utf8)
        let run = try deno.run(["test"] + offline + [path])
        XCTAssertEqual(run.status, 0, "deno test:\n\(run.output)", file: file, line: line)
    }
}
