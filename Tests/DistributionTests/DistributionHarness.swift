import ContractsTestSupport
import Foundation
import XCTest

/// What the distribution tests share: the repository, the built tool, an artifact bundle to install, temporary
/// folders and a runner that fails with the program's output.
enum DistributionHarness {
    static var repoRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The debug `naars-contracts` next to the test bundle (`swift test` builds it with the tests).
    static var builtBinary: URL {
        var folder = Bundle(for: Marker.self).bundleURL
        while folder.pathExtension == "xctest" || ["Contents", "MacOS"].contains(folder.lastPathComponent) {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("naars-contracts")
    }

    /// The zipped bundle `scripts/package` made (`NAARS_TEST_PACKAGE=1 scripts/test` passes it in
    /// `NAARS_TEST_ARTIFACT_BUNDLE`), or nil.
    static var packagedBundle: URL? {
        ProcessInfo.processInfo.environment["NAARS_TEST_ARTIFACT_BUNDLE"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
    }

    static func temporaryFolder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("naars-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Runs `program` and returns its output; `expecting` (when given) is asserted with the output in the message.
    @discardableResult
    static func run(_ program: String, _ arguments: [String], in folder: URL? = nil, environment: [String: String]? = nil,
                    extraEnvironment: [String: String] = [:], expecting status: Int32? = 0,
                    file: StaticString = #filePath, line: UInt = #line) throws -> ProcessOutput {
        let result = try TestProcess.run(program, arguments, in: folder, environment: environment,
                                         extraEnvironment: extraEnvironment, combined: true)
        if let status {
            XCTAssertEqual(result.status, status, "\(program) \(arguments.joined(separator: " ")):\n\(result.stdout)",
                           file: file, line: line)
        }
        return result
    }

    /// An artifact bundle (`.artifactbundle` folder with info.json) holding `binary`, laid out as scripts/package
    /// lays it out: what the plugin test installs when no packaged bundle was handed in.
    static func makeBundle(of binary: URL, in folder: URL, version: String = "0.0.0-test") throws -> URL {
        let bundle = folder.appendingPathComponent("naars-contracts.artifactbundle")
        let variant = "naars-contracts-\(version)-linux"
        let bin = bundle.appendingPathComponent("\(variant)/bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: binary, to: bin.appendingPathComponent("naars-contracts"))
        let info = """
            {"schemaVersion": "1.0", "artifacts": {"naars-contracts": {"version": "\(version)", "type": "executable",
            "variants": [{"path": "\(variant)/bin/naars-contracts", "supportedTriples": ["\(hostTriple)"]}]}}}
            """
        try Data(info.utf8).write(to: bundle.appendingPathComponent("info.json"))
        return bundle
    }

    /// Unzips a zipped bundle into `folder` and returns the `.artifactbundle` folder.
    static func unzipBundle(_ zip: URL, into folder: URL) throws -> URL {
        try run("unzip", ["-q", zip.path, "-d", folder.path])
        return folder.appendingPathComponent("naars-contracts.artifactbundle")
    }

    static var hostTriple: String {
        #if arch(x86_64)
        "x86_64-unknown-linux-gnu"
        #else
        "aarch64-unknown-linux-gnu"
        #endif
    }

    /// A project the repository's registry governs, with its generated files written by `tool`: `check` is clean.
    static func cleanProject(in root: URL, tool: URL) throws {
        for folder in ["database", "supabase/migrations"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try FileManager.default.copyItem(at: repoRoot.appendingPathComponent("registry.yaml"),
                                         to: root.appendingPathComponent("registry.yaml"))
        try run(tool.path, ["generate"], in: root)
    }

    /// One line added to a generated Swift file: `generated-stale` drift that still compiles.
    static func addDrift(in root: URL) throws {
        let file = root.appendingPathComponent("generated/Swift/NotificationType.swift")
        let handle = try FileHandle(forWritingTo: file)
        handle.seekToEndOfFile()
        handle.write(Data("// edited by hand\n".utf8))
        try handle.close()
    }

    private final class Marker {}
}
