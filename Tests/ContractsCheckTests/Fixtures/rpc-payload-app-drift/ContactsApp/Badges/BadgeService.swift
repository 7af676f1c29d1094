import Foundation
import Supabase

@MainActor
final class BadgeService {
    private let supabase: SupabaseClient
    private(set) var counts = BadgeCountsPayload(unreadMessages: 0, pendingRequests: 0, total: 0)

    init(supabase: SupabaseClient) {
        self.supabase = supabase
    }

    func refresh(userId: UUID) async throws {
        let response = try await supabase.rpc("get_badge_counts", params: ["p_user_id": userId]).execute()
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        counts = try decoder.decode(BadgeCountsPayload.self, from: response.data)
    }
}
