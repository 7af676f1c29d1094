import ContractsTestSupport
import Foundation
import XCTest

/// The real binary on hostile inputs: exit 0, 1 or 2 only, every exit 2 with `file:line:col` and nothing
/// written; the registries that crashed or hung it (issue 15, items 8 and 9) now end in exit 2 at once.
final class FuzzCLITests: XCTestCase {
    /// Mutated inputs per target that also go through the binary (`generate`, which writes).
    static let binaryInputs = 25

    /// A project holding the base registry and `input` at the target's path; `generate` then runs in it.
    private func assertGenerate(_ target: FuzzTarget, _ input: [UInt8], _ label: String,
                                file: StaticString = #filePath, line: UInt = #line) throws {
        var files = ["registry.yaml": FuzzTarget.baseRegistryText]
        files[target.path] = ""
        let root = try CLIHarness.project(files)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data(input).write(to: root.appendingPathComponent(target.path))
        let before = CLIHarness.snapshot(root)
        let result = try CLIHarness.run(["generate"], in: root)
        XCTAssertTrue([0, 1, 2].contains(result.status), "\(label): exit \(result.status)\n\(result.stderr)", file: file, line: line)
        guard result.status == 2 else { return }
        CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root), file: file, line: line)
        XCTAssertNotNil(result.stderr.range(of: #"[^\s:]+:\d+:\d+: error: "#, options: .regularExpression),
                        "\(label): exit 2 without file:line:col\n\(result.stderr)", file: file, line: line)
    }

    func testMutatedRegistriesAndMigrationsExitZeroOneOrTwoAndWriteNothingOnTwo() throws {
        for target in [FuzzTarget.registry, .sql] {
            let seeds = try target.seeds().count
            let inputs = try FuzzTests.inputs(target, count: Self.binaryInputs, seed: FuzzTests.seed)
            for (i, input) in inputs.enumerated() where i >= seeds {
                try assertGenerate(target, input, "\(target.rawValue) input \(i)")
            }
        }
    }

    func testRegistriesThatCrashedTheLoaderEndInExitTwo() throws {
        let head = "version: 1\nnotification_types:\n  swift_enum: Kind\n  sql: { table: notes, column: kind, constraint: notes_kind_check }\n"
            + "  values:\n    - raw: ping\noutputs: { swift: out/swift, typescript: out/ts }\npayloads:\n"
        // 20,000 payloads in a chain ended in SIGSEGV at 5.6 GB; a field type 32,000 arrays deep overflowed the stack.
        let chain = head + (0..<19_999).map { "  P\($0):\n    fields: { a: P\($0 + 1) }\n" }.joined() + "  P19999:\n    fields: { x: int }\n"
        let arrays = head + "  P:\n    fields:\n      a: \"" + String(repeating: "[", count: 32_000) + "int"
            + String(repeating: "]", count: 32_000) + "\"\n    type_name: P\n"
        for (text, expected) in [(chain, "registry.yaml:9:3: error: the registry declares 20000 payloads; at most 1000 are supported"),
                                 (arrays, "registry.yaml:11:10: error: field type '")] {
            for command in [["generate"], ["check"]] {
                let root = try CLIHarness.project(["registry.yaml": text])
                defer { try? FileManager.default.removeItem(at: root) }
                let before = CLIHarness.snapshot(root)
                let result = try CLIHarness.run(command, in: root)
                XCTAssertEqual(result.status, 2, "\(command): \(result.stderr.prefix(300))")
                XCTAssertTrue(result.stderr.hasPrefix(expected), "\(command): \(result.stderr.prefix(300))")
                CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root))
            }
        }
    }
}
