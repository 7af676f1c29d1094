import Foundation
import XCTest

/// Bounded fuzzing of the registry loader, the TypeScript lexer and checker, and the Swift and SQL readers:
/// the committed seed corpus (`Tests/Fuzz/corpus/`) plus inputs mutated from it with a fixed seed, each read
/// in a child process (`FuzzRunner`). No input may crash a reader or take longer than `perInputTimeout` (a hang);
/// one taking more than 100 times the median of its size class is listed as slow, and fails nothing (a debug
/// build's time: it is a defect above 2 s in a release build, which `scripts/fuzz --time-slow` measures).
/// `FuzzCLITests` runs the real binary on some of them for exit codes and writes, and fuzzes `check --fix` and
/// `init` on whole trees.
///
/// `scripts/fuzz --minutes N` runs the same for longer with a new seed (`NAARS_FUZZ_SECONDS`,
/// `NAARS_FUZZ_SEED`) and saves (`NAARS_FUZZ_SAVE=1`) what fails as `found-*` corpus files, which every later run
/// replays, and the slow inputs as `slow/found-*`, which no run replays.
final class FuzzTests: XCTestCase {
    /// Mutated inputs per target in a normal run (a few thousand in all, well under a minute on two cores).
    static let inputCounts: [FuzzTarget: Int] = [.registry: 800, .typescript: 200, .sql: 600, .swift: 120]
    static let perInputTimeout = 30.0

    static var environment: [String: String] { ProcessInfo.processInfo.environment }
    static var seed: UInt64 { UInt64(environment["NAARS_FUZZ_SEED"] ?? "") ?? 0x5EED_2026 }

    /// The seeds, then `count` mutations of them from `seed`.
    static func inputs(_ target: FuzzTarget, count: Int, seed: UInt64) throws -> [[UInt8]] {
        let seeds = try target.seeds().map(\.bytes)
        var random = FuzzRandom(seed: seed ^ UInt64(bitPattern: Int64(target.rawValue.hashValueStable)))
        let mutator = FuzzMutator(tokens: target.tokens)
        return seeds + (0..<count).map { _ in mutated(target, seeds: seeds, mutator: mutator, random: &random) }
    }

    /// One input mutated from `seeds`, or, one time in eight, a generated shape (`FuzzShapes`), half of those
    /// damaged further.
    static func mutated(_ target: FuzzTarget, seeds: [[UInt8]], mutator: FuzzMutator, random: inout FuzzRandom) -> [UInt8] {
        let base = seeds[random.below(seeds.count)]
        let other = seeds[random.below(seeds.count)]
        switch random.below(16) {
        case 0: return FuzzShapes.generate(target, &random)
        case 1: return mutator.mutate(FuzzShapes.generate(target, &random), splice: other, random: &random)
        default: return mutator.mutate(base, splice: other, random: &random)
        }
    }

    private func fuzz(_ target: FuzzTarget, file: StaticString = #filePath, line: UInt = #line) throws {
        guard FuzzRunner.bundleExecutable != nil else { throw XCTSkip("the test bundle cannot be started as a child process here") }
        let seconds = Double(Self.environment["NAARS_FUZZ_SECONDS"] ?? "") ?? 0
        let deadline = Date().addingTimeInterval(seconds)
        var round: UInt64 = 0
        var tally = FuzzTally(target: target.rawValue, seed: Self.seed)
        repeat {
            let seed = Self.seed &+ round
            let inputs = try Self.inputs(target, count: Self.inputCounts[target] ?? 500, seed: seed)
            let (_, problems) = try FuzzRunner(target: target, perInputTimeout: Self.perInputTimeout).run(inputs)
            tally.inputs += inputs.count
            for problem in problems {
                let bytes = inputs[problem.index]
                switch problem.kind {
                case .slow:
                    // Listed, never failed: the defect is a release build's time over 2 s (`scripts/fuzz --time-slow`).
                    let saved = try Self.save(bytes, target, folder: FuzzTarget.slowFolder)
                    tally.slow.append("\(problem) (seed \(seed), \(bytes.count) bytes)\(saved.map { "; saved as \($0)" } ?? "")")
                case .crash, .hang:
                    if problem.kind == .crash { tally.crashes += 1 } else { tally.hangs += 1 }
                    let saved = try Self.save(bytes, target)
                    tally.saved += saved.map { [$0] } ?? []
                    XCTFail("\(target.rawValue) \(problem) (seed \(seed))\(saved.map { "; saved as \($0)" } ?? "")",
                            file: file, line: line)
                }
            }
            round += 1
            tally.rounds += 1
        } while Date() < deadline
        tally.print()
    }

    /// With `NAARS_FUZZ_SAVE=1`, writes an input into the corpus (`found-<hash>.<ext>`), or into its `folder`.
    static func save(_ bytes: [UInt8], _ target: FuzzTarget, folder: String? = nil) throws -> String? {
        guard environment["NAARS_FUZZ_SAVE"] == "1" else { return nil }
        let name = "found-" + String(fnv1a(bytes), radix: 16) + "." + target.fileExtension
        let relative = [target.rawValue, folder].compactMap { $0 }.joined(separator: "/")
        let directory = FuzzTarget.corpusRoot.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(bytes).write(to: directory.appendingPathComponent(name))
        return "Tests/Fuzz/corpus/\(relative)/\(name)"
    }

    /// The name's hash: the same bytes, the same file.
    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes { hash = (hash ^ UInt64(b)) &* 0x100_0000_01B3 }
        return hash
    }

    func testRegistryLoader() throws { try fuzz(.registry) }
    func testTypeScriptLexerAndChecker() throws { try fuzz(.typescript) }
    func testSwiftReader() throws { try fuzz(.swift) }
    func testSQLReader() throws { try fuzz(.sql) }

    func testTheMutatorIsDeterministicAndMutates() throws {
        let a = try Self.inputs(.sql, count: 50, seed: 7), b = try Self.inputs(.sql, count: 50, seed: 7)
        XCTAssertEqual(a, b)
        let seeds = Set(try FuzzTarget.sql.seeds().map(\.bytes))
        XCTAssertGreaterThan(a.dropFirst(seeds.count).filter { !seeds.contains($0) }.count, 40)
    }

    func testTheShapesAreDrawnAndGrowPastTheLimits() throws {
        var random = FuzzRandom(seed: 31)
        for target in FuzzTarget.allCases {
            let shapes = (0..<200).map { _ in FuzzShapes.generate(target, &random) }
            XCTAssertGreaterThan(Set(shapes).count, target == .registry ? 5 : 20, target.rawValue)
            XCTAssertTrue(shapes.allSatisfy { $0.count <= FuzzMutator.maximumSize }, target.rawValue)
            XCTAssertTrue(shapes.contains { $0.contains(0x1B) || $0.contains(0x0A) }, "\(target.rawValue): a name with a control character")
        }
        let swift = (0..<400).map { _ in String(decoding: FuzzShapes.generate(.swift, &random), as: UTF8.self) }
        XCTAssertTrue(swift.contains { $0.contains(String(repeating: "a<", count: 2_000)) })
        XCTAssertTrue(swift.contains { $0.components(separatedBy: "else if").count > 1_000 })
        let sql = (0..<400).map { _ in String(decoding: FuzzShapes.generate(.sql, &random), as: UTF8.self) }
        XCTAssertTrue(sql.contains { $0.components(separatedBy: " || ").count > 1_000 })
    }

    func testTheRunnerReportsACrashingInput() throws {
        // The worker's own self-test: an input the worker is told to crash on must be reported as a crash
        // of exactly that input, and the inputs after it still run.
        guard FuzzRunner.bundleExecutable != nil else { throw XCTSkip("the test bundle cannot be started as a child process here") }
        let inputs: [[UInt8]] = [Array("SELECT 1;".utf8), Array(FuzzTarget.crashMarker.utf8), Array("SELECT 2;".utf8)]
        let (seconds, problems) = try FuzzRunner(target: .sql, perInputTimeout: Self.perInputTimeout).run(inputs)
        XCTAssertEqual(problems.map(\.index), [1])
        XCTAssertTrue(problems.first?.what.hasPrefix("crashed") == true, "\(problems)")
        XCTAssertNotNil(seconds[2])
    }
}

extension String {
    /// A hash that is the same in every process (Swift's `hashValue` is seeded per process).
    var hashValueStable: Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in utf8 { hash = (hash ^ UInt64(b)) &* 0x100_0000_01B3 }
        return Int(truncatingIfNeeded: hash)
    }
}
