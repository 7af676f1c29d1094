import ContractsCore

/// The small schema every name rule's examples share: deals, their ratings, bookmarks and a function.
enum SchemaNameExample {
    static let migration = """
        CREATE TABLE public.venues (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), name text NOT NULL, location text);
        CREATE TABLE public.deals (
            id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
            venue_id uuid NOT NULL REFERENCES public.venues (id),
            title text NOT NULL,
            created_at timestamptz NOT NULL DEFAULT now()
        );
        CREATE TABLE public.deal_ratings (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            deal_id uuid NOT NULL REFERENCES public.deals (id),
            user_id uuid NOT NULL REFERENCES auth.users (id),
            stars int NOT NULL
        );
        CREATE TABLE public.bookmarks (
            user_id uuid NOT NULL REFERENCES auth.users (id),
            deal_id uuid NOT NULL REFERENCES public.deals (id),
            PRIMARY KEY (user_id, deal_id)
        );
        CREATE FUNCTION public.nearby_deals(p_lat double precision, p_lng double precision, p_radius int DEFAULT 500)
        RETURNS SETOF public.deals LANGUAGE sql AS $$ SELECT * FROM public.deals $$;

        """

    static func project(_ swift: String) -> [String: String] {
        ["App/Deals.swift": swift, "database/001_deals.sql": migration]
    }

    static func typescript(_ ts: String) -> [String: String] {
        ["supabase/functions/deals/index.ts": ts, "database/001_deals.sql": migration]
    }
}

extension UnknownTableRule: DriftRule {
    static let rule = Rule.unknownTable
    static let triggeringExamples = [
        RuleExample(SchemaNameExample.project("""
            func rate(_ id: UUID) async throws {
                try await client.from(↓"ratings").insert(["deal_id": id.uuidString, "stars": "5"]).execute()
            }
            """)),
    ]
    static let nonTriggeringExamples = [
        RuleExample(SchemaNameExample.project("""
            func rate(_ id: UUID, table: String) async throws {
                try await client.from("deal_ratings").select("stars").eq("deal_id", value: id).execute()
                try await client.from(table).select().execute()
                try await client.storage.from("ratings").upload("a.png", data: Data())
            }
            """)),
    ]
}

extension UnknownColumnRule: DriftRule {
    static let rule = Rule.unknownColumn
    static let triggeringExamples = [
        RuleExample(SchemaNameExample.project("""
            func venues() async throws {
                try await client.from("venues").select("id, name, ↓latitude, deals(id, ↓deal_title)").order("↓rank").execute()
            }
            """)),
        RuleExample(SchemaNameExample.typescript("""
            const { data } = await supabase.from('deals').select('id, ↓venue_name').eq('↓deal_category', 'food');
            """)),
        // Each filter of an `.or()` tree; the keys of an `Encodable` row another file declares.
        RuleExample(SchemaNameExample.typescript("""
            const { data } = await supabase.from('deals').select('id').or('title.eq.Brunch,and(↓titel.is.null,venue_id.is.null)');
            """)),
        RuleExample(SchemaNameExample.project("""
            func rate(_ rating: NewRating) async throws {
                try await client.from("deal_ratings").insert(rating).execute()
            }
            """).merging(["App/Models/NewRating.swift": "struct NewRating: Encodable { let deal_id: UUID; let user_id: UUID; let ↓score: Int; let stars: Int }\n"]) { a, _ in a }),
    ]
    static let nonTriggeringExamples = [
        RuleExample(SchemaNameExample.project("""
            func venues() async throws {
                try await client.from("venues").select("id, label:name, location::text, deals!inner(*), count()").execute()
                try await client.from("deals").select("*, venues(name)").gte("created_at", value: "2024-01-01").execute()
            }
            """)),
        // A value that reads like a filter, an embedded resource's filters, a row type two files declare.
        RuleExample(SchemaNameExample.project(#"""
            func search(_ q: String, rating: NewRating) async throws {
                try await client.from("deals").select("id, deal_ratings(stars)")
                    .or(#"title.eq."a,stars.eq.1",venue_id.in.(x,rank.eq.2)"#)
                    .or("stars.gt.3,user_id.is.null", referencedTable: "deal_ratings")
                    .or("title.ilike.*\(q)*,rank.eq.1")
                    .execute()
                try await client.from("deal_ratings").insert(rating).execute()
            }
            """#).merging(["App/Models/NewRating.swift": "struct NewRating: Encodable { let deal_id: UUID; let score: Int }\n",
                          "App/Widget/NewRating.swift": "struct NewRating: Encodable { let deal_id: UUID; let user_id: UUID; let stars: Int }\n"]) { a, _ in a }),
    ]
}

extension UnknownRelationshipRule: DriftRule {
    static let rule = Rule.unknownRelationship
    static let triggeringExamples = [
        RuleExample(SchemaNameExample.project("""
            func feed() async throws {
                try await client.from("deal_ratings").select("stars, ↓venues!inner(name)").execute()
            }
            """)),
    ]
    static let nonTriggeringExamples = [
        RuleExample(SchemaNameExample.project("""
            func feed() async throws {
                try await client.from("deal_ratings").select("stars, deals!inner(title, venues(name))").execute()
                try await client.from("venues").select("name, deals(deal_ratings(stars))").execute()
                try await client.from("deals").select("title, place:venue_id(name)").execute()
            }
            """)),
    ]
}

extension MissingRequiredColumnRule: DriftRule {
    static let rule = Rule.missingRequiredColumn
    static let triggeringExamples = [
        RuleExample(SchemaNameExample.project("""
            func bookmark(_ id: UUID) async throws {
                try await client.from("bookmarks").↓upsert(["deal_id": id.uuidString], onConflict: "user_id,deal_id").execute()
            }
            """)),
    ]
    static let nonTriggeringExamples = [
        RuleExample(SchemaNameExample.project("""
            func bookmark(_ id: UUID, user: UUID, row: [String: String]) async throws {
                try await client.from("bookmarks").upsert(["deal_id": id.uuidString, "user_id": user.uuidString], onConflict: "user_id,deal_id").execute()
                try await client.from("bookmarks").update(["deal_id": id.uuidString]).eq("user_id", value: user).execute()
                try await client.from("bookmarks").insert(row).execute()
                try await client.from("deal_ratings").insert(["deal_id": id.uuidString, "user_id": user.uuidString, "stars": "4"]).execute()
            }
            """)),
    ]
}

extension RPCArgumentRule: DriftRule {
    static let rule = Rule.rpcArgumentDrift
    static let triggeringExamples = [
        RuleExample(SchemaNameExample.project("""
            func nearby() async throws {
                try await client.rpc("nearby_deals", params: ["p_lat": 1.0, "p_lng": 2.0, ↓"radius": 3]).execute()
                try await client.rpc(↓"nearby_deals", params: ["p_lat": 1.0]).execute()
                try await client.rpc(↓"deals_nearby").execute()
            }
            """)),
    ]
    static let nonTriggeringExamples = [
        RuleExample(SchemaNameExample.project("""
            func nearby(params: [String: Double]) async throws {
                try await client.rpc("nearby_deals", params: ["p_lat": 1.0, "p_lng": 2.0]).execute()
                try await client.rpc("nearby_deals", params: ["p_lat": 1.0, "p_lng": 2.0, "p_radius": 3]).execute()
                try await client.rpc("nearby_deals", params: params).execute()
            }
            """)),
    ]
}

extension SelectDecodeRule: DriftRule {
    static let rule = Rule.payloadShapeDrift
    static func source(_ select: String) -> [String: String] {
        SchemaNameExample.project("""
            struct DealRow: Decodable {
                let id: UUID
                let ↓title: String
                let venue_id: UUID?
            }
            func deals() async throws -> [DealRow] {
                let rows: [DealRow] = try await client.from("deals").select(\(select)).execute().value
                return rows
            }
            """)
    }
    static let triggeringExamples = [RuleExample(source("\"id, venue_id\""))]
    static let nonTriggeringExamples = [
        RuleExample(source("\"id, title, created_at\"").strippingMarkers),
        RuleExample(source("\"*\"").strippingMarkers),
        RuleExample(source("\"id, title::text, venue_id\"").strippingMarkers),
    ]
}

private extension Dictionary where Key == String, Value == String {
    var strippingMarkers: [String: String] { mapValues { $0.replacingOccurrences(of: "↓", with: "") } }
}
