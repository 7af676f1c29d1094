import Foundation
import Supabase

struct HistoryRow: Decodable {
    let deal_id: UUID
    let venue_id: UUID
    let viewed_at: Date
}

struct DealCard: Decodable {
    let id: UUID
    let title: String
    let venueName: String
    let endsAt: Date?
}

final class DealHistory {
    private let client: SupabaseClient
    private let table = "deal_views"

    init(client: SupabaseClient) {
        self.client = client
    }

    func history(for userID: UUID) async throws -> [HistoryRow] {
        try await client
            .from("deal_views")
            .select("deal_id, venue_id, viewed_at, deals(title, category), venues(name)")
            .eq("user_id", value: userID)
            .order("viewed_at", ascending: false)
            .execute()
            .value
    }

    func recordView(of deal: UUID, at venue: UUID, by user: UUID) async throws {
        try await client.from("deal_views")
            .insert(["deal_id": deal.uuidString, "venue_id": venue.uuidString, "user_id": user.uuidString])
            .execute()
        try await client.from(table).delete().eq("user_id", value: user).execute()
    }

    /// The card list reads a view; `ends_at` came with a later migration.
    func cards() async throws -> [DealCard] {
        try await client.from("deal_cards").select("id, title, venue_name, ends_at").execute().value
    }

    func details(_ id: UUID) async throws {
        _ = try await client
            .from("deals")
            .select("""
                id,
                heading:title,
                categories,
                source:metadata->>source,
                starts_at::text,
                ends_at,
                promo_code,
                ...venues(venue_location:location)
                """)
            .eq("id", value: id)
            .contains("categories", value: ["food"])
            .single()
            .execute()
    }

    /// Good or recent ratings.
    func highlights(since: String, extra: String, column: String) async throws {
        _ = try await client
            .from("deal_ratings")
            .select("id, score")
            .or("score.gte.8,created_at.gt.\(since)")
            .execute()
        // Decoys: values that read like filters (quoted, in a list), filters on an embedded resource's columns, a
        // column read at run time, a string that goes on with a variable.
        _ = try await client
            .from("deal_views")
            .select("id, venues(name)")
            .or(#"viewed_at.is.null,deal_id.in.(a,venue_name.eq.1),user_id.eq."x,stars.eq.5""#)
            .or("name.eq.Corner,rating.gt.3", referencedTable: "venues")
            .or("\(column).eq.1,stars.eq.2")
            .or("viewed_at.is.null," + extra)
            .execute()
    }
}
