import Foundation
import Supabase

struct NewRating: Encodable {
    let deal_id: UUID
    let score: Int
}

struct NearbyParams: Encodable {
    let p_lat: Double
    let p_lng: Double
}

struct BookmarkRow: Decodable {
    let deal_id: UUID
    let created_at: Date
}

func from(_ path: String) -> URL { URL(fileURLWithPath: path) }

final class RatingsService {
    private let client: SupabaseClient

    init(client: SupabaseClient) {
        self.client = client
    }

    func rate(_ deal: UUID, score: Int) async throws {
        try await client.from("deal_ratings").insert(["deal_id": deal.uuidString, "score": "\(score)"]).execute()
    }

    /// The rater is set by a trigger.
    func rateAgain(_ deal: UUID, score: Int) async throws {
        try await client.from("deal_ratings").insert(NewRating(deal_id: deal, score: score)).execute()
    }

    func friendsFeed() async throws {
        _ = try await client
            .from("deal_ratings")
            .select("score, created_at, deals(title)")
            .order("created_at", ascending: false)
            .execute()
    }

    func bookmark(_ deal: UUID) async throws {
        try await client.from("bookmarks").upsert(["deal_id": deal.uuidString, "user_id": try await client.auth.session.user.id.uuidString], onConflict: "user_id,deal_id").execute()
    }

    func bookmark(_ deal: UUID, for user: UUID) async throws {
        try await client.from("bookmarks").upsert(["deal_id": deal.uuidString, "user_id": user.uuidString], onConflict: "user_id,deal_id").execute()
        try await client.from("bookmarks").update(["created_at": "now()"]).eq("deal_id", value: deal).execute()
        try await client.storage.from("bookmarks").upload("list.json", data: Data())
        _ = from("bookmarks.json")
    }

    func bookmarks() async throws -> [BookmarkRow] {
        let rows: [BookmarkRow] = try await client.from("bookmarks").select("deal_id, created_at").execute().value
        return rows
    }

    func nearby(lat: Double, lng: Double) async throws {
        try await client.rpc("nearby_deals", params: ["p_lat": lat, "p_lng": lng, "p_radius_m": 800]).execute()
        try await client.rpc("nearby_deals", params: NearbyParams(p_lat: lat, p_lng: lng)).execute()
    }

    /// Rows of types other files declare.
    func save(_ bookmark: NewBookmark, deal: UUID, venue: UUID, user: UUID, change: VenueUpdate) async throws {
        try await client.from("bookmarks").upsert(bookmark, onConflict: "user_id,deal_id").execute()
        let view = NewDealView(deal_id: deal, user_id: user, venue_id: venue)
        try await client.from("deal_views").insert(view).execute()
        // Decoys: keys renamed by CodingKeys, an array of such rows, a type that encodes by hand, a name two
        // targets declare, a variable shadowed by a loop's.
        try await client.from("deal_ratings").insert(RatingDraft(dealID: deal, stars: 4)).execute()
        let drafts: [RatingDraft] = [RatingDraft(dealID: deal, stars: 5)]
        try await client.from("deal_ratings").insert(drafts).execute()
        try await client.from("deal_views").insert(ViewLog(when: Date())).execute()
        try await client.from("venues").update(change).eq("id", value: venue).execute()
        for bookmark in [ViewLog(when: Date())] {
            try await client.from("deal_views").insert(bookmark).execute()
        }
    }
}
