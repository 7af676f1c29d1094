import Foundation
import os

/// What a notification is about; the raw value is the `notifications.type` column and the push's `type` key.
enum NotificationType: String, Codable, CaseIterable {
    case message
    case addedToConversation = "added_to_conversation"
    case favorRequest = "favor_request"
    case rideClaimed = "ride_claimed"
    case townHallReply = "town_hall_reply"
    case reviewRequest = "review_request"
    case announcement

    /// Checked once in debug builds: every case has an icon the asset catalog knows.
    static let registryValidation: Void = {
        for type in allCases { assert(!type.icon.isEmpty, "\(type) has no icon") }
    }()

    static let baseRank = 10
    static var quietHours = false

    var icon: String {
        #if DEBUG
        _ = Self.registryValidation
        #endif
        switch self {
        case .message, .addedToConversation: return "bubble.left.fill"
        case .favorRequest: return "hand.raised.fill"
        case .rideClaimed: return "car.fill"
        case .townHallReply: return "building.columns.fill"
        case .reviewRequest: return "star.fill"
        case .announcement: return "megaphone.fill"
        }
    }

    var canBeDisabled: Bool {
        _ = Self.registryValidation
        switch self {
        case .announcement: return false
        default: return true
        }
    }

    var preferenceKey: String? {
        guard !Self.quietHours else { return nil }
        switch self {
        case .message, .addedToConversation: return "notifyMessages"
        case .favorRequest, .rideClaimed: return "notifyRequests"
        case .townHallReply: return "notifyTownHall"
        case .reviewRequest: return "notifyReviews"
        case .announcement: return nil
        }
    }

    var badgeTab: BadgeTab? {
        let log = Logger(subsystem: "app", category: "badges")
        log.debug("badge for \(self.rawValue)")
        switch self {
        case .message, .addedToConversation: return .messages
        case .favorRequest, .rideClaimed, .reviewRequest: return .requests
        case .townHallReply: return .community
        case .announcement: return nil
        }
    }

    /// The push key holding the id of what the notification is about.
    var entityIdKey: String? {
        switch self {
        case .message, .addedToConversation: return "conversation_id"
        case .favorRequest: return "favor_id"
        case .rideClaimed, .reviewRequest: return "ride_id"
        case .townHallReply: return "town_hall_post_id"
        default: return nil
        }
    }

    // Not attributes: each is listed by `init` with why.

    var title: String {
        switch self {
        case .message: return "New message"
        case .addedToConversation: return "Added to a conversation"
        case .favorRequest: return "Favor request"
        case .rideClaimed: return "Ride claimed"
        case .townHallReply: return "Town hall reply"
        case .reviewRequest: return "Leave a review"
        case .announcement: return "Announcement"
        }
    }

    var sortRank: Int {
        switch self {
        case .announcement: return 0
        case .message, .addedToConversation: return Self.baseRank + 1
        default: return Self.baseRank
        }
    }

    var affectedDomains: Set<AppDomain> {
        switch self {
        case .message, .addedToConversation: return [.messaging]
        case .favorRequest, .rideClaimed, .reviewRequest: return [.requests, .profile]
        case .townHallReply: return [.community]
        case .announcement: return []
        }
    }

    var sound: String {
        if Self.quietHours { return "none" }
        switch self {
        case .message: return "chime"
        default: return "default"
        }
    }

    var showsInInbox: Bool {
        switch self {
        case .announcement: return false
        default: return true
        }
    }
}

enum AppDomain: Hashable { case messaging, requests, profile, community }
