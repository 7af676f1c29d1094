import Foundation

/// Every notification the inbox can show. Hand-written before the registry existed; kept in step by `check`.
enum NotificationType: String, Codable, CaseIterable {
    case rideRequest = "ride_request"
    case rideClaimed = "ride_claimed"
    case favorRequest = "favor_request"
    case message
    case townHallPost = "town_hall_post"
    case townHallReply = "town_hall_reply"
    case eventReminder = "event_reminder"
    case announcement
    /// A row the app adds itself when a message draft is saved; never sent by the server.
    case draftSaved = "draft_saved"

    init(from decoder: Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        self = NotificationType(rawValue: raw) ?? .announcement   // weekly_digest and anything newer
    }

    var icon: String {
        switch self {
        case .rideRequest: return "car.fill"
        case .rideClaimed: return "checkmark.circle.fill"
        case .favorRequest: return "hand.raised.fill"
        case .message: return "message.fill"
        case .townHallPost: return "building.columns.fill"
        case .townHallReply: return "bubble.left.and.bubble.right.fill"
        case .eventReminder: return "calendar.badge.clock"
        case .announcement: return "megaphone.fill"
        case .draftSaved: return "square.and.pencil"
        }
    }

    var canBeDisabled: Bool {
        switch self {
        case .rideClaimed, .eventReminder: return false
        default: return true
        }
    }

    /// The profile column that turns this type off (camelCase, as the settings screen binds them).
    var preferenceKey: String? {
        switch self {
        case .rideRequest: return "notifyRideRequests"
        case .favorRequest: return "notifyFavors"
        case .message: return "notifyMessages"
        case .townHallPost, .townHallReply: return "notifyTownHall"
        case .announcement: return "notifyAnnouncements"
        case .rideClaimed, .eventReminder, .draftSaved: return nil
        }
    }

    /// The push-payload key that carries the id of the thing this notification is about.
    var entityIdKey: String? {
        switch self {
        case .rideRequest, .rideClaimed: return "ride_id"
        case .favorRequest: return "favor_id"
        case .message: return "message_id"
        case .townHallPost, .townHallReply: return "post_id"
        case .eventReminder: return "reminder_id"
        case .announcement, .draftSaved: return nil
        }
    }

    /// Section title in the inbox: not a registry attribute.
    var section: String {
        switch self {
        case .rideRequest, .rideClaimed: return "Rides"
        case .townHallPost, .townHallReply: return "Town hall"
        default: return "Other"
        }
    }
}
