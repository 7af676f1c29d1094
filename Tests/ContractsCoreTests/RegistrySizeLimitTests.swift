import ContractsCore
import Foundation
import XCTest

/// Registries shaped to blow up the loader: references between payloads in a diamond or a long chain,
/// too many payloads, array types nested thousands deep. Each loads in time linear in its size, or is
/// refused at its line and column. (That the CLI exits 2 and writes nothing: `RegistryHardeningCLITests`.)
final class RegistrySizeLimitTests: XCTestCase {
    private static let head = """
    version: 1
    notification_types:
      swift_enum: Kind
      sql: { table: notes, column: kind, constraint: notes_kind_check }
      values:
        - raw: ping
    outputs: { swift: out/swift, typescript: out/ts }
    payloads:

    """

    /// `P0: {a: P1, b: P1}`, … `levels` deep: 2^levels paths, but only `levels` payloads.
    static func diamond(_ levels: Int, bottom: String = "x: int") -> String {
        head + (0..<levels).map { "  P\($0):\n" + top($0) + "    fields: { a: P\($0 + 1), b: P\($0 + 1) }\n" }.joined()
            + "  P\(levels):\n    fields: { \(bottom) }\n"
    }

    /// The first payload's `type_name`: no other payload's field is of its type, so it names the type the app decodes.
    private static func top(_ index: Int) -> String { index == 0 ? "    type_name: P0\n" : "" }

    /// `P0 → P1 → … → P(count - 1)`.
    static func chain(_ count: Int) -> String {
        head + (0..<count - 1).map { "  P\($0):\n" + top($0) + "    fields: { a: P\($0 + 1) }\n" }.joined()
            + "  P\(count - 1):\n    fields: { x: int }\n"
    }

    private func load(_ text: String) throws -> Registry { try RegistryLoader.load(text: text, file: "registry.yaml") }

    private func errors(_ text: String) -> [RegistryError] {
        do {
            _ = try load(text)
            return []
        } catch let errors as RegistryErrors {
            return errors.errors
        } catch {
            XCTFail("unexpected \(error)")
            return []
        }
    }

    /// The fastest of three runs, so one busy moment of a shared machine does not decide a ratio.
    private func seconds(_ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best
    }

    func testADiamondOfThirtyLevelsLoads() throws {
        // Exponential before: every path through the diamond was searched (30 levels: 2^30 paths).
        let registry = try load(Self.diamond(30))
        XCTAssertEqual(registry.payloads.count, 31)
    }

    func testADiamondWithACycleAtTheBottomReportsExactlyTheCycle() {
        // P30 → Q → P30 closes a cycle below the diamond; P0 … P29 only reach it, they are not on it.
        let text = Self.diamond(30, bottom: "q: Q") + "  Q:\n    fields: { back: P30, many: \"[P0]\" }\n"
        let messages = errors(text).map(\.message)
        XCTAssertEqual(messages.sorted(), ["payload P30 contains itself; wrap the recursive field in [ ]",
                                           "payload Q contains itself; wrap the recursive field in [ ]"])
    }

    func testRecursionThroughAnArrayIsAllowedButDirectSelfReferenceIsNot() {
        XCTAssertEqual(errors(Self.head + "  Tree:\n    fields: { children: \"[Tree]\", x: int }\n").count, 0)
        let direct = errors(Self.head + "  Node:\n    fields: { next: Node }\n")
        XCTAssertEqual(direct.map(\.message), ["payload Node contains itself; wrap the recursive field in [ ]"])
        XCTAssertEqual(direct.first.map { [$0.location.line, $0.location.column] }, [10, 5])
    }

    func testLoadingAChainGrowsLinearly() throws {
        // Cubic before: a search from every payload, each step a linear lookup (2,000 payloads took 70 s).
        // The fastest of three runs of each: the suite runs in parallel on a loaded machine, and one slow run of the
        // small registry (a few milliseconds) is noise, not growth.
        let small = try (0 ..< 3).map { _ in try seconds { _ = try load(Self.chain(60)) } }.min()!
        let large = try (0 ..< 3).map { _ in try seconds { _ = try load(Self.chain(960)) } }.min()!
        // 16 times the payloads: linear is about 16 times the time, quadratic 256.
        XCTAssertLessThan(large / max(small, 1e-4), 64, "60 payloads: \(small) s, 960: \(large) s")
    }

    func testTooManyPayloadsAreRefusedAtThePayloadsKey() {
        XCTAssertEqual(errors(Self.chain(1000)).count, 0)
        let refused = errors(Self.chain(1001))
        XCTAssertEqual(refused.map(\.message), ["the registry declares 1001 payloads; at most 1000 are supported"])
        XCTAssertEqual(refused.first.map { [$0.location.line, $0.location.column] }, [9, 3])
    }

    func testArrayTypesNestAtMostEightDeep() throws {
        let field = { (depth: Int) in
            Self.head + "  P:\n    fields:\n      a: \"" + String(repeating: "[ ", count: depth) + "int"
                + String(repeating: " ]", count: depth) + "\"\n    type_name: P\n"
        }
        let eight = try load(field(8))
        XCTAssertEqual(eight.payloads.first?.fields.first?.type.description, "[[[[[[[[int]]]]]]]]")
        for depth in [9, 32_000] {
            // 32,000 levels overflowed the stack before (SIGSEGV after a minute of copying).
            let refused = errors(field(depth))
            XCTAssertEqual(refused.count, 1)
            XCTAssertTrue(refused.first?.message.hasSuffix("nests arrays more than 8 deep") == true, "\(refused)")
            XCTAssertEqual(refused.first.map { [$0.location.line, $0.location.column] }, [11, 10])
        }
    }
}
