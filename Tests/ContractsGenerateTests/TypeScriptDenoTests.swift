import ContractsCore
import ContractsGenerate
import Foundation
import XCTest

/// The emitted TypeScript of both registries, run through real Deno: it is formatted, lint-clean and
/// type-checks as generated; a usage file compiles; a misuse file is rejected at exactly its marked lines;
/// and the `Tests/Deno/*_test.ts` files pass against facts taken from each registry.
final class TypeScriptDenoTests: XCTestCase {
    private static let offline = ["--no-config", "--no-remote", "--no-lock"]

    func testNaarsCarsOutputIsFormattedLintCleanAndTypeChecks() throws {
        try assertClean(.naarsCars, usage: "Tests/Deno/naarscars_usage.ts")
    }

    func testDriverAppOutputIsFormattedLintCleanAndTypeChecks() throws {
        try assertClean(.driverApp, usage: "Tests/Deno/driver_app_usage.ts")
    }

    func testSplitwiseChatAppOutputIsFormattedLintCleanAndTypeChecks() throws {
        try assertClean(.splitwiseChatApp, usage: "Tests/Deno/splitwise_usage.ts", files: 8)
    }

    func testMinimalRegistryOutputIsFormattedLintCleanAndTypeChecks() throws {
        let deno = try DenoRunner.make()
        defer { deno.remove() }
        let files = try TypeScriptMinimalRegistry.emit().map(\.path)
        let fmt = try deno.run(["fmt", "--no-config", "--check"] + files)
        XCTAssertEqual(fmt.status, 0, "deno fmt --check:\n\(fmt.output)")
        let lint = try deno.run(["lint", "--no-config"] + files)
        XCTAssertEqual(lint.status, 0, "deno lint:\n\(lint.output)")
        let check = try deno.run(["check"] + Self.offline + files)
        XCTAssertEqual(check.status, 0, "deno check:\n\(check.output)")
    }

    func testNaarsCarsMisuseIsRejectedAtEachMarkedLine() throws {
        try assertRejected("Tests/Deno/naarscars_misuse.ts")
    }

    func testDriverAppMisuseIsRejectedAtEachMarkedLine() throws {
        try assertRejected("Tests/Deno/driver_app_misuse.ts")
    }

    func testNaarsCarsRuntimeBehaviour() throws {
        try assertDenoTestPasses(.naarsCars, file: "Tests/Deno/naarscars_test.ts")
    }

    func testDriverAppRuntimeBehaviour() throws {
        try assertDenoTestPasses(.driverApp, file: "Tests/Deno/driver_app_test.ts")
    }

    private func assertClean(_ fixture: TypeScriptGoldenFixture, usage: String, files count: Int = 3) throws {
        let deno = try DenoRunner.make()
        defer { deno.remove() }
        let files = try deno.generatedPaths(fixture)
        XCTAssertEqual(files.count, count)
        let fmt = try deno.run(["fmt", "--no-config", "--check"] + files)
        XCTAssertEqual(fmt.status, 0, "deno fmt --check:\n\(fmt.output)")
        let lint = try deno.run(["lint", "--no-config"] + files)
        XCTAssertEqual(lint.status, 0, "deno lint:\n\(lint.output)")
        let check = try deno.run(["check"] + Self.offline + files + [usage])
        XCTAssertEqual(check.status, 0, "deno check:\n\(check.output)")
    }

    /// `deno check` fails, and the errors it reports in the file are exactly the lines ending `// expect-error`.
    private func assertRejected(_ file: String) throws {
        let deno = try DenoRunner.make()
        defer { deno.remove() }
        let text = try String(contentsOf: deno.root.appendingPathComponent(file), encoding: .utf8)
        let expected = Set(text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { $0.element.hasSuffix("// expect-error") }.map { $0.offset + 1 })
        XCTAssertGreaterThanOrEqual(expected.count, 5, "the misuse file lost its markers")
        let check = try deno.run(["check"] + Self.offline + [file])
        XCTAssertNotEqual(check.status, 0, "deno check accepted \(file):\n\(check.output)")
        XCTAssertEqual(reportedLines(in: check.output, file: file), expected, check.output)
    }

    private func assertDenoTestPasses(_ fixture: TypeScriptGoldenFixture, file: String) throws {
        let deno = try DenoRunner.make()
        defer { deno.remove() }
        let facts = try Self.facts(fixture.registry())
        let run = try deno.run(["test"] + Self.offline + ["--allow-env=NAARS_REGISTRY_FACTS", file],
                               environment: ["NAARS_REGISTRY_FACTS": facts])
        XCTAssertEqual(run.status, 0, "deno test:\n\(run.output)")
        XCTAssertTrue(run.output.contains(" passed | 0 failed"), run.output)
    }

    /// Lines of `file` that deno's diagnostics point at (`at file:///.../file:LINE:COLUMN`).
    private func reportedLines(in output: String, file: String) -> Set<Int> {
        let name = (file as NSString).lastPathComponent
        var lines = Set<Int>()
        for line in output.split(separator: "\n") {
            guard let range = line.range(of: "/Tests/Deno/\(name):") else { continue }
            if let number = Int(line[range.upperBound...].prefix { $0.isNumber }) { lines.insert(number) }
        }
        return lines
    }

    /// What the Deno tests compare the generated code with, taken from the registry rather than the output.
    private static func facts(_ registry: Registry) throws -> String {
        let object: [String: Any] = [
            "types": registry.notificationTypes!.rawValues,
            "fallback": registry.notificationTypes!.fallback as Any? ?? NSNull(),
            "typeKey": registry.notificationTypes!.payloadKey,
            "linkKey": registry.deepLinks?.linkKey ?? "",
        ]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }
}
