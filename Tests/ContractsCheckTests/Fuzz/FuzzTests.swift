import Foundation
import XCTest

/// Bounded fuzzing of the registry loader, the TypeScript lexer and checker, and the Swift and SQL readers:
/// the committed seed corpus (`Tests/Fuzz/corpus/`) plus inputs mutated from it with a fixed seed, each read
/// in a child process (`FuzzRunner`). No input may crash a reader, take longer than `perInputTimeout`, or
/// take more than 100 times the median of its size class. `FuzzCLITests` runs the real binary on some of
/// them for exit codes and writes.
///
/// `scripts/fuzz --minutes N` runs the same for longer with a new seed (`NAARS_FUZZ_SECONDS`,
/// `NAARS_FUZZ_SEED`) and saves what fails as `found-*` corpus files (`NAARS_FUZZ_SAVE=1`), which every
/// later run replays.
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
        var inputs = seeds
        for _ in 0..<count {
            let base = seeds[random.below(seeds.count)]
            let other = seeds[random.below(seeds.count)]
            // One input in eight is a generated shape (`FuzzShapes`), half of those damaged further.
            switch random.below(16) {
            case 0: inputs.append(FuzzShapes.generate(target, &random))
            case 1: inputs.append(mutator.mutate(FuzzShapes.generate(target, &random), splice: other, random: &random))
            default: inputs.append(mutator.mutate(base, splice: other, random: &random))
            }
        }
        return inputs
    }

    private func fuzz(_ target: FuzzTarget, file: StaticString = #filePath, line: UInt = #line) throws {
        guard FuzzRunner.bundleExecutable != nil else { throw XCTSkip("the test bundle cannot be started as a child process here") }
        let seconds = Double(Self.environment["NAARS_FUZZ_SECONDS"] ?? "") ?? 0
        let deadline = Date().addingTimeInterval(seconds)
        var round: UInt64 = 0
        repeat {
            let inputs = try Self.inputs(target, count: Self.inputCounts[target] ?? 500, seed: Self.seed &+ round)
            let (_, problems) = try FuzzRunner(target: target, perInputTimeout: Self.perInputTimeout).run(inputs)
            for problem in problems {
                let saved = try Self.save(inputs[problem.index], target)
                XCTFail("\(target.rawValue) \(problem) (seed \(Self.seed &+ round))\(saved.map { "; saved as \($0)" } ?? "")",
                        file: file, line: line)
            }
            round += 1
        } while Date() < deadline
    }

    /// With `NAARS_FUZZ_SAVE=1`, writes a failing input into the corpus (`found-<hash>.<ext>`).
    static func save(_ bytes: [UInt8], _ target: FuzzTarget) throws -> String? {
        guard environment["NAARS_FUZZ_SAVE"] == "1" else { return nil }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes { hash = (hash ^ UInt64(b)) &* 0x100_0000_01B3 }
        let name = "found-" + String(hash, radix: 16) + "." + target.fileExtension
        try Data(bytes).write(to: FuzzTarget.corpusRoot.appendingPathComponent(target.rawValue).appendingPathComponent(name))
        return "Tests/Fuzz/corpus/\(target.rawValue)/\(name)"
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
