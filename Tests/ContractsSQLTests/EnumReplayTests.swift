import ContractsCore
import ContractsMigrations
@testable import ContractsSQL
import XCTest

/// The value set as a PostgreSQL ENUM type (`sql.enum_type`): the replay follows CREATE TYPE, ADD VALUE
/// (IF NOT EXISTS, BEFORE/AFTER), RENAME VALUE, RENAME TO, DROP TYPE and the column's type, and must leave
/// exactly what PostgreSQL 15 reports for the same history.
final class EnumReplayTests: XCTestCase {
    static func registry(values: [String], retired: [String] = [], type: String = "remote_match_status",
                         folders: [MigrationFolder] = [SQLTestRegistry.database]) -> Registry {
        var registry = SQLTestRegistry.make(values: values, folders: folders)
        registry.notificationTypes!.sql! = SQLConstraintTarget(
            schema: "public", table: "matches", column: "remote_status", constraint: nil,
            location: SourceLocation(file: "registry.yaml", line: 9, column: 3),
            enumType: SQLTypeName(schema: "public", name: type))
        registry.notificationTypes!.retired = retired.map { RetiredValue(raw: $0, location: SQLTestRegistry.here) }
        return registry
    }

    static let replayed = ["invited", "waiting", "active", "paused", "completed", "abandoned"]

    func analysis(_ registry: Registry) throws -> SQLAnalysis {
        try SQLAnalysis.load(CheckContext(registry: registry, tree: try SQLTestRegistry.fixture("history-enum")))
    }

    func testReplayFollowsCreateAddRenameAndTheColumnType() throws {
        let effective = try analysis(Self.registry(values: Self.replayed)).effectiveEnum
        XCTAssertEqual(effective?.values, Self.replayed)
        XCTAssertEqual(effective?.columnType, "public.remote_match_status")
        XCTAssertEqual(effective?.location?.description, "database/004_rename.sql:2:1")
    }

    func testMatchingRegistryHasNoDriftInAnyOrder() throws {
        let findings = try analysis(Self.registry(values: Self.replayed.reversed())).findings
        XCTAssertEqual(findings, [])
    }

    func testDriftNamesMissingAndUnregisteredValues() throws {
        let registry = Self.registry(values: ["waiting", "active", "paused", "completed", "abandoned", "spectating"])
        let findings = try analysis(registry).findings
        XCTAssertEqual(findings.map { "\($0.ruleID) \($0.location) \($0.message)" }, [
            "sql-constraint-drift database/004_rename.sql:2:1 ENUM type public.remote_match_status of public.matches.remote_status "
                + "differs from the registry: missing 'spectating'; not registered 'invited'",
        ])
        // A retired value may stay in the type: PostgreSQL cannot drop it.
        let retired = Self.registry(values: Array(Self.replayed.dropFirst()), retired: ["invited"])
        XCTAssertEqual(try analysis(retired).findings, [])
    }

    func testAppOnlyValuesAreNotExpectedInTheType() throws {
        var registry = Self.registry(values: Self.replayed + ["sent"])
        registry.notificationTypes!.values[registry.notificationTypes!.values.count - 1].scope = .app
        XCTAssertEqual(try analysis(registry).findings, [])
    }

    func testColumnWithAnotherTypeOrAMissingTypeIsDrift() throws {
        let text = SQLTestRegistry.context([
            "database/001_a.sql": """
                CREATE TYPE remote_match_status AS ENUM ('waiting');
                CREATE TABLE matches (remote_status text);
                """,
        ]).tree
        let registry = Self.registry(values: ["waiting"])
        let findings = try SQLSourceCheck.findings(in: CheckContext(registry: registry, tree: text))
        XCTAssertEqual(findings.map { "\($0.location) \($0.message)" }, [
            "database/001_a.sql:2:1 public.matches.remote_status has type text after replaying the migrations, not the ENUM type public.remote_match_status",
        ])
        let renamedAway = SQLTestRegistry.context([
            "database/001_a.sql": """
                CREATE TYPE remote_match_status AS ENUM ('waiting');
                CREATE TABLE matches (remote_status remote_match_status);
                ALTER TYPE remote_match_status RENAME TO match_status;
                """,
        ]).tree
        let gone = try SQLSourceCheck.findings(in: CheckContext(registry: registry, tree: renamedAway))
        XCTAssertEqual(gone.map(\.message), [
            "No ENUM type public.remote_match_status after replaying 1 migration(s); the registry says public.matches.remote_status has it",
        ])
        XCTAssertEqual(try SQLSourceCheck.findings(in: CheckContext(registry: Self.registry(values: ["waiting"], type: "match_status"),
                                                                tree: renamedAway)), [],
                       "the column follows its type through RENAME TO")
    }

    func testDropTypeWithoutCascadeIsRefusedWhileTheColumnUsesIt() {
        var state = EnumState()
        let at = SourceLocation(file: "m.sql", line: 1, column: 1)
        state.apply(EnumEvent(action: .create(type: "public.t", values: ["a"]), location: at, folder: "d"))
        state.apply(EnumEvent(action: .columnType("public.t"), location: at, folder: "d"))
        state.apply(EnumEvent(action: .drop(type: "public.t", cascade: false), location: at, folder: "d"))
        XCTAssertEqual(state.types["public.t"]?.values, ["a"])
        state.apply(EnumEvent(action: .addValue(type: "public.t", value: "a", neighbor: nil, after: false, ifNotExists: false),
                              location: at, folder: "d"))
        XCTAssertEqual(state.types["public.t"]?.values, ["a"], "a duplicate ADD VALUE fails in PostgreSQL")
        state.apply(EnumEvent(action: .drop(type: "public.t", cascade: true), location: at, folder: "d"))
        XCTAssertNil(state.types["public.t"])
        XCTAssertNil(state.columnType, "CASCADE drops the column too")
    }

    /// Ground truth: the fixture history applied to PostgreSQL 15 leaves the same values in the same order.
    func testReplayMatchesPostgres() throws {
        let tree = try SQLTestRegistry.fixture("history-enum")
        let registry = Self.registry(values: [])
        let database = try PostgresScratch.create()
        defer { database.drop() }
        for file in try MigrationCatalog.replayOrder(registry, tree: tree) {
            try database.apply(file: tree.root.appendingPathComponent(file.path))
        }
        let values = try database.rows("""
            SELECT enumlabel FROM pg_enum WHERE enumtypid = 'public.remote_match_status'::regtype ORDER BY enumsortorder
            """).map { $0[0] }
        let decoy = try database.rows("SELECT enumlabel FROM pg_enum WHERE enumtypid = 'public.leg_status'::regtype ORDER BY enumsortorder")
        let column = try database.rows("""
            SELECT format_type(atttypid, atttypmod) FROM pg_attribute
            WHERE attrelid = 'public.matches'::regclass AND attname = 'remote_status'
            """)
        XCTAssertEqual(values, Self.replayed, "PostgreSQL's enumsortorder")
        XCTAssertEqual(column, [["remote_match_status"]])
        let analysis = try analysis(registry)
        XCTAssertEqual(analysis.effectiveEnum?.values, values, "replay vs PostgreSQL")
        XCTAssertEqual(analysis.facts.enumState.types["public.leg_status"]?.values, decoy.map { $0[0] })
    }
}
