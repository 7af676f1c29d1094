import Foundation

/// What `get_badge_counts` returns; decoded with `convertFromSnakeCase`.
struct BadgeCountsPayload: Decodable, Equatable {
    let unreadMessages: Int
    let openRequests: Int
    let total: Int
}
