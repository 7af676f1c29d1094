import Foundation
import SwiftUI

/// Every kind of notification the server sends; raw values are what `notifications.type` stores.
enum NotificationType: String, Codable, CaseIterable, Sendable {
    // Messages
    case message
    case addedToConversation = "added_to_conversation"

    // Requests
    case newRide = "new_ride"
    case rideUpdate = "ride_update"
    case rideClaimed = "ride_claimed"
    case rideUnclaimed = "ride_unclaimed"
    case rideCompleted = "ride_completed"
    case newFavor = "new_favor"
    case favorUpdate = "favor_update"
    case favorClaimed = "favor_claimed"
    case favorUnclaimed = "favor_unclaimed"
    case favorCompleted = "favor_completed"
    case completionReminder = "completion_reminder"
    case qaActivity = "qa_activity"
    case qaQuestion = "qa_question"
    case qaAnswer = "qa_answer"

    // Reviews
    case review
    case reviewReceived = "review_received"
    case reviewReminder = "review_reminder"
    case reviewRequest = "review_requested"

    // Community
    case townHallPost = "town_hall_post"
    case townHallComment = "town_hall_comment"
    case townHallReaction = "town_hall_reaction"

    // Admin
    case announcement
    case adminAnnouncement = "admin_announcement"
    case broadcast
    case pendingApproval = "pending_approval"
    case userApproved = "user_approved"
    case userRejected = "user_rejected"
    case other

    /// SF Symbol for the notification row.
    var icon: String {
        switch self {
        case .message: return "message.fill"
        case .addedToConversation: return "person.2.fill"
        case .newRide: return "car.fill"
        case .rideUpdate: return "car.circle.fill"
        case .rideClaimed: return "checkmark.circle.fill"
        case .rideUnclaimed: return "xmark.circle.fill"
        case .rideCompleted: return "flag.checkered"
        case .newFavor: return "hand.raised.fill"
        case .favorUpdate: return "hand.raised.circle.fill"
        case .favorClaimed: return "checkmark.circle.fill"
        case .favorUnclaimed: return "xmark.circle.fill"
        case .favorCompleted: return "flag.checkered"
        case .completionReminder: return "clock.badge.exclamationmark"
        case .qaActivity: return "questionmark.bubble.fill"
        case .qaQuestion: return "questionmark.circle.fill"
        case .qaAnswer: return "text.bubble.fill"
        case .review: return "star.fill"
        case .reviewReceived: return "star.circle.fill"
        case .reviewReminder: return "star.leadinghalf.filled"
        case .reviewRequest: return "star.bubble.fill"
        case .townHallPost: return "building.columns.fill"
        case .townHallComment: return "bubble.left.and.bubble.right.fill"
        case .townHallReaction: return "hand.thumbsup"
        case .announcement: return "megaphone.fill"
        case .adminAnnouncement: return "megaphone.fill"
        case .broadcast: return "antenna.radiowaves.left.and.right"
        case .pendingApproval: return "person.badge.clock.fill"
        case .userApproved: return "person.crop.circle.badge.checkmark"
        case .userRejected: return "person.crop.circle.badge.xmark"
        case .other: return "bell.fill"
        }
    }

    /// Whether Settings offers a switch for this type; approvals and claims always arrive.
    var canBeDisabled: Bool {
        switch self {
        case .rideClaimed, .rideUnclaimed, .favorClaimed, .favorUnclaimed, .completionReminder,
             .announcement, .adminAnnouncement, .broadcast, .pendingApproval, .userApproved, .userRejected:
            return false
        default:
            return true
        }
    }

    /// The `notification_preferences` column that switches this type off, if any.
    var preferenceKey: String? {
        switch self {
        case .message: return "messages"
        case .addedToConversation: return "messages"
        case .newRide: return "new_requests"
        case .rideUpdate: return "ride_updates"
        case .rideClaimed: return nil
        case .rideUnclaimed: return nil
        case .rideCompleted: return "ride_updates"
        case .newFavor: return "new_requests"
        case .favorUpdate: return "favor_updates"
        case .favorClaimed: return nil
        case .favorUnclaimed: return nil
        case .favorCompleted: return "favor_updates"
        case .completionReminder: return nil
        case .qaActivity: return "qa_activity"
        case .qaQuestion: return "qa_activity"
        case .qaAnswer: return "qa_activity"
        case .review: return "reviews"
        case .reviewReceived: return "reviews"
        case .reviewReminder: return "reviews"
        case .reviewRequest: return "reviews"
        case .townHallPost: return "town_hall"
        case .townHallComment: return "town_hall"
        case .townHallReaction: return "town_hall"
        case .announcement: return nil
        case .adminAnnouncement: return nil
        case .broadcast: return nil
        case .pendingApproval: return nil
        case .userApproved: return nil
        case .userRejected: return nil
        case .other: return nil
        }
    }

    /// The tab whose badge counts this type.
    var badgeTab: BadgeTab? {
        switch self {
        case .message: return .messages
        case .addedToConversation: return .messages
        case .newRide: return .requests
        case .rideUpdate: return .requests
        case .rideClaimed: return .requests
        case .rideUnclaimed: return .requests
        case .rideCompleted: return .requests
        case .newFavor: return .requests
        case .favorUpdate: return .requests
        case .favorClaimed: return .requests
        case .favorUnclaimed: return .requests
        case .favorCompleted: return .requests
        case .completionReminder: return .requests
        case .qaActivity: return .requests
        case .qaQuestion: return .requests
        case .qaAnswer: return .requests
        case .review: return .bell
        case .reviewReceived: return .bell
        case .reviewReminder: return .bell
        case .reviewRequest: return .bell
        case .townHallPost: return .community
        case .townHallComment: return .community
        case .townHallReaction: return .community
        case .announcement: return .bell
        case .adminAnnouncement: return .bell
        case .broadcast: return .bell
        case .pendingApproval: return nil
        case .userApproved: return .bell
        case .userRejected: return nil
        case .other: return .bell
        }
    }
}

/// A row of `notifications`, as the bell list shows it.
struct AppNotification: Codable, Identifiable, Equatable, Sendable {
    let id: UUID
    let userId: UUID
    let type: NotificationType
    let title: String
    let body: String?
    let rideId: UUID?
    let favorId: UUID?
    let conversationId: UUID?
    let townHallPostId: UUID?
    var read: Bool
    let createdAt: Date

    enum CodingKeys: String, CodingKey {
        case id, type, title, body, read
        case userId = "user_id"
        case rideId = "ride_id"
        case favorId = "favor_id"
        case conversationId = "conversation_id"
        case townHallPostId = "town_hall_post_id"
        case createdAt = "created_at"
    }

    /// Claims and approvals read as more urgent in the list.
    var isHighlighted: Bool {
        switch type {
        case .rideClaimed, .favorClaimed, .pendingApproval: return true
        default: return false
        }
    }
}
