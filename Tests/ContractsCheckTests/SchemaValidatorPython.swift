import ContractsTestSupport
import Foundation
import XCTest

/// The python3 the report schema tests validate with: the repository's `.venv` (scripts/bootstrap installs
/// `jsonschema` and `xmlschema` there) or the system's, whichever has the module. Without one the tests skip
/// locally and fail in CI (env CI=true).
enum SchemaValidatorPython {
    /// `.venv/bin/python3` of this package if it has `module`, else `python3` on PATH if it has it.
    static func with(_ module: String) throws -> [String] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let candidates = [[root.appendingPathComponent(".venv/bin/python3").path], ["/usr/bin/env", "python3"]]
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate[0]) {
            if let result = try? run(candidate, ["-c", "import \(module)"]), result.status == 0 { return candidate }
        }
        let reason = "python3 with \(module) not found (run scripts/bootstrap)"
        if ProcessInfo.processInfo.environment["CI"] == "true" {
            XCTFail(reason)
            throw CocoaError(.executableNotLoadable)
        }
        throw XCTSkip(reason)
    }

    /// Runs `script` with `python` on `document` (written to a temporary file with `fileExtension`) and
    /// `arguments` before it: the script's output, standard error included, which it leaves empty when valid.
    static func validate(_ document: String, fileExtension: String, python: [String], script: String,
                         arguments: [String]) throws -> String {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("naars-report-\(UUID().uuidString).\(fileExtension)")
        try Data(document.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try run(python, ["-c", script] + arguments + [url.path])
        XCTAssertEqual(result.status, 0, "validator crashed: \(result.output)")
        return result.output
    }

    private static func run(_ command: [String], _ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try TestProcess.run(command[0], Array(command.dropFirst()) + arguments, combined: true)
        return (result.status, result.stdout)
    }
}
