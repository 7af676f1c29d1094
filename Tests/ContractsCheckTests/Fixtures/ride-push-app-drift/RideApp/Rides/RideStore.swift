import Foundation
import Supabase

/// The rider's rides and what the app writes about them.
@MainActor
final class RideStore {
    private let client: SupabaseClient

    init(client: SupabaseClient) {
        self.client = client
    }

    /// A ride event the app keeps for itself: its payload is a row, not a push.
    func noteDelay(rideID: UUID, minutes: Int) async throws {
        try await client.from("ride_events")
            .insert(["ride_id": AnyJSON.string(rideID.uuidString), "payload": AnyJSON.object(["delay_minutes": .integer(minutes)])])
            .execute()
    }

    func markRead(_ id: UUID) async throws {
        try await client.from("notifications").update(["read_at": AnyJSON.string(ISO8601DateFormatter().string(from: Date()))])
            .eq("id", value: id.uuidString)
            .execute()
    }
}
