import Foundation

/// Turns a tapped push's payload into the screen it opens.
enum DeepLinkParser {
    static func parse(userInfo: [AnyHashable: Any]) -> DeepLink? {
        guard let type = (userInfo["type"] as? String).flatMap(NotificationType.init(rawValue:)) else { return nil }
        switch type {
        case .message, .addedToConversation:
            guard let id = uuid(userInfo["conversation_id"]) else { return nil }
            return .conversation(id: id)
        case .favorRequest:
            return uuid(userInfo["favor_id"]).map { .favor(id: $0) }
        case .rideClaimed:
            let raw = userInfo["ride_id"] as? String
            if let id = raw.flatMap(UUID.init(uuidString:)) { return DeepLink.ride(id: id) }
            return nil
        case .townHallReply:
            var link: DeepLink?
            if let post = uuid(userInfo["town_hall_post_id"]) {
                link = .townHallPost(postId: post, replyId: uuid(userInfo["reply_id"]))
            }
            return link
        case .reviewRequest:
            return uuid(userInfo["ride_id"]).map { rideId in .review(rideId: rideId) }
        case .announcement:
            return .announcements
        }
    }

    private static func uuid(_ value: Any?) -> UUID? {
        (value as? String).flatMap(UUID.init(uuidString:))
    }
}
