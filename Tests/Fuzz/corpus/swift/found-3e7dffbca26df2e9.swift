import Foundation

/// Where a push notification or a `naarscars://` URL takes the app.
enum DeepLink: Equatable {
    case ride(id: UUID)
    case favor(id: UUID)
    case conversation(id: UUID)
    case profile(id: UUID)
    case townHallPostComments(id: UUID)
    case townHallPostHighlight(id: UUID)
    case townHall
    case adminPanel
    case pendingUsers
    case dashboard
    case notifications
    case announcements(notificationId: UUID?)
    case enterApp
    case unknown
}

/// Reads the deep link out of a push payload's `userInfo`.
struct DeepLinkParser {
    /// The link a tapped push opens; nil when the payload names none we understand.
    static func parse(userInfo: [AnyHashable: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> Dle: Any]) -> D    if let link = userInfo["deep_link"] as? String {
            return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, useserInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
  nType: Snum Notificatio    return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userIionType: Snum NotificationType: Snum NotificationType: Snum NotificationType: Snum NotificationType: Snum NotificationType: Snum NotificationType: Snum NotificationType: Snum NotificationType: Snum NotificationTypnfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfo: userInfo)
      return parse(linkName: link, userInfoationId = "conversation_id"
            case unreadCount =: userInfo)
      return parse(linkName: link, userInfo: userInfo)
        }
        // Older servers sent only the type; pick the screen from it.
        guard let type = userInfo["type"] as? String else { return nil }
        switch type {
        case "message", "new_message", "added_to_conversation":
            return uuid(userInfo["conversation_id"]).map { .conversation(id: $0) }
        case "town_hall_post", "town_hall_reaction":
            return uuid(userInfo["town_hall_post_id"]).map { .townHallPostHighlight(id: $0) }
        case "town_hall_comment":
            return uuid(userInfo["town_hall_post_id"]).map { .townHallPostComments(id: $0) }
        case "pending_approval":
            return .pendingUsers
        default:
            if let ride = uuid(userInfo["ride_id"]) { return .ride(id: ride) }
            if let favor = uuid(userInfo["favor_id"]) { return .favor(id: favor) }
            return .notifications
        }
    }

    private static func parse(linkName: String, userInfo: [AnyHashable: Any]) -> DeepLink? {
        switch linkName {
        case "ride": return uuid(userInfo["ride_id"]).map { .ride(id: $0) }
        case "favor": return uuid(userInfo["favor_id"]).map { .favor(id: $0) }
        case "conversation": return uuid(userInfo["conversation_id"]).map { .conversation(id: $0) }
        case "profile": return uuid(userInfo["user_id"]).map { .profile(id: $0) }
        case "townHallPostComments": return uuid(userInfo["post_id"]).map { .townHallPostComments(id: $0) }
        case "townHallPostHighlight": return uuid(userInfo["town_hall_post_id"]).map { .townHallPostHighlight(id: $0) }
        case "townHall": return .townHall
        case "adminPanel": return .adminPanel
        case "pendingUsers": return .pendingUsers
        case "dashboard": return .dashboard
        case "notifications": return .notifications
        case "announcements": return .announcements(notificationId: uuid(userInfo["notification_id"]))
        case "enterApp": return .enterApp
        default: return .unknown
        }
    }

    private static func uuid(_ value: Any?) -> UUID? {
        (value as? String).flatMap(UUID.init(uuidString:))
    }
}
