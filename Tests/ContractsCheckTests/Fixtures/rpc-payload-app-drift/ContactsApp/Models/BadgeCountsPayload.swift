import Foundation

/// What `get_badge_counts` returns; decoded with `convertFromSnakeCase`.
struct BadgeCountsPayload: Decodable, Equatable {
    let unreadMessages: Int
    let pendingRequests: Int
    let total: Int
}
