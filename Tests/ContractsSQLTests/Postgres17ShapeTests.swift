import ContractsCore
import Foundation
@testable import ContractsSQL
import XCTest

/// Homebrew ships libpg_query for PostgreSQL 17, Debian for 15. Between the two, the JSON of the nodes the readers
/// use (statements, `ColumnDef`, `Constraint`, `AlterTableCmd`, `A_Const`, `String`, `TypeName`, the PL/pgSQL tree)
/// only gained fields and node kinds: none was renamed or removed (libpg_query's pg_query.proto, 15-latest against
/// 17-latest and later). These tests feed the readers 17-shaped trees (version 170004, the fields 16 and 17 added,
/// statements of node kinds 15 does not have) and expect the same findings as from the trees 15 gives.
final class Postgres17ShapeTests: XCTestCase {
    /// Fields PostgreSQL 16 and 17 added to nodes the readers see, with the values a 17 parse gives.
    static let addedFields: [String: [(String, PgNode)]] = [
        "ColumnDef": [("storage_name", .string("plain")), ("location", .number(1))],
        "Constraint": [("without_overlaps", .number(0)), ("nnconstraints", .array([]))],
        "CreateStmt": [("nnconstraints", .array([]))],
        "AlterTableCmd": [("num", .number(0)), ("recurse", .number(0))],
        "FuncCall": [("funcformat", .string("COERCE_EXPLICIT_CALL"))],
        "A_Const": [("isnull", .number(0))],
        "PLpgSQL_function": [("new_varno", .number(0)), ("old_varno", .number(0))],
    ]

    /// A statement only 17 parses (`ALTER TABLE ... ALTER COLUMN ... SET EXPRESSION`), as 17's JSON has it.
    static let setExpression = PgNode.decode(#"""
        {"stmt": {"AlterTableStmt": {"relation": {"relname": "notifications", "inh": true, "relpersistence": "p",
        "location": 12}, "cmds": [{"AlterTableCmd": {"subtype": "AT_SetExpression", "name": "title_upper",
        "def": {"FuncCall": {"funcname": [{"String": {"sval": "upper"}}], "args": [{"ColumnRef": {"fields":
        [{"String": {"sval": "title"}}], "location": 70}}], "funcformat": "COERCE_EXPLICIT_CALL", "location": 64}},
        "behavior": "DROP_RESTRICT"}}], "objtype": "OBJECT_TABLE"}}, "stmt_len": 0}
        """#)!

    /// A 15 tree in 17's shape.
    static func seventeen(_ node: PgNode) -> PgNode {
        switch node {
        case .object(let fields):
            var entries = fields.entries.map { (key: $0.key, value: seventeen($0.value)) }
            if let version = entries.firstIndex(where: { $0.key == "version" }) {
                entries[version].value = .number(170004)
                if let stmts = entries.firstIndex(where: { $0.key == "stmts" }) {
                    entries[stmts].value = .array(entries[stmts].value.items + [setExpression])
                }
            }
            if let kind = node.tagged?.kind, let added = addedFields[kind], case .object(let inner) = entries[0].value {
                let extra = added.filter { name, _ in inner[name] == nil }.map { (key: $0.0, value: $0.1) }
                return .object(PgFields([(kind, .object(PgFields(inner.entries + extra)))]))
            }
            return .object(PgFields(entries))
        case .array(let items):
            return .array(items.map(seventeen))
        default:
            return node
        }
    }

    private func findings(_ fixture: String, reshape: (@Sendable (PgNode) -> PgNode)?) throws -> [Finding] {
        PgQuery.reshapeTree = reshape
        defer { PgQuery.reshapeTree = nil }
        let registry = SQLTestRegistry.make(values: ["message", "other", "ride_update"])
        return try SQLSourceCheck.findings(in: CheckContext(registry: registry, tree: try SQLTestRegistry.fixture(fixture)))
    }

    func testSeventeenShapedTreesGiveTheFindingsFifteenGives() throws {
        for fixture in ["history-messy", "history-enum", "history-dropped", "history-naming"] {
            let fifteen = try findings(fixture, reshape: nil)
            XCTAssertEqual(try findings(fixture, reshape: Self.seventeen), fifteen, fixture)
        }
    }

    func testTheReshapingReachesTheNodesTheReadersUse() throws {
        let tree = try PgQuery.parse("""
            CREATE TABLE notifications (type text NOT NULL CONSTRAINT valid_notification_type CHECK (type IN ('a')));
            ALTER TABLE notifications DROP CONSTRAINT valid_notification_type;
            SELECT create_notification(1, 'a');
            """).get()
        let reshaped = Self.seventeen(tree)
        XCTAssertEqual(reshaped["version"]?.int, 170004)
        var added = 0
        reshaped.forEachTagged { kind, body, _ in
            added += (Self.addedFields[kind] ?? []).filter { body[$0.0] != nil }.count
        }
        XCTAssertGreaterThanOrEqual(added, 8, "ColumnDef, Constraint, CreateStmt, AlterTableCmd, FuncCall, A_Const gained fields")
        XCTAssertEqual(reshaped["stmts"]?.items.count, 4, "and a statement only 17 parses")
    }

    /// The comparison above can fail: a tree whose constraint kinds are renamed (as a grammar change would) loses
    /// the constraint, and the findings change.
    func testARenamedFieldChangesTheFindings() throws {
        let renamed: @Sendable (PgNode) -> PgNode = { node in
            PgNode.decode(Postgres17ShapeTests.render(node).replacingOccurrences(of: "\"contype\"", with: "\"constraint_type\""))!
        }
        XCTAssertNotEqual(try findings("history-messy", reshape: renamed), try findings("history-messy", reshape: nil))
    }

    /// JSON text of a node.
    static func render(_ node: PgNode) -> String {
        switch node {
        case .object(let fields):
            return "{" + fields.entries.map { "\(render(.string($0.key))): \(render($0.value))" }.joined(separator: ", ") + "}"
        case .array(let items):
            return "[" + items.map(render).joined(separator: ", ") + "]"
        case .string(let text):
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        case .number(let n):
            return String(n)
        case .null:
            return "null"
        }
    }
}
