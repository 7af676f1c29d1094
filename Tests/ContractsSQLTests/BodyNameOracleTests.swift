import ContractsCore
import ContractsMigrations
@testable import ContractsSQL
import ContractsTestSupport
import Foundation
import XCTest

/// PostgreSQL 15 itself as the oracle of the SQL body name rules: the names fixture apps' migrations applied, each of
/// their functions whose statements all run when called with NULLs is called (in a transaction rolled back), and the
/// functions PostgreSQL fails with "relation/column does not exist" (42P01, 42703) must be exactly those the
/// `unknown-table`/`unknown-column` findings name.
final class BodyNameOracleTests: XCTestCase {
    /// Straight-line functions of the fixture (no branch hides a statement from a call with NULL arguments).
    static let calls = [
        "public.deal_average": "SELECT public.deal_average(NULL)",
        "public.deal_ends": "SELECT public.deal_ends(NULL)",
        "public.pay_prizes": "SELECT public.pay_prizes(NULL)",
        "public.rate_deal": "SELECT public.rate_deal(NULL, NULL)",
        "public.bump_views": "SELECT public.bump_views(NULL)",
        "public.award_prize": "SELECT public.award_prize(NULL, NULL)",
        // Relations made otherwise than by CREATE TABLE (a sequence, SELECT … INTO, a partition, an inheriting table, a
        // materialized view, temporary tables made by EXECUTE).
        "public.next_ticket": "SELECT public.next_ticket()",
        "public.archive_count": "SELECT public.archive_count()",
        "public.visit_report": "SELECT public.visit_report()",
        "public.scratch_fill": "SELECT public.scratch_fill()",
        "public.scratch_named": "SELECT public.scratch_named('scratch_named_rows')",
    ]

    func testTheFunctionsPostgresFailsOnNamesAreTheOnesReported() throws {
        var failing: [String: Set<String>] = [:]
        for app in ["names-app-drift", "names-app-clean"] {
            let root = SchemaOracleTests.testsFolder.appendingPathComponent("ContractsCheckTests/Fixtures/\(app)")
            let registry = SQLTestRegistry.make(values: ["x"], folders: SchemaOracleTests.migrationFolders(root))
            let tree = DiskTree(root: root)
            let context = CheckContext(registry: registry, tree: tree)
            let reported = Set(try SQLSourceCheck.findings(in: context)
                .filter { [Rule.unknownTable.id, Rule.unknownColumn.id].contains($0.ruleID) }
                .compactMap { finding in Self.calls.keys.first { finding.message.contains($0 + " ") } })

            let database = try SQLTestDatabase.create()
            defer { database.drop() }
            try database.succeed(SchemaOracleTests.stubs)
            for file in try MigrationCatalog.replayOrder(registry, tree: tree) {
                let text = try String(contentsOf: root.appendingPathComponent(file.path), encoding: .utf8)
                try database.succeed(text)
            }
            var failed: Set<String> = []
            for (function, call) in Self.calls {
                let result = try database.run("BEGIN;\n\(call);\nROLLBACK;\n")
                if result.stderr.contains("ERROR:  42P01:") || result.stderr.contains("ERROR:  42703:") { failed.insert(function) }
            }
            XCTAssertEqual(reported, failed, "\(app): reported by the rules vs failed by PostgreSQL")
            failing[app] = failed
        }
        // The oracle can fail: the drift app's planted bodies do, the clean app's do not.
        XCTAssertEqual(failing["names-app-drift"], ["public.deal_average", "public.pay_prizes", "public.rate_deal", "public.bump_views"])
        XCTAssertEqual(failing["names-app-clean"], [])
    }
}
