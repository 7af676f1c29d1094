import Foundation

// Keys used when a push is opened. Kept apart from NotificationType.swift so the widget target can skip it.
extension NotificationType {
    /// The push-payload key that carries the id of what the notification is about.
    var entityIdKey: String? {
        switch self {
        case .rideRequest:
            "ride_id"
        case .rideClaimed:
            if FeatureFlags.ridesV2 { "ride_id" } else { "ride" }
        case .message: "conversation_id"
        case .townHallPost, .townHallReply:
            "town_hall_post_id"
        case .eventReminder: "reminder_id"   // local notifications: the app writes it itself
        default:
            nil
        }
    }

    /// Where the id of the last opened item of this kind is remembered (UserDefaults, not a push).
    var lastOpenedDefaultsKey: String {
        switch self {
        case .townHallPost, .townHallReply: return "lastOpenedPost"
        case .message: return "lastOpenedConversation"
        default: return "lastOpened.\(rawValue)"
        }
    }

    /// The column of an inbox row (`notifications`) that holds the same id.
    var rowIdColumn: String { "entity_id" }
}

enum FeatureFlags {
    static var ridesV2 = true
}
