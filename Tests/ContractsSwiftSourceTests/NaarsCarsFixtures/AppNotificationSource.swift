/// NaarsCars `Core/Models/AppNotification.swift` as the app has it (seed 000, A.4): the 30-case enum with
/// explicit and implicit raw values, several cases on one line, a custom decoder, and the per-case
/// attributes as `switch self` in an extension. Drift-free against the repo's registry.yaml.
enum AppNotificationSource {
    static let path = "NaarsCars/Core/Models/AppNotification.swift"

    static let text = #"""
    //
    //  AppNotification.swift
    //  NaarsCars
    //
    //  "message" and "ride_claimed" are the common ones; "ride_claim" was renamed in 107.
    //

    import Foundation

    /// Notification types; keep in sync with the `notifications.type` CHECK constraint.
    enum NotificationType: String, Codable, CaseIterable, Sendable {
        // Messaging
        case message
        case addedToConversation = "added_to_conversation"

        // Rides
        case newRide = "new_ride", rideUpdate = "ride_update"
        case rideClaimed = "ride_claimed"
        case rideUnclaimed = "ride_unclaimed"
        case rideCompleted = "ride_completed"

        // Favors
        case newFavor = "new_favor"
        case favorUpdate = "favor_update"
        case favorClaimed = "favor_claimed"
        case favorUnclaimed = "favor_unclaimed"
        case favorCompleted = "favor_completed"
        case completionReminder = "completion_reminder"

        // Q&A
        case qaActivity = "qa_activity"
        case qaQuestion = "qa_question"
        case qaAnswer = "qa_answer"

        // Reviews
        case review
        case reviewReceived = "review_received"
        case reviewReminder = "review_reminder"
        case reviewRequest = "review_request"

        // Town hall
        case townHallPost = "town_hall_post"
        case townHallComment = "town_hall_comment"
        case townHallReaction = "town_hall_reaction"

        // Admin & system
        case announcement, broadcast
        case adminAnnouncement = "admin_announcement"
        case pendingApproval = "pending_approval"
        case userApproved = "user_approved"
        case userRejected = "user_rejected"
        case other

        /// Unknown server values decode to `.other` instead of failing the whole page.
        init(from decoder: Decoder) throws {
            let raw = try decoder.singleValueContainer().decode(String.self)
            self = NotificationType(rawValue: raw) ?? .other
        }
    }

    extension NotificationType {
        /// SF Symbol shown in the notifications list.
        var icon: String {
            switch self {
            case .message: return "message.fill"
            case .addedToConversation: return "person.2.fill"
            case .newRide: return "car.fill"
            case .rideUpdate: return "car.circle.fill"
            case .rideClaimed, .favorClaimed: return "checkmark.circle.fill"
            case .rideUnclaimed, .favorUnclaimed: return "xmark.circle.fill"
            case .rideCompleted, .favorCompleted: return "flag.checkered"
            case .newFavor: return "hand.raised.fill"
            case .favorUpdate: return "hand.raised.circle.fill"
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
            case .townHallReaction: return "hand.thumbsup.fill"
            case .announcement, .adminAnnouncement: return "megaphone.fill"
            case .broadcast: return "antenna.radiowaves.left.and.right"
            case .pendingApproval: return "person.badge.clock.fill"
            case .userApproved: return "person.crop.circle.badge.checkmark"
            case .userRejected: return "person.crop.circle.badge.xmark"
            case .other: return "bell.fill"
            }
        }

        /// Mandatory types cannot be turned off in Settings.
        var canBeDisabled: Bool {
            switch self {
            case .rideClaimed, .rideUnclaimed, .favorClaimed, .favorUnclaimed, .completionReminder,
                 .announcement, .adminAnnouncement, .broadcast, .pendingApproval, .userApproved, .userRejected:
                return false
            default:
                return true
            }
        }

        /// Column of `notification_preferences` that mutes this type (nil: cannot be muted).
        var preferenceKey: String? {
            switch self {
            case .message, .addedToConversation: "messages"
            case .newRide, .newFavor: "new_requests"
            case .rideUpdate, .rideCompleted: "ride_updates"
            case .favorUpdate, .favorCompleted: "favor_updates"
            case .qaActivity, .qaQuestion, .qaAnswer: "qa_activity"
            case .review, .reviewReceived, .reviewReminder, .reviewRequest: "reviews"
            case .townHallPost, .townHallComment, .townHallReaction: "town_hall"
            default: nil
            }
        }

        /// Tab whose badge this type counts toward.
        var badgeTab: BadgeTab? {
            switch self {
            case .message, .addedToConversation:
                return .messages
            case .townHallPost, .townHallComment, .townHallReaction:
                return .community
            case .review, .reviewReceived, .reviewReminder, .reviewRequest,
                 .announcement, .adminAnnouncement, .broadcast, .userApproved, .other:
                return BadgeTab.bell
            case .pendingApproval, .userRejected:
                return nil
            default:
                return .requests
            }
        }

        /// Human-readable name for the debug menu.
        var debugName: String {
            switch self {
            case .message: return "message"
            default: return rawValue.replacingOccurrences(of: "_", with: " ")
            }
        }
    }

    struct AppNotification: Codable, Identifiable, Equatable, Sendable {
        let id: UUID
        let userId: UUID
        let type: NotificationType
        let title: String
        let body: String?
        var read: Bool
        var pinned: Bool
        let createdAt: Date
        let rideId: UUID?
        let favorId: UUID?
        let conversationId: UUID?

        enum CodingKeys: String, CodingKey {
            case id, type, title, body, read, pinned
            case userId = "user_id"
            case createdAt = "created_at"
            case rideId = "ride_id"
            case favorId = "favor_id"
            case conversationId = "conversation_id"
        }

        /// Message-like rows group per conversation.
        var isMessageLike: Bool {
            type == .message || type.rawValue == "added_to_conversation"
        }
    }

    #if DEBUG
    extension AppNotification {
        static let sampleJSON = """
            {"type": "message", "title": "case \"ride_claim\": not a type"}
            """
        static let typePattern = /type=(message|ride_claim)/
        func log() { print("notification \(id) of type message: \(type.rawValue == "message" ? "chat" : "other")") }
    }
    #endif
    """#
}
