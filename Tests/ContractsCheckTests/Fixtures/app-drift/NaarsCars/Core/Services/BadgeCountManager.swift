import Combine
import Foundation
import Supabase

/// The tabs that show a badge.
enum BadgeTab: String, CaseIterable {
    case requests, messages, community, bell
}

/// Unread counts for every tab, from one `get_badge_counts` call.
@MainActor
final class BadgeCountManager: ObservableObject {
    static let shared = BadgeCountManager()

    @Published private(set) var requestsBadgeCount = 0
    @Published private(set) var messagesBadgeCount = 0
    @Published private(set) var communityBadgeCount = 0
    @Published private(set) var bellBadgeCount = 0
    @Published private(set) var requestDetails: [RequestCountDetail] = []
    @Published private(set) var conversationDetails: [ConversationCountDetail] = []

    var totalUnreadCount: Int {
        requestsBadgeCount + messagesBadgeCount + communityBadgeCount + bellBadgeCount
    }

    struct RequestCountDetail: Decodable, Equatable {
        let requestType: String
        let requestId: UUID
        let unreadCount: Int

        enum CodingKeys: String, CodingKey {
            case requestType = "request_type"
            case requestId = "request_id"
            case unreadCount = "unread_count"
        }
    }

    struct ConversationCountDetail: Decodable, Equatable {
        let conversationId: UUID
        let unreadCount: Int

        enum CodingKeys: String, CodingKey {
            case conversationId = "conversation_id"
            case unreadCount = "unread_count"
        }
    }

    private struct BadgeCountsPayload: Decodable {
        let userId: UUID?
        let messagesTotal: Int
        let requestsTotal: Int
        let communityTotal: Int
        let bellTotal: Int
        let requestDetails: [RequestCountDetail]?
        let conversationDetails: [ConversationCountDetail]?

        enum CodingKeys: String, CodingKey {
            case userId = "user_id"
            case messagesTotal = "messages_total"
            case requestsTotal = "requests_total"
            case communityTotal = "community_total"
            case bellTotal = "bell_total"
            case requestDetails = "request_details"
            case conversationDetails = "conversation_details"
        }
    }

    private var badgeRpcFailureCount = 0

    /// Refreshes every badge; on failure keeps the last counts (the RPC is the only source).
    func refreshAllBadges(userId: UUID, includeDetails: Bool = false) async {
        do {
            let payload: BadgeCountsPayload = try await SupabaseService.shared.client
                .rpc("get_badge_counts", params: ["p_user_id": userId.uuidString, "p_include_details": "\(includeDetails)"])
                .execute()
                .value
            apply(payload)
            postConversationCounts()
            badgeRpcFailureCount = 0
        } catch {
            badgeRpcFailureCount += 1
            AppLogger.error("badges", "Failed to refresh badge counts (attempt \(badgeRpcFailureCount)): \(error)")
        }
    }

    private struct WidgetSummary: Decodable {
        let total: Int
    }

    /// Asks the server to push the icon badge again (after a read on another device), then reads the widget's total.
    func syncServerBadge(userId: UUID) async throws -> Int {
        try await SupabaseService.shared.client.functions.invoke(
            "refresh-badge",
            options: FunctionInvokeOptions(body: ["user_id": userId.uuidString])
        )
        let summary: WidgetSummary = try await SupabaseService.shared.client.functions.invoke(
            "badge-summary",
            options: FunctionInvokeOptions(headers: ["x-widget": "1"])
        )
        return summary.total
    }

    private func apply(_ payload: BadgeCountsPayload) {
        requestsBadgeCount = payload.requestsTotal
        messagesBadgeCount = payload.messagesTotal
        communityBadgeCount = payload.communityTotal
        bellBadgeCount = payload.bellTotal
        requestDetails = payload.requestDetails ?? []
        conversationDetails = payload.conversationDetails ?? []
    }

    /// Tells the Messages tab; the userInfo keys are the app's own, not a push payload's.
    private func postConversationCounts() {
        var info: [String: Any] = ["unread_counts": Dictionary(uniqueKeysWithValues: conversationDetails.map { ($0.conversationId, $0.unreadCount) })]
        info["source"] = "rpc"
        NotificationCenter.default.post(name: .conversationUnreadCountsUpdated, object: nil, userInfo: info)
    }

    /// The count shown on one tab.
    func count(for tab: BadgeTab) -> Int {
        switch tab {
        case .requests: return requestsBadgeCount
        case .messages: return messagesBadgeCount
        case .community: return communityBadgeCount
        case .bell: return bellBadgeCount
        }
    }
}
