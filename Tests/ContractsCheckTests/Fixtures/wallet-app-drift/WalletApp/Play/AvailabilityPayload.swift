import Foundation
import Supabase

/// The registry's `Availability` (generate: false): the keys as `get-availability` sends them, camelCase and one
/// with hyphens.
struct AvailabilityPayload: Decodable {
    let availableToPlay: Int
    let nextSlotAt: Date?
    let traceId: String?
    let slotsLeft: Int?

    enum CodingKeys: String, CodingKey {
        case availableToPlay
        case nextSlotAt
        case traceId = "x-trace-id"
        case slotsLeft
    }
}

struct AvailabilityService {
    let client: SupabaseClient

    func availability(venue: UUID) async throws -> AvailabilityPayload {
        try await client.functions.invoke("get-availability", options: .init(body: ["venueId": venue.uuidString]))
    }
}
