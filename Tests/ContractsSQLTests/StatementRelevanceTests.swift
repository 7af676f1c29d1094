import ContractsCore
@testable import ContractsSQL
import Foundation
import XCTest

/// Leaving out the trees of statements no rule reads (`BodyRelevance.keepsTree`, `PgJSONDecoder.decodeParseTree`)
/// changes no finding: the decoder keeps exactly the statements asked for, and statements that may name the
/// registry's table, column or an emitter (in any case, Unicode-escaped or non-ASCII) are kept.
final class StatementRelevanceTests: XCTestCase {
    private static let testsRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    /// Kept statements decode exactly as `decode` decodes them; dropped ones keep their location and length
    /// and lose only `stmt`; on every SQL fixture of the test suite.
    func testParseTreeDecodingKeepsExactlyTheStatementsAsked() throws {
        let files = FileManager.default.enumerator(at: Self.testsRoot, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "sql" }
        var dropped = 0
        for file in files {
            guard let json = PgQuery.json(String(decoding: try Data(contentsOf: file), as: UTF8.self)).tree else { continue }
            let full = try XCTUnwrap(PgNode.decode(json), file.lastPathComponent)
            var text = json
            let all = text.withUTF8 { PgJSONDecoder.decodeParseTree($0) { _, _, _ in true } }
            XCTAssertEqual(all, full, file.lastPathComponent)
            // Every other statement by position, and never a CreateStmt.
            var index = 0
            var kinds: [String] = []
            let some = text.withUTF8 { bytes in
                PgJSONDecoder.decodeParseTree(bytes) { kind, _, _ in
                    defer { index += 1 }
                    kinds.append(kind)
                    return kind != "CreateStmt" && index % 2 == 0
                }
            }
            let expected = (full["stmts"]?.items ?? []).enumerated().map { i, raw -> PgNode in
                guard case .object(let fields) = raw else { return raw }
                if i % 2 == 0, raw["stmt"]?.tagged?.kind != "CreateStmt" { return raw }
                return .object(PgFields(fields.entries.filter { $0.key != "stmt" }))
            }
            XCTAssertEqual(some?["stmts"], .array(expected), file.lastPathComponent)
            XCTAssertEqual(some?["version"], full["version"])
            XCTAssertEqual(kinds, (full["stmts"]?.items ?? []).compactMap { $0["stmt"]?.tagged?.kind }, file.lastPathComponent)
            dropped += expected.filter { $0["stmt"] == nil }.count
        }
        XCTAssertGreaterThan(dropped, 50)
    }

    /// Stepping over a statement respects strings: braces, brackets, quotes and backslashes inside them.
    func testSteppingOverStatementsWithTrickyStrings() throws {
        let sql = #"""
            SELECT '{[}]"\\', E'\\"}', '\';
            CREATE TABLE t (c text DEFAULT '}]"');
            SELECT 1;
            """#
        let json = try XCTUnwrap(PgQuery.json(sql).tree)
        var text = json
        let kept = text.withUTF8 { PgJSONDecoder.decodeParseTree($0) { kind, _, _ in kind == "CreateStmt" } }
        let full = try XCTUnwrap(PgNode.decode(json))
        let statements = try XCTUnwrap(kept?["stmts"]?.items)
        XCTAssertEqual(statements.count, 3)
        XCTAssertNil(statements[0]["stmt"])
        XCTAssertEqual(statements[1]["stmt"], full["stmts"]?.items[1]["stmt"])
        XCTAssertNil(statements[2]["stmt"])
        XCTAssertEqual(statements.map { $0["stmt_location"] }, (full["stmts"]?.items ?? []).map { $0["stmt_location"] })
        XCTAssertEqual(statements.map { $0["stmt_len"] }, (full["stmts"]?.items ?? []).map { $0["stmt_len"] })
        for broken in [#"{"stmts": [{"stmt": {"A": "x}]}"#, #"{"stmts": [{"stmt": {"A": 1}}"#, #"{"stmts": [{"stmt": }]}"#] {
            var text = broken
            XCTAssertNil(text.withUTF8 { PgJSONDecoder.decodeParseTree($0) { _, _, _ in false } }, broken)
        }
    }

    private func keeps(_ relevance: BodyRelevance, _ kind: String, _ sql: String) -> Bool {
        let lowered = BodyRelevance.lowercasedASCII(Array(sql.utf8))
        return lowered.withUnsafeBufferPointer { relevance.keepsTree(kind: kind, $0, 0 ..< $0.count) }
    }

    func testStatementsThatMayNameTheTableColumnOrAnEmitterAreKept() {
        let registry = SQLTestRegistry.make(
            values: ["message", "other"],
            emitters: [FunctionEmitter(function: "public.create_notification", argument: 2, location: SQLTestRegistry.here)])
        let relevance = BodyRelevance(registry)
        XCTAssertFalse(keeps(relevance, "CreateStmt", "CREATE TABLE rides (id bigint, seats int)"))
        XCTAssertFalse(keeps(relevance, "IndexStmt", "CREATE INDEX rides_seats ON rides (seats)"))
        XCTAssertTrue(keeps(relevance, "CreateStmt", "CREATE TABLE PUBLIC.NOTIFICATIONS (id bigint)"))
        XCTAssertTrue(keeps(relevance, "UpdateStmt", "UPDATE rides SET Type = 'x'"), "the column, in any case")
        XCTAssertTrue(keeps(relevance, "SelectStmt", "SELECT Public.Create_Notification(1, 'x')"))
        XCTAssertTrue(keeps(relevance, "UpdateStmt", #"UPDATE rides SET U&"\0074ype" = 'x'"#))
        XCTAssertTrue(keeps(relevance, "UpdateStmt", "UPDATE rides SET \"\u{212A}ind\" = 'x'"), "non-ASCII: always kept")
        for kind in BodyRelevance.treeKinds {
            XCTAssertTrue(keeps(relevance, kind, "DROP TABLE rides"), kind)
        }
        XCTAssertTrue(keeps(.all, "CreateStmt", "CREATE TABLE rides (id bigint)"))
    }

    /// Every SQL fixture history (and the fuzz corpus's migrations) gives the same findings, replay and
    /// literals with the trees no rule reads left out as with every tree read.
    func testEverySQLFixtureHasTheSameFindingsAsWhenEveryTreeIsRead() throws {
        let registry = SQLTestRegistry.make(
            values: ["message", "other", "ride_update"],
            emitters: [FunctionEmitter(function: "public.create_notification", argument: 2, location: SQLTestRegistry.here)])
        var trees: [any FileTree] = []
        for fixture in ["history-broken", "history-dropped", "history-enum", "history-messy", "history-naming"] {
            trees.append(try SQLTestRegistry.fixture(fixture))
        }
        // Every SQL file of the test suite (fixture apps, fuzz corpus, ...) on its own, as a one-file history.
        let files = FileManager.default.enumerator(at: Self.testsRoot, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "sql" }
        XCTAssertGreaterThan(files.count, 50)
        for file in files {
            trees.append(MemoryTree(text: ["database/001_x.sql": String(decoding: try Data(contentsOf: file), as: UTF8.self)]))
        }
        var left = 0
        for tree in trees {
            let context = CheckContext(registry: registry, tree: tree)
            let filtered = try SQLAnalysis.load(context, relevance: BodyRelevance(registry))
            XCTAssertNotNil(filtered.facts.history.migrations.first)
            let full = try SQLAnalysis.load(context, relevance: .all)
            XCTAssertEqual(filtered.findings, full.findings)
            XCTAssertEqual(filtered.effectiveConstraint, full.effectiveConstraint)
            XCTAssertEqual(filtered.effectiveEnum, full.effectiveEnum)
            XCTAssertEqual(filtered.valueSetBlockers, full.valueSetBlockers)
            // Live functions' literals come in dictionary order: compared as sets.
            let writes = { (a: SQLAnalysis) in Set(a.unregisteredWrites.map { "\($0.value) \($0.location)" }) }
            XCTAssertEqual(writes(filtered), writes(full))
            left += full.facts.history.migrations.reduce(0) { $0 + $1.statements.count }
                - filtered.facts.history.migrations.reduce(0) { $0 + $1.statements.count }
        }
        XCTAssertGreaterThan(left, 0, "some fixture statement must be left out, or this test compares nothing")
    }
}
