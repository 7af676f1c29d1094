@testable import ContractsCheck
import ContractsCore
import ContractsFixtureApps
import ContractsMigrations
import ContractsSwiftSource
import ContractsTestSupport
import ContractsTypeScriptSource
import Foundation
import XCTest

/// PostgreSQL 15 itself as the oracle of `unknown-column` on what the app's queries name: the names fixture apps'
/// migrations applied, every column a query names of its own relation (selected, filtered — `.or()` trees included —,
/// ordered, written, a key of an `Encodable` row another file declares) is selected from that relation, and the
/// ones PostgreSQL refuses (42703) must be exactly those the findings name, at the same places.
final class SchemaNameOracleTests: XCTestCase {
    /// Supabase's own objects the fixtures' migrations use.
    static let stubs = """
        DO $$ BEGIN CREATE ROLE anon NOLOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$;
        DO $$ BEGIN CREATE ROLE authenticated NOLOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$;
        CREATE SCHEMA auth;
        CREATE TABLE auth.users (id uuid PRIMARY KEY, email text, banned_until timestamptz);
        CREATE FUNCTION auth.uid() RETURNS uuid LANGUAGE sql STABLE AS 'SELECT NULL::uuid';
        CREATE SCHEMA storage;
        CREATE TABLE storage.objects (id uuid PRIMARY KEY, bucket_id text, name text, owner_id text);

        """

    func testTheColumnsPostgresRefusesAreTheOnesReported() throws {
        var refusedByApp: [String: Set<String>] = [:]
        for app in ["names-app-drift", "names-app-clean"] {
            let root = try FixtureApp.copy(app, for: self, generated: false)
            let (registry, tree) = try FixtureApp.load(root)
            let context = CheckContext(registry: registry, tree: tree)
            let reported = Set(try SchemaNamesCheck.findings(in: context, schema: SchemaNamesCheck.replayedSchema)
                .filter { $0.ruleID == Rule.unknownColumn.id }.map { "\($0.location)" })

            let swift = try context.swiftSources().map { SchemaUseReader.uses(path: $0, text: try tree.readText($0)) }
            let typescript = try context.typescriptSources().map { TSSchemaUseReader.uses(path: $0, text: try tree.readText($0)) }
            let uses = try SchemaNamesCheck.joinEncodedTypes(swift, paths: context.swiftSources(), cache: NoCheckerCache(tree)) + typescript

            let database = try SQLTestDatabase.create()
            defer { database.drop() }
            try database.succeed(Self.stubs)
            for file in try MigrationCatalog.replayOrder(registry, tree: tree) {
                try database.succeed(try tree.readText(file.path))
            }
            var refused: Set<String> = []
            var asked = 0
            for use in uses.flatMap(\.queries) {
                let relation = "\"\(use.schema)\".\"\(use.relation)\""
                guard try database.succeed("SELECT to_regclass('\(relation)') IS NOT NULL;").contains("t") else { continue }
                for column in use.columns {
                    asked += 1
                    let name = column.name.replacingOccurrences(of: "\"", with: "\"\"")
                    let result = try database.run("SELECT \"\(name)\" FROM \(relation) LIMIT 0;")
                    if result.stderr.contains("ERROR:  42703:") { refused.insert("\(column.location)") }
                }
            }
            XCTAssertGreaterThan(asked, 40, app)
            XCTAssertEqual(reported, refused, "\(app): reported by unknown-column vs refused by PostgreSQL")
            refusedByApp[app] = refused
        }
        // The oracle can fail: the drift app's planted columns are refused (the `.or()` filters and the other file's
        // row type among them), the clean app's are not.
        let drift = try XCTUnwrap(refusedByApp["names-app-drift"])
        for place in ["DealsApp/Deals/DealHistory.swift:73:30", "supabase/functions/rate-digest/index.ts:22:50", "DealsApp/Models/NewBookmark.swift:7:9"] {
            XCTAssertTrue(drift.contains(place), "\(place) in \(drift.sorted())")
        }
        XCTAssertEqual(refusedByApp["names-app-clean"], [])
    }
}
