import ContractsTestSupport
import Foundation
import XCTest

/// The real binary on hostile inputs: exit 0, 1 or 2 only, every exit 2 with `file:line:col` and nothing
/// written; the registries that crashed or hung it (issue 15, items 8 and 9) now end in exit 2 at once. And the
/// two targets of whole trees (`FuzzTreeTarget`): `check --fix` on mutated drift apps, `init` on trees of corpus
/// files, a smoke test of a few trees in a normal run, rounds until `NAARS_FUZZ_SECONDS` are up in `scripts/fuzz`.
final class FuzzCLITests: XCTestCase {
    /// Mutated inputs per target that also go through the binary (`generate`, which writes).
    static let binaryInputs = 25
    /// Mutated trees per tree target in a normal run, a few seconds each (a `check --fix` tree is two runs of the
    /// binary on a whole drift app, an `init` tree two runs on a handful of files), and per round of a longer one;
    /// the saved ones (`corpus/fix/`, `corpus/init/`) are replayed first in both.
    static let smokeTrees: [FuzzTreeTarget: Int] = [.fix: 1, .initialize: 3]
    static let roundTrees = 10

    func testCheckFixOnMutatedDriftApps() throws {
        var apps: [String: FuzzFixApp] = [:]
        func app(_ name: String) throws -> FuzzFixApp {
            if let app = apps[name] { return app }
            let app = try FuzzFixApp(name, for: self)
            apps[name] = app
            return app
        }
        try fuzzTrees(.fix, make: { random, label in
            try app(FuzzTreeTarget.fixApps[random.below(FuzzTreeTarget.fixApps.count)]).mutated(&random, label: label)
        }, judge: { input in try app(input.base ?? "app-drift").judge(input) })
    }

    func testInitOnTreesOfCorpusFiles() throws {
        let trees = try FuzzInitTrees()
        try fuzzTrees(.initialize, make: { random, label in trees.tree(&random, label: label) }, judge: FuzzInitTrees.judge)
    }

    /// The saved inputs, then mutated trees from the seed, judged one by one; a round at least, more until
    /// `NAARS_FUZZ_SECONDS` are up. Each failing tree is saved (`NAARS_FUZZ_SAVE=1`) and fails the test.
    private func fuzzTrees(_ target: FuzzTreeTarget, make: (inout FuzzRandom, String) throws -> FuzzTreeInput,
                           judge: (FuzzTreeInput) throws -> FuzzVerdict, file: StaticString = #filePath, line: UInt = #line) throws {
        let seconds = Double(FuzzTests.environment["NAARS_FUZZ_SECONDS"] ?? "") ?? 0
        let deadline = Date().addingTimeInterval(seconds)
        var tally = FuzzTally(target: target.rawValue, seed: FuzzTests.seed)
        var random = FuzzRandom(seed: FuzzTests.seed ^ UInt64(bitPattern: Int64(target.rawValue.hashValueStable)))
        var inputs = try target.replays()
        var made = 0
        repeat {
            for _ in 0..<(seconds > 0 ? Self.roundTrees : Self.smokeTrees[target] ?? 1) {
                inputs.append(try make(&random, "tree \(made) of seed \(FuzzTests.seed)"))
                made += 1
            }
            for input in inputs {
                tally.inputs += 1
                let verdict = try judge(input)
                tally.outcomes[verdict.outcome, default: 0] += 1
                guard let failure = verdict.failure else { continue }
                switch failure.kind {
                case .crash: tally.crashes += 1
                case .hang: tally.hangs += 1
                case .brokenInvariant: tally.broken += 1
                }
                let saved = try target.save(input)
                tally.saved += saved.map { [$0] } ?? []
                XCTFail("\(target.rawValue) \(input.label) (\(input.files.keys.sorted())): \(failure)\(saved.map { "\nsaved as \($0)" } ?? "")",
                        file: file, line: line)
            }
            inputs = []
            tally.rounds += 1
        } while Date() < deadline
        tally.print()
    }

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
