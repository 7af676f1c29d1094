import ContractsCore
@testable import ContractsSQL
import Foundation
import XCTest

/// Skipping function bodies and DO blocks that cannot matter (`BodyRelevance`) changes no finding: every
/// fixture app's SQL findings, with the registry's relevance and with every body read, are the same; and
/// the decoys (an unrelated body; a body that only names the table in upper case, or creates an ENUM type
/// the column may later use; an RPC body that names nothing) are read or skipped as they must be.
final class BodyRelevanceTests: XCTestCase {
    private static let fixtureApps: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("ContractsCheckTests/Fixtures")

    func testEveryFixtureAppHasTheSameSQLFindingsAsWhenEveryBodyIsRead() throws {
        let apps = try FileManager.default.contentsOfDirectory(atPath: Self.fixtureApps.path).sorted()
            .filter { FileManager.default.fileExists(atPath: Self.fixtureApps.appendingPathComponent("\($0)/registry.yaml").path) }
        XCTAssertGreaterThanOrEqual(apps.count, 6)
        var skipped = 0
        for app in apps {
            let root = Self.fixtureApps.appendingPathComponent(app)
            let text = try String(contentsOf: root.appendingPathComponent("registry.yaml"), encoding: .utf8)
            let registry = try RegistryLoader.load(text: text, file: "registry.yaml")
            let context = CheckContext(registry: registry, tree: DiskTree(root: root))
            let filtered = try SQLAnalysis.load(context, relevance: BodyRelevance(registry))
            let full = try SQLAnalysis.load(context, relevance: .all)
            XCTAssertEqual(filtered.findings, full.findings, app)
            XCTAssertEqual(filtered.effectiveConstraint, full.effectiveConstraint, app)
            let count = { (a: SQLAnalysis) in a.facts.history.migrations.reduce(0) { $0 + $1.statements.count + $1.functions.reduce(0) { $0 + $1.body.count } } }
            skipped += count(full) - count(filtered)
        }
        XCTAssertGreaterThan(skipped, 0, "some fixture body must be skipped, or this test compares nothing")
    }

    private func registry(rpc: String? = nil, enumType: Bool = false) -> Registry {
        var registry = SQLTestRegistry.make(values: ["message", "other"],
                                            payloads: rpc.map { [SQLTestRegistry.payload("Counts", rpc: $0, keys: ["n"])] } ?? [],
                                            emitters: [FunctionEmitter(function: "public.create_notification", argument: 2, location: SQLTestRegistry.here)])
        if enumType { registry.notificationTypes!.sql!.enumType = SQLTypeName(schema: "public", name: "note_kind") }
        return registry
    }

    func testBodiesAreReadWhenTheyMayMatterAndSkippedOtherwise() {
        let relevance = BodyRelevance(registry(rpc: "get_counts"))
        XCTAssertFalse(relevance.mayMatter("BEGIN INSERT INTO audit_log (row_id) VALUES (NEW.id); RETURN NEW; END;", function: "public.audit"))
        XCTAssertTrue(relevance.mayMatter("BEGIN UPDATE PUBLIC.NOTIFICATIONS SET READ = true; END;", function: "public.mark"))
        XCTAssertTrue(relevance.mayMatter("BEGIN PERFORM Create_Notification(uid, 'x'); END;", function: "public.f"))
        XCTAssertTrue(relevance.mayMatter("BEGIN RETURN jsonb_build_object('a', 1); END;", function: "public.f"))
        XCTAssertTrue(relevance.mayMatter("BEGIN CREATE TYPE mood AS ENUM ('a'); END;", function: nil))
        XCTAssertTrue(relevance.mayMatter(#"BEGIN UPDATE U&"\006Eotifications" SET x = 1; END;"#, function: nil))
        XCTAssertTrue(relevance.mayMatter("SELECT 1", function: "public.get_counts"), "an RPC's body is always read")
        XCTAssertFalse(relevance.mayMatter("SELECT 1", function: "other.get_counts"))
        XCTAssertTrue(BodyRelevance.all.mayMatter("SELECT 1", function: nil))
        XCTAssertTrue(BodyRelevance(registry(enumType: true)).mayMatter("BEGIN ALTER TABLE t ALTER COLUMN c SET DEFAULT 'x'::Note_Kind; END;", function: nil))
    }

    /// A skipped body still reports its syntax error, where reading it would.
    func testASkippedBodyStillReportsItsSyntaxError() throws {
        let sql = """
            CREATE FUNCTION public.audit() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              INSERT INTO audit_log (row_id) VALUES (NEW.id)
              RETURN NEW;
            END;
            $$;
            CREATE FUNCTION public.count_rows() RETURNS bigint LANGUAGE sql AS $$ SELECT count(*) FROM audit_log WHERE $$;
            DO $$ BEGIN PERFORM 1 +; END $$;
            """
        let context = SQLTestRegistry.context(["database/001_x.sql": sql])
        let filtered = try SQLAnalysis.load(context, relevance: BodyRelevance(context.registry))
        let full = try SQLAnalysis.load(context, relevance: .all)
        XCTAssertEqual(filtered.syntaxErrors.count, 3, "\(filtered.syntaxErrors)")
        XCTAssertEqual(filtered.findings, full.findings)
        XCTAssertEqual(filtered.facts.history.migrations[0].unparsed, full.facts.history.migrations[0].unparsed)
    }
}
