import Foundation
import SwiftUI

/// Every notification the inbox shows. Hand-written; `check` keeps it in step with registry.yaml.
enum NotificationType: String, Codable, CaseIterable, Identifiable {
    case rideRequest = "ride_request"
    case rideClaimed = "ride_claimed"
    case message
    case townHallPost = "town_hall_post"
    case townHallReply = "town_hall_reply"
    case eventReminder = "event_reminder"
    case announcement

    var id: String { rawValue }

    /// What the inbox row says. Display strings, never keys.
    var title: String {
        switch self {
        case .rideRequest: return "Ride request"
        case .rideClaimed: return "Your ride was claimed"
        case .message: return "New message"
        case .townHallPost: return "New town hall post"
        case .townHallReply: return "New reply"
        case .eventReminder: return "Reminder"
        case .announcement: return "Announcement"
        }
    }

    var tint: Color {
        switch self {
        case .rideRequest, .rideClaimed: .green
        case .message: .blue
        case .townHallPost, .townHallReply: .orange
        default: .gray
        }
    }
}
