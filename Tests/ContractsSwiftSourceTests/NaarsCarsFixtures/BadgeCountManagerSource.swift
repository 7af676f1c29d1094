/// NaarsCars `Core/Services/BadgeCountManager.swift` (seed 000, A.1 and Phase 4): the private
/// `BadgeCountsPayload` with CodingKeys, detail types with and without CodingKeys, and a realtime row
/// (`[String: Any]`, not a push payload) read by key. Drift-free against the repo's registry.yaml.
enum BadgeCountManagerSource {
    static let path = "NaarsCars/Core/Services/BadgeCountManager.swift"

    static let text = #"""
    import Foundation
    import Supabase

    enum BadgeTab: String, CaseIterable { case requests, messages, community, bell }

    @MainActor
    final class BadgeCountManager: ObservableObject {
        static let shared = BadgeCountManager()

        @Published var requestsBadgeCount = 0
        @Published var messagesBadgeCount = 0
        @Published var communityBadgeCount = 0
        @Published var bellBadgeCount = 0
        @Published var isBadgeStale = false
        private var lastKnownCounts: BadgeCountsPayload?

        struct RequestCountDetail: Decodable, Sendable {
            let requestType: String
            let requestId: UUID
            let unreadCount: Int

            enum CodingKeys: String, CodingKey {
                case requestType = "request_type"
                case requestId = "request_id"
                case unreadCount = "unread_count"
            }
        }

        /// Decoded with `.convertFromSnakeCase`.
        struct ConversationCountDetail: Decodable, Sendable {
            let conversationId: UUID
            var unreadCount: Int
            var isEmpty: Bool { unreadCount == 0 }
            static let zero = 0
        }

        private struct BadgeCountsPayload: Decodable {
            let userId: UUID?
            let requestsTotal: Int
            let messagesTotal: Int
            let communityTotal: Int
            let bellTotal: Int
            let requestDetails: [RequestCountDetail]
            let conversationDetails: [ConversationCountDetail]

            enum CodingKeys: String, CodingKey {
                case userId = "user_id"
                case requestsTotal = "requests_total"
                case messagesTotal = "messages_total"
                case communityTotal = "community_total"
                case bellTotal = "bell_total"
                case requestDetails = "request_details"
                case conversationDetails = "conversation_details"
            }

            init(from decoder: Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                userId = try c.decodeIfPresent(UUID.self, forKey: .userId)
                requestsTotal = try c.decodeIfPresent(Int.self, forKey: .requestsTotal) ?? 0
                messagesTotal = try c.decodeIfPresent(Int.self, forKey: .messagesTotal) ?? 0
                communityTotal = try c.decodeIfPresent(Int.self, forKey: .communityTotal) ?? 0
                bellTotal = try c.decodeIfPresent(Int.self, forKey: .bellTotal) ?? 0
                requestDetails = try c.decodeIfPresent([RequestCountDetail].self, forKey: .requestDetails) ?? []
                conversationDetails = try c.decodeIfPresent([ConversationCountDetail].self, forKey: .conversationDetails) ?? []
            }
        }

        func refreshAllBadges() async {
            do {
                let counts: BadgeCountsPayload = try await SupabaseService.shared.client
                    .rpc("get_badge_counts", params: ["p_include_details": true]).execute().value
                apply(counts)
            } catch {
                isBadgeStale = true
            }
        }

        private func apply(_ counts: BadgeCountsPayload) {
            lastKnownCounts = counts
            requestsBadgeCount = counts.requestsTotal
            messagesBadgeCount = counts.messagesTotal
            communityBadgeCount = counts.communityTotal
            bellBadgeCount = counts.bellTotal
        }

        /// Realtime rows are table rows, not push payloads: "offer" is a ride type.
        func handleRealtimeRow(_ record: [String: Any]) {
            if record["type"] as? String == "offer", record["status"] as? String == "open" {
                Task { await refreshAllBadges() }
            }
        }
    }
    """#
}
