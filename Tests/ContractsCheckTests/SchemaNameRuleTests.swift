@testable import ContractsCheck
import ContractsCore
import ContractsSwiftSource
import ContractsTypeScriptSource
import XCTest

/// The name rules over schemas built by hand (the replay's own tests hold the replay to PostgreSQL).
final class SchemaNameRuleTests: XCTestCase {
    typealias S = ProjectSchema
    static let here = SourceLocation(file: "database/001.sql", line: 1, column: 1)

    static func table(_ name: String, _ columns: [S.Column], keys: [S.ForeignKey] = [], schema: String = "public",
                      triggers: Set<String>? = [], complete: Bool = true, kind: S.RelationKind = .table,
                      dropped: [String: SourceLocation] = [:]) -> S.Relation {
        S.Relation(name: S.Name(schema: schema, name), kind: kind, columns: columns, columnsComplete: complete, foreignKeys: keys,
                   assignedByTriggers: triggers, droppedColumns: dropped, location: here)
    }

    static func col(_ name: String, notNull: Bool = false, hasDefault: Bool = false) -> S.Column {
        S.Column(name: name, type: "text", notNull: notNull, hasDefault: hasDefault, location: here)
    }

    static func fk(_ columns: [String], _ table: String, name: String? = nil, schema: String = "public") -> S.ForeignKey {
        S.ForeignKey(name: name, columns: columns, references: S.Name(schema: schema, table), referencedColumns: ["id"])
    }

    static let schema: ProjectSchema = {
        let relations = [
            table("venues", [col("id", notNull: true, hasDefault: true), col("name", notNull: true), col("location")]),
            table("deals", [col("id", notNull: true, hasDefault: true), col("venue_id", notNull: true), col("title", notNull: true)],
                  keys: [fk(["venue_id"], "venues", name: "deals_venue_id_fkey")]),
            table("deal_ratings", [col("id", notNull: true, hasDefault: true), col("deal_id", notNull: true), col("user_id", notNull: true),
                                   col("stars", notNull: true)],
                  keys: [fk(["deal_id"], "deals", name: "deal_ratings_deal_id_fkey"), fk(["user_id"], "users", name: "deal_ratings_user_id_fkey", schema: "auth")]),
            table("bookmarks", [col("user_id", notNull: true), col("deal_id", notNull: true)],
                  keys: [fk(["user_id"], "users", name: "bookmarks_user_id_fkey", schema: "auth"), fk(["deal_id"], "deals", name: "bookmarks_deal_id_fkey")]),
            table("user_profiles", [col("id", notNull: true), col("display_name")], keys: [fk(["id"], "users", name: "user_profiles_id_fkey", schema: "auth")]),
            table("posts", [col("id", notNull: true), col("author_id", notNull: true)], triggers: ["author_id"]),
            table("audit", [col("id", notNull: true), col("who", notNull: true)], triggers: nil),
            table("league_members", [col("id"), col("eliminated_in_gameweek_id")], dropped: ["eliminated_gameweek": SourceLocation(file: "database/009.sql", line: 12, column: 1)]),
            table("loose", [col("id")], complete: false),
            table("deal_view", [col("id"), col("title")], kind: .view),
            table("users", [col("id"), col("email")], schema: "auth", complete: false),
            table("events", [col("id"), col("payload")], schema: "analytics"),
        ]
        var schema = ProjectSchema(
            relations: Dictionary(uniqueKeysWithValues: relations.map { ($0.name, $0) }),
            functions: [
                S.Name("nearby_deals"): [S.Function(name: S.Name("nearby_deals"), arguments: [
                    S.Argument(name: "p_lat", type: "float8"), S.Argument(name: "p_lng", type: "float8"),
                    S.Argument(name: "p_radius", type: "int", hasDefault: true),
                ], location: here)],
                S.Name("search"): [
                    S.Function(name: S.Name("search"), arguments: [S.Argument(name: "q", type: "text")]),
                    S.Function(name: S.Name("search"), arguments: [S.Argument(name: "q", type: "text"), S.Argument(name: "lim", type: "int")]),
                ],
                S.Name("webhook"): [S.Function(name: S.Name("webhook"), arguments: [S.Argument(name: nil, type: "jsonb")])],
                S.Name("full_title"): [S.Function(name: S.Name("full_title"), arguments: [S.Argument(name: nil, type: "deals")])],
            ],
            dropped: [S.Name("ratings"): SourceLocation(file: "database/004.sql", line: 3, column: 1)],
            unknownSchemas: ["auth"])
        schema.schemas = ["public", "analytics"]
        return schema
    }()

    private func findings(swift: String = "", ts: String = "", schema: ProjectSchema = schema) -> [Finding] {
        var uses: [SchemaUses] = []
        if !swift.isEmpty { uses.append(SchemaUseReader.uses(path: "App/A.swift", text: swift)) }
        if !ts.isEmpty { uses.append(TSSchemaUseReader.uses(path: "supabase/functions/f/index.ts", text: ts)) }
        return SchemaNamesCheck.findings(SchemaNameFacts(uses: uses, schema: schema)).sortedForReport()
    }

    private func lines(_ findings: [Finding]) -> [String] { findings.map { "\($0.ruleID) \($0.location): \($0.message)" } }

    func testUnknownTableSaysWhatExistsAndWhereItWasDropped() {
        let found = findings(swift: """
            func a() async throws {
                try await client.from("ratings").select("stars").execute()
                try await client.from("venue").select().execute()
                try await client.from("deal_ratings").select("stars").execute()
                try await client.schema("analytics").from("events").select("payload").execute()
                try await client.schema("elsewhere").from("things").select("x").execute()
                try await client.from(table).select().execute()
            }
            """)
        XCTAssertEqual(lines(found), [
            "unknown-table App/A.swift:2:27: ratings is no table or view the migrations create; did you mean deal_ratings?; ratings was dropped or renamed in database/004.sql:3; PostgREST answers 404 (PGRST205) to every request",
            "unknown-table App/A.swift:3:27: venue is no table or view the migrations create; did you mean venues?; PostgREST answers 404 (PGRST205) to every request",
        ])
        XCTAssertEqual(found.map(\.subject), [.relation(name: "ratings"), .relation(name: "venue")])
    }

    /// Migrations that lack most of the tables the app queries (at least 3) do not describe its schema: it was made
    /// before them (in the dashboard) or is kept elsewhere, and no table is judged missing. Half or fewer missing: each
    /// is reported.
    func testMigrationsThatLackMostOfTheAppsTablesAreNoContract() {
        let query = { (table: String) in "    try await client.from(\"\(table)\").select(\"id\").execute()\n" }
        let mostlyMissing = SchemaUseReader.uses(path: "App/A.swift", text: "func a() async throws {\n"
            + ["profiles", "rides", "messages", "venues"].map(query).joined() + "}\n")
        XCTAssertFalse(SchemaNamesCheck.describesTheApp(Self.schema, [mostlyMissing]))
        let halfMissing = SchemaUseReader.uses(path: "App/A.swift", text: "func a() async throws {\n"
            + ["profiles", "rides", "messages", "venues", "deals", "bookmarks"].map(query).joined() + "}\n")
        XCTAssertTrue(SchemaNamesCheck.describesTheApp(Self.schema, [halfMissing]))
        let twoMissing = SchemaUseReader.uses(path: "App/A.swift", text: "func a() async throws {\n"
            + ["profiles", "rides"].map(query).joined() + "}\n")
        XCTAssertTrue(SchemaNamesCheck.describesTheApp(Self.schema, [twoMissing]))
    }

    func testUnknownColumnsInSelectsFiltersOrderingWritesAndConflicts() {
        let found = findings(ts: """
            const { data } = await supabase.from('league_members').select('id, eliminated_gameweek').eq('id', 1)
            await supabase.from('venues').select(`id, name, latitude,
              deals(title, deal_title, venues(name))`).order('rank', { ascending: false }).order('x', { referencedTable: 'deals' })
            await supabase.from('bookmarks').upsert({ user_id: u, deal_id: d, note: 'x' }, { onConflict: 'user_id, deal' })
            await supabase.from('loose').select('whatever')
            await supabase.from('deal_view').select('id, title, venue')
            await supabase.from('deals').select('id, full_title, venues(*)').eq('venues.name', 'x')
            """)
        XCTAssertEqual(lines(found), [
            "unknown-column supabase/functions/f/index.ts:1:68: the query selects eliminated_gameweek, but league_members has no column eliminated_gameweek; did you mean eliminated_in_gameweek_id?; eliminated_gameweek was dropped or renamed in database/009.sql:12; PostgREST answers 400 (PGRST204/42703) to every request",
            "unknown-column supabase/functions/f/index.ts:2:49: the query selects latitude, but venues has no column latitude; PostgREST answers 400 (PGRST204/42703) to every request",
            "unknown-column supabase/functions/f/index.ts:3:16: the query selects deal_title, but deals has no column deal_title; PostgREST answers 400 (PGRST204/42703) to every request",
            "unknown-column supabase/functions/f/index.ts:3:51: the query orders by rank, but venues has no column rank; PostgREST answers 400 (PGRST204/42703) to every request",
            "unknown-column supabase/functions/f/index.ts:4:67: the query writes note, but bookmarks has no column note; PostgREST answers 400 (PGRST204/42703) to every request",
            "unknown-column supabase/functions/f/index.ts:4:104: the query names in onConflict deal, but bookmarks has no column deal; did you mean deal_id?; PostgREST answers 400 (PGRST204/42703) to every request",
            "unknown-column supabase/functions/f/index.ts:6:53: the query selects venue, but deal_view (a view) has no column venue; PostgREST answers 400 (PGRST204/42703) to every request",
        ])
    }

    func testEmbedsNeedAForeignKeyInEitherDirectionOrAHintThatNamesOne() {
        let found = findings(swift: """
            func a() async throws {
                _ = try await client.from("deal_ratings").select("stars, user_profiles!inner(display_name)").execute()
                _ = try await client.from("deal_ratings").select("stars, deals!inner(title, venues(name))").execute()
                _ = try await client.from("venues").select("name, deals(deal_ratings(stars))").execute()
                _ = try await client.from("deals").select("title, place:venue_id(name), v:deals_venue_id_fkey(name)").execute()
                _ = try await client.from("deals").select("title, venues!deals_wrong_fkey(name)").execute()
                _ = try await client.from("deals").select("title, venues!venue_id(name), bookmarks(user_id)").execute()
                _ = try await client.from("deals").select("title, nothing(x)").execute()
                _ = try await client.from("deal_view").select("title, venues(name)").execute()
                _ = try await client.from("venues").select("name, bookmarks(user_id)").execute()
            }
            """)
        XCTAssertEqual(lines(found), [
            "unknown-relationship App/A.swift:2:62: the select embeds user_profiles in deal_ratings, but no foreign key links deal_ratings and user_profiles in either direction (deal_ratings's foreign keys: deal_id → deals; user_id → auth.users); PostgREST answers 400 (PGRST200) to every request",
            "unknown-relationship App/A.swift:6:62: the select embeds venues!deals_wrong_fkey in deals, but the hint !deals_wrong_fkey names no foreign key between deals and venues (they are linked by deals_venue_id_fkey, venue_id); PostgREST answers 400 (PGRST200) to every request",
            "unknown-relationship App/A.swift:8:55: the select embeds nothing in deals, but nothing is no table or view, and no foreign key column or constraint of deals; PostgREST answers 400 (PGRST200) to every request",
            "unknown-relationship App/A.swift:10:55: the select embeds bookmarks in venues, but no foreign key links venues and bookmarks in either direction; PostgREST answers 400 (PGRST200) to every request",
        ])
    }

    func testRequiredColumnsOfInsertsAndUpserts() {
        let found = findings(swift: """
            struct NewRating: Encodable { let deal_id: UUID; let user_id: UUID; let stars: Int }
            struct Camel: Encodable { let dealId: UUID; let userId: UUID }
            func a(row: [String: String]) async throws {
                try await client.from("bookmarks").upsert(["deal_id": id], onConflict: "user_id,deal_id").execute()
                try await client.from("bookmarks").upsert(["deal_id": id, "user_id": me]).execute()
                try await client.from("bookmarks").update(["deal_id": id]).eq("user_id", value: me).execute()
                try await client.from("bookmarks").insert(row).execute()
                try await client.from("bookmarks").insert([["deal_id": a, "user_id": b], ["deal_id": c]]).execute()
                try await client.from("deal_ratings").insert(NewRating(deal_id: a, user_id: b, stars: 3)).execute()
                try await client.from("deal_ratings").insert(Camel(dealId: a, userId: b)).execute()
                try await client.from("posts").insert(["id": "1"]).execute()
                try await client.from("audit").insert(["id": "1"]).execute()
                try await client.from("venues").insert(["location": "x"]).execute()
            }
            """)
        XCTAssertEqual(lines(found), [
            "missing-required-column App/A.swift:4:40: this upsert into bookmarks leaves out user_id, which is NOT NULL with no default and no trigger that sets it; PostgreSQL refuses every row (23502)",
            "missing-required-column App/A.swift:8:40: this insert into bookmarks leaves out user_id, which is NOT NULL with no default and no trigger that sets it; PostgreSQL refuses every row (23502)",
            "missing-required-column App/A.swift:13:37: this insert into venues leaves out name, which is NOT NULL with no default and no trigger that sets it; PostgreSQL refuses every row (23502)",
        ])
        XCTAssertEqual(found.map(\.subject), [.relationColumn(relation: "bookmarks", column: "user_id"),
                                              .relationColumn(relation: "bookmarks", column: "user_id"),
                                              .relationColumn(relation: "venues", column: "name")])
    }

    func testRPCArgumentsAgainstEveryOverload() {
        let found = findings(swift: """
            struct Params: Encodable { let p_lat: Double; let p_lng: Double }
            func a(params: [String: Double]) async throws {
                try await client.rpc("nearby_deals", params: ["p_lat": 1.0, "p_lng": 2.0]).execute()
                try await client.rpc("nearby_deals", params: ["p_lat": 1.0, "p_lng": 2.0, "p_radius": 3]).execute()
                try await client.rpc("nearby_deals", params: Params(p_lat: 1, p_lng: 2)).execute()
                try await client.rpc("nearby_deals", params: params).execute()
                try await client.rpc("nearby_deals", params: ["p_lat": 1.0, "p_lng": 2.0, "radius": 3]).execute()
                try await client.rpc("nearby_deals", params: ["p_lat": 1.0]).execute()
                try await client.rpc("deals_nearby").execute()
                try await client.rpc("search", params: ["q": "a", "lim": 3]).execute()
                try await client.rpc("search", params: ["lim": 3]).execute()
                try await client.rpc("webhook", params: ["anything": 1]).execute()
            }
            """, ts: """
            await supabase.rpc('nearby_deals', { p_lat: 1, p_lng: 2, p_limit: 3 })
            await supabase.rpc('nearby_deals', { ...base })
            """)
        XCTAssertEqual(lines(found), [
            "rpc-argument-drift App/A.swift:7:79: nearby_deals takes no argument radius; did you mean p_radius? (it takes nearby_deals(p_lat, p_lng, p_radius = default)); PostgREST finds no function to call and answers 404 (PGRST202)",
            "rpc-argument-drift App/A.swift:8:26: this call of nearby_deals leaves out p_lng, which it requires (it takes nearby_deals(p_lat, p_lng, p_radius = default)); PostgREST finds no function to call and answers 404 (PGRST202)",
            "rpc-argument-drift App/A.swift:9:26: deals_nearby is no function the migrations create; did you mean nearby_deals?; PostgREST answers 404 (PGRST202) to every call",
            "rpc-argument-drift App/A.swift:11:26: no overload of search takes the arguments sent (lim); it is defined as search(q) and search(q, lim); PostgREST answers 404 (PGRST202)",
            "rpc-argument-drift supabase/functions/f/index.ts:1:58: nearby_deals takes no argument p_limit (it takes nearby_deals(p_lat, p_lng, p_radius = default)); PostgREST finds no function to call and answers 404 (PGRST202)",
        ])
    }

    func testADecodedRowNeedsItsKeysSelected() {
        let found = findings(swift: """
            struct DealRow: Decodable {
                let id: UUID
                let title: String
                let venue_id: UUID?
            }
            func a() async throws -> [DealRow] {
                let rows: [DealRow] = try await client.from("deals").select("id, venue_id").execute().value
                let all: [DealRow] = try await client.from("deals").select().execute().value
                let renamed = try await client.from("deals").select("id, title:venue_id").execute().value as [DealRow]
                return rows + all + renamed
            }
            """)
        XCTAssertEqual(lines(found), [
            "payload-shape-drift App/A.swift:3:9: DealRow decodes \"title\" from rows of deals, but the select does not return it (it returns \"id\", \"venue_id\"); the decode throws on every call",
        ])
    }

    /// A statement the replay cannot follow (a `DO` block) that names `deals` may have added columns and keys to
    /// it: its columns and its relationships are unknown, but a relationship between two tables it never names is
    /// still judged.
    func testAnUnreadableStatementLeavesUnknownOnlyWhatItNames() {
        var schema = Self.schema
        schema.relations[S.Name("deals")]!.columnsComplete = false
        schema.relations[S.Name("deals")]!.foreignKeysComplete = false
        schema.unknownNames = ["deals", "promo_code"]
        let found = findings(swift: """
            func a() async throws {
                _ = try await client.from("deals").select("id, promo_code, user_profiles(display_name)").execute()
                _ = try await client.from("deal_ratings").select("stars, user_profiles(display_name)").execute()
                _ = try await client.from("venues").select("name, deals(promo_code)").execute()
            }
            """, schema: schema)
        // No key to user_profiles can have been added by a statement that does not name it.
        XCTAssertEqual(found.map { "\($0.ruleID) \($0.location.line)" }, ["unknown-relationship 2", "unknown-relationship 3"])
        // Once it names user_profiles too, a key from deals to it may exist.
        schema.unknownNames.insert("user_profiles")
        let after = findings(swift: """
            func a() async throws {
                _ = try await client.from("deals").select("id, user_profiles(display_name)").execute()
            }
            """, schema: schema)
        XCTAssertEqual(after, [])
    }

    /// A sequence is no name drift of these rules (PostgREST does not expose one: silent); a schema where an extension
    /// the replay does not know was created holds unknown relations, but the known ones are judged.
    func testSequencesAndUnknownExtensionsAreSilent() {
        var schema = Self.schema
        let sequence = Self.table("ticket_seq", [Self.col("last_value"), Self.col("log_cnt"), Self.col("is_called")], kind: .sequence)
        schema.relations[sequence.name] = sequence
        schema.unknownRelationSchemas = ["analytics"]
        XCTAssertEqual(lines(findings(ts: """
            await supabase.from('ticket_seq').select('last_value, nope')
            await supabase.schema('analytics').from('extension_made').select('x')
            await supabase.schema('analytics').from('events').select('payload, nope')
            """, schema: schema)), [
            "unknown-column supabase/functions/f/index.ts:3:68: the query selects nope, but analytics.events has no column nope; PostgREST answers 400 (PGRST204/42703) to every request",
        ])
    }

    func testNothingIsJudgedAgainstAnUnknownSchema() {
        var schema = Self.schema
        schema.unknownSchemas = ["public"]
        XCTAssertEqual(findings(swift: """
            func a() async throws {
                try await client.from("ratings").insert(["x": 1]).execute()
                try await client.rpc("nope", params: ["a": 1]).execute()
            }
            """, schema: schema), [])
    }
}
