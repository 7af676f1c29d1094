import Foundation
import Supabase

/// A venue to watch for the "deal nearby" alert.
struct GeofenceVenue: Decodable {
    let id: UUID
    let name: String
    let location: String?
}

struct VenueRow: Decodable {
    let id: UUID
    let name: String
    let location: String?
}

/// Not the Supabase client: a `from` of the app's own.
struct Importer {
    let name: String
    static func from(_ name: String) -> Importer { Importer(name: name) }
    func run() {}
}

final class GeofenceService {
    private let client: SupabaseClient

    init(client: SupabaseClient) {
        self.client = client
    }

    func venuesWithDeals() async throws -> [GeofenceVenue] {
        try await client
            .from("venues")
            .select("id, name, location, deals!inner(id, title)")
            .execute()
            .value
    }

    func allVenues() async throws -> [VenueRow] {
        try await client.from("venues").select("*").order("created_at", ascending: false).execute().value
    }

    func track(_ event: String) async throws {
        try await client.schema("analytics").from("events").insert(["name": event]).execute()
        Importer.from("ratings").run()
    }
}
