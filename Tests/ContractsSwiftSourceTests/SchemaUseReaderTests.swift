import ContractsCore
import ContractsSwiftSource
import XCTest

/// What the Swift reader takes from supabase-swift query chains, and what it leaves alone.
final class SchemaUseReaderTests: XCTestCase {
    private func uses(_ text: String) -> SchemaUses { SchemaUseReader.uses(path: "App/Feed.swift", text: text) }

    private func columns(_ use: SchemaUse) -> [String] { use.columns.map { "\($0.role.rawValue) \($0.name) \($0.location.line):\($0.location.column)" } }

    func testAChainsSelectFiltersOrderingAndSchema() throws {
        let found = uses(#"""
            final class FeedService {
                func load(id: UUID) async throws -> [Row] {
                    let rows: [Row] = try await supabase
                        .schema("social")
                        .from("posts")
                        .select("""
                            id, body,
                            author:profiles!posts_author_id_fkey(display_name, avatar_url),
                            meta->>kind
                            """)
                        .eq("author_id", value: id)
                        .in("status", values: ["a", "b"])
                        .not("deleted_at", operator: .is, value: "null")
                        .order("created_at", ascending: false)
                        .order("name", referencedTable: "profiles")
                        .eq("profiles.display_name", value: "x")
                        .match(["kind": "text"])
                        .limit(20)
                        .execute()
                        .value
                    return rows
                }
            }
            """#)
        XCTAssertEqual(found.queries.count, 1)
        let use = try XCTUnwrap(found.queries.first)
        XCTAssertEqual(use.schema, "social")
        XCTAssertEqual(use.relation, "posts")
        XCTAssertEqual(use.location.line, 5)
        XCTAssertEqual(columns(use), [
            "selected id 7:17", "selected body 7:21", "selected meta 9:17",
            "filtered author_id 11:18", "filtered status 12:18", "filtered deleted_at 13:19", "ordered created_at 14:21",
            "filtered kind 17:21",
        ])
        XCTAssertEqual(use.embeds.map(\.name), ["profiles"])
        XCTAssertEqual(use.embeds.first?.hint, "posts_author_id_fkey")
        XCTAssertEqual(use.embeds.first.map { "\($0.location.line):\($0.location.column)" }, "8:24")
        XCTAssertEqual(use.embeds.first?.columns.map(\.name), ["display_name", "avatar_url"])
        XCTAssertEqual(use.selectedKeys, ["id", "body", "kind", "author"])
        XCTAssertNil(use.decode, "Row is declared in no file read here")
    }

    func testWritesWithDictionariesEncodableRowsAndConflicts() throws {
        let found = uses("""
            struct NewBookmark: Encodable {
                let dealID: UUID
                let userID: UUID
                enum CodingKeys: String, CodingKey {
                    case dealID = "deal_id"
                    case userID = "user_id"
                }
            }
            struct CamelRow: Encodable { let dealId: UUID; let note: String? }
            struct ByHand: Encodable { let a: Int; func encode(to encoder: Encoder) throws {} }
            func save(_ id: UUID, user: UUID, rows: [[String: String]]) async throws {
                try await client.from("bookmarks").upsert(["deal_id": id.uuidString], onConflict: "user_id, deal_id").execute()
                try await client.from("bookmarks").insert(NewBookmark(dealID: id, userID: user)).execute()
                try await client.from("bookmarks").insert(CamelRow(dealId: id, note: nil)).execute()
                try await client.from("bookmarks").insert(ByHand(a: 1)).execute()
                try await client.from("bookmarks").insert(rows).execute()
                try await client.from("bookmarks").update(["note": "x"]).eq("deal_id", value: id).execute()
                try await client.from("bookmarks").insert([["deal_id": "a", "user_id": "b"], ["deal_id": "c"]]).execute()
            }
            """)
        let writes = found.queries.map { $0.write.map { "\($0.kind.rawValue) \($0.keys.map { $0.joined(separator: ",") } ?? "?")" } ?? "-" }
        XCTAssertEqual(writes, ["upsert deal_id", "insert deal_id,user_id", "insert ?", "insert ?", "insert ?", "update note", "insert deal_id"])
        XCTAssertEqual(columns(found.queries[0]), ["written deal_id 12:48", "conflict user_id 12:88", "conflict deal_id 12:97"])
        XCTAssertEqual(columns(found.queries[1]), ["written deal_id 5:23", "written user_id 6:23"])
        // `dealId` may be sent as `deal_id` by a client encoder that converts to snake_case: not judged.
        XCTAssertEqual(columns(found.queries[2]), ["written note 9:52"])
        XCTAssertEqual(found.queries[5].columns.map(\.name), ["note", "deal_id"])
        XCTAssertEqual(found.queries[6].columns.map(\.name), ["deal_id", "user_id", "deal_id"])
    }

    func testRPCArguments() {
        let found = uses("""
            struct Params: Encodable { let p_lat: Double; let p_lng: Double }
            func call(params: [String: Double]) async throws {
                try await client.rpc("nearby", params: ["p_lat": 1, "p_lng": 2]).execute()
                try await client.rpc("nearby", params: Params(p_lat: 1, p_lng: 2)).execute()
                try await client.rpc("nearby", params: params).execute()
                try await client.rpc("nothing").execute()
                try await client.schema("ops").rpc("tick", count: .exact).execute()
                try await client.rpc(name).execute()
            }
            """)
        XCTAssertEqual(found.rpcs.map { "\($0.schema).\($0.name) \($0.arguments.map { $0.keys.sorted().joined(separator: ",") } ?? "?")" }, [
            "public.nearby p_lat,p_lng", "public.nearby p_lat,p_lng", "public.nearby ?", "public.nothing ", "ops.tick ",
        ])
    }

    func testWhatIsNoQueryOrCannotBeReadIsLeftOut() {
        let found = uses(#"""
            func from(_ s: String) -> [String] { [s] }
            func decoys(table: String, schema: String) async throws {
                _ = from("nope")
                _ = Publishers.Sequence.from("ratings").map { $0 }
                try await client.storage.from("avatars").upload("a.png", data: Data())
                try await supabase.storage.from("avatars").remove(paths: ["a"])
                try await client.from(table).select("id").execute()
                try await client.from("t_\(table)").select("id").execute()
                try await client.schema(schema).from("things").select("id").execute()
                let q = client.from("orders")
                try await client.from("deals").select(columns).execute()
                try await client.from("deals").select("id, \(extra)").execute()
            }
            """#)
        XCTAssertEqual(found.queries.map(\.relation), ["deals", "deals"])
        // A select that cannot be read names nothing and returns nothing known.
        XCTAssertEqual(found.queries.map(\.columns.count), [0, 0])
        XCTAssertEqual(found.queries.map(\.selectedKeys), [nil, nil])
        XCTAssertEqual(found.rpcs, [])
    }

    func testADecodedRowBoundToItsQuery() throws {
        let found = uses("""
            struct Venue: Decodable {
                let id: UUID
                let name: String
                let city: String?
                enum CodingKeys: String, CodingKey { case id, name = "venue_name", city }
            }
            func venues() async throws -> [Venue] {
                try await client.from("venues").select("id, venue_name").execute().value
            }
            func one() async throws {
                let v = try await client.from("venues").select("*").single().execute().value as Venue
                _ = v
            }
            """)
        XCTAssertEqual(found.queries.map { $0.decode?.fields.map(\.key) ?? [] }, [["id", "venue_name"], ["id", "venue_name"]])
        XCTAssertEqual(found.queries.map(\.selectsAll), [false, true])
    }
}

/// `.or("…")` logic trees, and rows of a variable, a parameter or a type another file declares.
extension SchemaUseReaderTests {
    func testOrFiltersAreReadWhereTheyAreSure() throws {
        let found = uses(#"""
            func search(_ q: String, extra: String, column: String) async throws {
                try await client.from("deals")
                    .select("id")
                    .or("title.ilike.*\(q)*,body.ilike.*\(q)*")
                    .or("a.eq.1,and(b.gt.2,c.not.in.(x,\"y,z\"))")
                    .or(#"d.eq."e.eq.1",f.is.null"#)
                    .or(filters: "g.eq.1")
                    .or("h.eq.1," + extra)
                    .or("\(column).eq.1,i.eq.2")
                    .or("rel_col.eq.1", referencedTable: "venues")
                    .or("j\u{2E}eq.1")
                    .or("k.eq.1,\nl.eq.2")
                    .or("""
                        m.eq.1
                        """)
                    .or("n.equals.1")
                    .execute()
            }
            """#)
        let use = try XCTUnwrap(found.queries.first)
        // A literal with escapes is read as its value, each name located at the literal's start (as a select is).
        XCTAssertEqual(columns(use), [
            "selected id 3:18", "filtered title 4:14",
            "filtered a 5:13", "filtered b 5:13", "filtered c 5:13",
            "filtered d 6:15", "filtered f 6:29",
            "filtered g 7:23",
            "filtered h 8:14",
            "filtered j 11:13",
            "filtered m 14:13",
        ], "a value is no column; after an interpolation or a `+`, on an embedded resource, across a newline, with an unknown operator: nothing read")
    }

    func testRowsOfVariablesParametersAndTypesOfOtherFiles() throws {
        let found = uses("""
            struct Local: Encodable { let deal_id: UUID; let note: String }
            func save(_ row: Local, other: Remote, list: [Remote], dict: [String: String], opt: Local?) async throws {
                let made = Local(deal_id: id, note: "")
                let typed: [Local] = []
                try await client.from("a").insert(row).execute()
                try await client.from("a").insert(made).execute()
                try await client.from("a").insert(typed).execute()
                try await client.from("a").insert(other).execute()
                try await client.from("a").upsert(list).execute()
                try await client.from("a").insert(Remote(x: 1)).execute()
                try await client.from("a").insert(dict).execute()
                try await client.from("a").insert(opt).execute()
                for row in [1] { try await client.from("a").insert(row).execute() }
                if let made = Optional(Remote(x: 1)) { try await client.from("a").insert(made).execute() }
                items.forEach { other in Task { try await client.from("a").insert(other).execute() } }
                try await client.from("a").insert(self.row).execute()
            }
            """)
        let writes = found.queries.map { use -> String in
            guard let write = use.write else { return "-" }
            return (write.keys.map { $0.joined(separator: ",") } ?? "?") + (write.typeName.map { " (\($0))" } ?? "")
        }
        XCTAssertEqual(writes, [
            "deal_id,note", "deal_id,note", "deal_id,note", "? (Remote)", "? (Remote)", "? (Remote)", "?", "?",
            "?", "?", "?", "?",
        ], "a shadowing loop, `if let` or closure parameter, an optional, a property: not followed")
        XCTAssertEqual(columns(found.queries[1]), ["written deal_id 1:31", "written note 1:50"])
    }

    func testTheKeysOfTypesOtherFilesAskFor() throws {
        let text = """
            struct Remote: Codable {
                let dealID: UUID
                let note: String
                enum CodingKeys: String, CodingKey { case dealID = "deal_id", note }
            }
            struct Camel: Encodable { let dealId: UUID; let note: String }
            struct Twice: Encodable { let a: Int }
            enum Twice2 {}
            class Klass: Encodable { let a = 1 }
            extension Elsewhere: Encodable {}
            extension Plain { var label: String { "" } }
            """
        let types = SchemaUseReader.encodedTypes(path: "Models.swift", text: text,
                                                 names: ["Remote", "Camel", "Klass", "Elsewhere", "Plain", "Missing"])
        XCTAssertEqual(types["Remote"]?.map { $0.map { $0.keys.map { "\($0.key) \($0.location.line):\($0.location.column)" } } },
                       [["deal_id 4:56", "note 4:67"]])
        XCTAssertEqual(types["Remote"]?.first??.complete, true)
        XCTAssertEqual(types["Camel"]?.first??.keys.map(\.key), ["note"], "a key a strategy may change is left out")
        XCTAssertEqual(types["Camel"]?.first??.complete, false)
        XCTAssertEqual(types["Klass"]?.count, 1)
        XCTAssertNil(types["Klass"]?.first ?? .none, "a class: unknown")
        XCTAssertEqual(types["Elsewhere"]?.count, 1, "an extension that makes it Encodable elsewhere: unknown")
        XCTAssertNil(types["Plain"], "an extension that changes no key")
        XCTAssertNil(types["Missing"])
    }

    /// What synthesized `Encodable` writes, as swiftc's does: a `lazy` property and a static one are left out, a
    /// property with observers and a `let` with a value are written, a computed one is not.
    func testLazyStaticObservedAndComputedProperties() {
        let text = """
            struct ViewInsert: Encodable {
                let deal_id: UUID
                let source = "app"
                lazy var cache: Int = 0
                static let table = "deal_views"
                var venue_id: UUID { didSet { print("moved") } }
                var label: String { "x" }
                var note: String { get { "" } set { } }
            }
            """
        let types = SchemaUseReader.encodedTypes(path: "Models.swift", text: text, names: ["ViewInsert"])
        XCTAssertEqual(types["ViewInsert"]?.first??.keys.map(\.key), ["deal_id", "source", "venue_id"])
        XCTAssertEqual(types["ViewInsert"]?.first??.complete, true)
    }
}
