import ContractsCore
import ContractsGenerate
import ContractsTestSupport
import Foundation
import XCTest

/// Runs the deno binary named by env `NAARS_TEST_DENO` offline, in a scratch copy of the repo layout that
/// holds the emitter's output (written fresh, not the checked-in copies) and the files of `Tests/Deno`.
struct DenoRunner {
    let deno: URL
    /// The scratch root: `supabase/functions/_shared/*`, `Tests/Golden/driver-app/typescript/*`, `Tests/Deno/*`,
    /// and the minimal registry's `functions/_shared/*`.
    let root: URL

    /// The result of one deno command.
    struct Run {
        let status: Int32
        let output: String
    }

    /// A runner with freshly emitted files, or a skip (a failure when env CI is "true") without deno.
    static func make() throws -> DenoRunner {
        let environment = ProcessInfo.processInfo.environment
        guard let path = environment["NAARS_TEST_DENO"], !path.isEmpty,
              FileManager.default.isExecutableFile(atPath: path) else {
            let message = "NAARS_TEST_DENO is not set to a deno binary; run scripts/test"
            if environment["CI"] == "true" { XCTFail(message) }
            throw XCTSkip(message)
        }
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("naars-ts-\(UUID().uuidString)")
        for fixture in TypeScriptGoldenFixture.all {
            for (file, _) in try fixture.goldenURLs() {
                try write(file.contents, to: root.appendingPathComponent(fixture.goldenPath(file)))
            }
        }
        for file in try TypeScriptMinimalRegistry.emit() {
            try write(file.contents, to: root.appendingPathComponent(file.path))
        }
        let denoFolder = TypeScriptGoldenFixture.repoRoot.appendingPathComponent("Tests/Deno")
        for name in try FileManager.default.contentsOfDirectory(atPath: denoFolder.path) where name.hasSuffix(".ts") {
            let text = try String(contentsOf: denoFolder.appendingPathComponent(name), encoding: .utf8)
            try write(text, to: root.appendingPathComponent("Tests/Deno/\(name)"))
        }
        return DenoRunner(deno: URL(fileURLWithPath: path), root: root)
    }

    /// Runs `deno arguments...` in the scratch root, with a private DENO_DIR and no network access needed.
    func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Run {
        var environment = ["DENO_DIR": root.appendingPathComponent(".deno").path, "DENO_NO_UPDATE_CHECK": "1",
                           "NO_COLOR": "1", "HOME": root.path]
        environment["PATH"] = ProcessInfo.processInfo.environment["PATH"]
        let result = try TestProcess.run(deno.path, arguments, in: root, environment: environment,
                                         extraEnvironment: extra, combined: true)
        return Run(status: result.status, output: result.stdout)
    }

    /// The generated files of a fixture, relative to the scratch root.
    func generatedPaths(_ fixture: TypeScriptGoldenFixture) throws -> [String] {
        try fixture.emit().map(fixture.goldenPath)
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    private static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }
}
