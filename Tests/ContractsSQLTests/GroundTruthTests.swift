import ContractsCore
import ContractsMigrations
@testable import ContractsSQL
import XCTest

/// Ground truth: each fixture history applied, in replay order, to a fresh PostgreSQL 15 database must
/// leave exactly the checks the replay computes (names, values, NOT VALID).
final class GroundTruthTests: XCTestCase {
    struct Check: Equatable, CustomStringConvertible {
        var name: String
        var values: Set<String>?
        var notValid: Bool
        var description: String { "\(name) \(values.map { $0.sorted() }.map(String.init(describing:)) ?? "unreadable")\(notValid ? " NOT VALID" : "")" }
    }

    func testMessyHistoryMatchesPostgres() throws { try compare("history-messy", expecting: 1) }
    func testNamingHistoryMatchesPostgres() throws { try compare("history-naming", expecting: 1) }
    func testDroppedHistoryMatchesPostgres() throws { try compare("history-dropped", expecting: 0) }

    func compare(_ fixture: String, expecting count: Int) throws {
        let tree = try SQLTestRegistry.fixture(fixture)
        let registry = SQLTestRegistry.make(values: [])
        let database = try PostgresScratch.create()
        defer { database.drop() }
        for file in try MigrationCatalog.replayOrder(registry, tree: tree) {
            try database.apply(file: tree.root.appendingPathComponent(file.path))
        }
        let rows = try database.rows("""
            SELECT conname, pg_get_constraintdef(oid), NOT convalidated FROM pg_constraint
            WHERE conrelid = 'public.notifications'::regclass AND contype = 'c' ORDER BY conname
            """)
        let actual = rows.map { row -> Check in
            // Read PostgreSQL's own text of the constraint with the same reader.
            let sql = "ALTER TABLE public.notifications ADD CONSTRAINT \"\(row[0])\" \(row[1]);"
            let parsed = MigrationParser.parse(text: sql, path: "pg", folder: "pg")
            let event = parsed.statements.flatMap {
                ConstraintEventReader.events(in: $0, target: TargetColumn(registry.notificationTypes!.sql!),
                                             constraintName: "", source: parsed.source, folder: "pg")
            }.first
            guard case .add(let check)? = event?.action else { return Check(name: row[0], values: nil, notValid: row[2] == "t") }
            XCTAssertEqual(check.notValid, row[2] == "t", "NOT VALID in pg_get_constraintdef of \(row[0])")
            return Check(name: row[0], values: check.values.map(Set.init), notValid: row[2] == "t")
        }
        XCTAssertEqual(actual.count, count, "\(fixture): checks PostgreSQL reports: \(actual)")
        let history = try MigrationHistory.load(CheckContext(registry: registry, tree: tree))
        XCTAssertTrue(history.migrations.allSatisfy { $0.syntaxErrors.isEmpty })
        let replayed = ConstraintReplay.state(of: history.facts.flatMap(\.constraintEvents), target: registry.notificationTypes!.sql!).active.map {
            Check(name: $0.name, values: $0.definition.values.map(Set.init), notValid: $0.definition.notValid)
        }.sorted { $0.name < $1.name }
        XCTAssertEqual(replayed, actual, "\(fixture): replay vs PostgreSQL")
    }
}
