import ContractsCheck
import ContractsCore
import ContractsSQL
import ContractsFixtureApps
import Foundation
import XCTest

/// One `check` parses each migration once, however many readers want the migrations: the SQL checker, the RPC
/// payload check (what an RPC returns, and the columns of a table an RPC returns rows of), the push keys the database
/// sends, the sink rounds (`SQLRun`).
final class SQLParseCountTests: XCTestCase {
    /// Fixture apps where several readers want the migrations: an RPC decoded by the app (the SQL checker and the RPC
    /// payload check), SQL functions found to be sinks (the sink rounds read the history again), push keys.
    static let apps = ["app-drift", "rpc-payload-app-drift", "sinks-app-drift", "push-type-app-drift", "kinds-app-drift",
                       "carpool-app-drift"]

    func testEachMigrationIsParsedOncePerCheck() throws {
        var met: [String] = []
        for app in Self.apps {
            let root = try FixtureApp.copy(app, for: self)
            let (registry, tree) = try FixtureApp.load(root)
            let context = CheckContext(registry: registry, tree: tree)
            let migrations = try registry.migrations.flatMap { try tree.files(under: $0.dir) }.filter { $0.hasSuffix(".sql") }
            let (findings, counts, loads) = try SQLRun.sharing { run in
                let findings = try ContractCheck.findings(in: context)
                return (findings, run.parsedPaths.map { ($0, run.parses($0)) }, run.loadCount)
            }
            XCTAssertFalse(findings.isEmpty, "\(app): a drift fixture reports something")
            XCTAssertEqual(Set(counts.map(\.0)), Set(migrations), "\(app): every migration is parsed")
            for (path, count) in counts {
                XCTAssertEqual(count, 1, "\(app): \(path) parsed \(count) times")
            }
            XCTAssertEqual(loads, 1, "\(app): the migrations are loaded once")
            // The RPC payload check loads the migrations only when a source decodes an RPC's result it judges.
            if try !RPCPayloadCheck.findings(in: context).isEmpty { met.append(app) }
        }
        // The count means something only where readers meet: the RPC payload check read the SQL checker's history.
        XCTAssertTrue(met.contains("rpc-payload-app-drift"), "\(met)")
    }

    /// The readers find the same with the run's store as each loading the migrations on its own.
    func testReadersFindTheSameWithTheRunStoreAsWithout() throws {
        var found = 0
        for app in Self.apps {
            let root = try FixtureApp.copy(app, for: self)
            let (registry, tree) = try FixtureApp.load(root)
            let context = CheckContext(registry: registry, tree: tree)
            let readers = { try [SQLSourceCheck.findings(in: context), RPCPayloadCheck.findings(in: context)] }
            let alone = try readers()
            let shared = try SQLRun.sharing { _ in try readers() }
            XCTAssertEqual(shared, alone, app)
            found += alone[1].count
        }
        XCTAssertGreaterThan(found, 0, "no RPC payload finding: the RPC payload check never read the migrations")
    }

    /// A reader that sees other bytes in a migration (an edit during the run) or another registry loads its own
    /// history: never the one read before.
    func testAnEditedMigrationIsReadAgain() throws {
        let root = try FixtureApp.copy("rpc-payload-app-drift", for: self)
        let (registry, tree) = try FixtureApp.load(root)
        let context = CheckContext(registry: registry, tree: tree)
        let path = try registry.migrations.flatMap { try tree.files(under: $0.dir) }.filter { $0.hasSuffix(".sql") }.last!
        let (before, after, loads, parses) = try SQLRun.sharing { run in
            let before = try SQLSourceCheck.findings(in: context)
            let again = try SQLSourceCheck.findings(in: context)
            XCTAssertEqual(again, before)
            let url = root.appendingPathComponent(path)
            try (String(contentsOf: url, encoding: .utf8) + "\nselect 1 +;\n").write(to: url, atomically: true, encoding: .utf8)
            let after = try SQLSourceCheck.findings(in: context)
            return (before, after, run.loadCount, run.parses(path))
        }
        XCTAssertEqual(loads, 2)
        XCTAssertEqual(parses, 2)
        XCTAssertFalse(before.contains { $0.ruleID == "sql-syntax-error" })
        XCTAssertTrue(after.contains { $0.ruleID == "sql-syntax-error" && $0.location.file == path }, "\(after)")
    }
}
