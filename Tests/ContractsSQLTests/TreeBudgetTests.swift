import ContractsCore
@testable import ContractsSQL
import Foundation
import XCTest

/// Syntax trees kept after a load only up to a budget of migration text (`MigrationHistory.retainBytes`): with
/// none kept, every fixture app finds the same, every fact is the same, a tree asked for is made again exactly as it
/// was made (replaced bodies still only checked for syntax), and a table's columns (`RETURNS SETOF t`) are read from
/// the texts without making a tree.
final class TreeBudgetTests: XCTestCase {
    private static let fixtureApps: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("ContractsCheckTests/Fixtures")

    func testFixtureAppsFindTheSameWithNoTreeKept() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtureApps.path).sorted()
            .filter { FileManager.default.fileExists(atPath: Self.fixtureApps.appendingPathComponent("\($0)/registry.yaml").path) }
        XCTAssertGreaterThanOrEqual(names.count, 6)
        var remade = 0, rpcReturns = 0, skippedBodies = 0
        for name in names {
            let root = Self.fixtureApps.appendingPathComponent(name)
            let text = try String(contentsOf: root.appendingPathComponent("registry.yaml"), encoding: .utf8)
            let context = CheckContext(registry: try RegistryLoader.load(text: text, file: "registry.yaml"), tree: DiskTree(root: root))
            let kept = try SQLAnalysis.load(context, relevance: nil)
            let none = try SQLAnalysis.load(context, relevance: nil, retainBytes: 0)
            XCTAssertEqual(kept.facts.history.treesRemade, 0, name)
            XCTAssertEqual(none.findings, kept.findings, name)
            XCTAssertEqual(none.effectiveConstraint, kept.effectiveConstraint, name)
            XCTAssertEqual(none.facts.history.facts, kept.facts.history.facts, name)
            let count = kept.facts.history.count
            XCTAssertEqual(none.facts.history.count, count, name)
            for index in 0 ..< count {
                XCTAssertEqual(none.facts.history.text(at: index), kept.facts.history.text(at: index), "\(name) \(index)")
            }
            // Reading the texts made no tree, nor did the rules; what each RPC returns (a table's columns read from
            // the texts, `RETURNS TABLE` and `jsonb_build_object` from the definition) makes the trees of the
            // migrations that hold a live definition, and no other.
            XCTAssertEqual(none.facts.history.treesRemade, 0, name)
            for function in kept.facts.live.keys.sorted() {
                XCTAssertEqual(none.rpcReturn(function), kept.rpcReturn(function), "\(name) \(function)")
            }
            let holding = Set(kept.facts.live.values.map(\.migrationIndex))
            XCTAssertLessThanOrEqual(none.facts.history.treesRemade, holding.count, name)
            rpcReturns += kept.facts.live.keys.filter { kept.rpcReturn($0)?.shape.hasPrefix("table ") == true }.count
            remade += none.facts.history.treesRemade
            XCTAssertEqual(none.facts.history.migrations, kept.facts.history.migrations, name)
            XCTAssertEqual(none.facts.history.treesRemade, count, "\(name): every tree made again once asked for")
            skippedBodies += kept.facts.history.migrations.flatMap(\.functions).filter(\.bodySkipped).count
        }
        // Not vacuous: trees were made again for RPCs, a table's columns were read from the texts, and the trees made
        // again hold replaced bodies left unread, as the kept ones do.
        XCTAssertGreaterThan(remade, 0)
        XCTAssertGreaterThan(rpcReturns, 0)
        XCTAssertGreaterThan(skippedBodies, 0)
    }
}
