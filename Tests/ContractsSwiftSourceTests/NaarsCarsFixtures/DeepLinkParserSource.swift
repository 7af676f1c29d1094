/// NaarsCars `Core/Utilities/DeepLinkParser.swift` (seed 000, A.4): the 14-case `DeepLink` enum and the
/// parser of push `userInfo` and `naarscars://` URLs. Drift-free against the repo's registry.yaml.
enum DeepLinkParserSource {
    static let path = "NaarsCars/Core/Utilities/DeepLinkParser.swift"

    static let text = #"""
    import Foundation
    import OSLog

    /// Where a push tap or a `naarscars://` URL takes the user.
    enum DeepLink: Equatable, Sendable {
        case ride(id: UUID)
        case favor(id: UUID)
        case conversation(id: UUID)
        case profile(id: UUID)
        case townHallPostComments(id: UUID)
        case townHallPostHighlight(id: UUID)
        case townHall
        case adminPanel, pendingUsers, dashboard
        case notifications
        case announcements(notificationId: UUID?)
        case enterApp
        case unknown
    }

    struct DeepLinkParser {
        private static let logger = Logger(subsystem: "com.naarscars", category: "deeplink")

        /// Parses a push payload. The server sends `type` and the ids; newer builds also send `deep_link`.
        static func parse(userInfo: [AnyHashable: Any]) -> DeepLink? {
            if let link = userInfo["deep_link"] as? String, let parsed = parse(caseName: link, userInfo: userInfo) {
                return parsed
            }
            guard let type = userInfo["type"] as? String else {
                logger.debug("push without type: \(userInfo.keys.count) keys")
                return nil
            }
            switch type {
            case "message", "added_to_conversation":
                return uuid(userInfo["conversation_id"]).map { .conversation(id: $0) }
            case "new_ride", "ride_update", "ride_claimed", "ride_unclaimed", "ride_completed":
                return uuid(userInfo["ride_id"]).map { .ride(id: $0) }
            case "new_favor", "favor_update", "favor_claimed", "favor_unclaimed", "favor_completed":
                return uuid(userInfo["favor_id"]).map { .favor(id: $0) }
            case "completion_reminder", "qa_activity", "qa_question", "qa_answer",
                 "review_reminder", "review_request":
                if let rideId = uuid(userInfo["ride_id"]) { return .ride(id: rideId) }
                return uuid(userInfo["favor_id"]).map { .favor(id: $0) }
            case "review", "review_received":
                return uuid(userInfo["user_id"]).map { .profile(id: $0) }
            case "town_hall_post", "town_hall_reaction":
                return uuid(userInfo["town_hall_post_id"]).map { .townHallPostHighlight(id: $0) } ?? .townHall
            case "town_hall_comment":
                return uuid(userInfo["town_hall_post_id"]).map { .townHallPostComments(id: $0) } ?? .townHall
            case "announcement", "admin_announcement", "broadcast":
                return .announcements(notificationId: uuid(userInfo["notification_id"]))
            case "pending_approval":
                return .pendingUsers
            case "user_approved":
                return .enterApp
            default:
                // "other" and anything newer than this build open the list.
                return .notifications
            }
        }

        /// `deep_link` names a case directly; its parameters come from the same payload.
        private static func parse(caseName: String, userInfo: [AnyHashable: Any]) -> DeepLink? {
            switch caseName {
            case "townHall": return .townHall
            case "adminPanel": return .adminPanel
            case "dashboard": return .dashboard
            case "enterApp": return .enterApp
            default: return nil
            }
        }

        /// `naarscars://ride/<id>` and friends.
        static func parse(url: URL) -> DeepLink? {
            guard url.scheme == "naarscars" else { return nil }
            let id = url.pathComponents.dropFirst().first.flatMap(UUID.init(uuidString:))
            switch url.host {
            case "ride": return id.map { .ride(id: $0) }
            case "favor": return id.map { .favor(id: $0) }
            case "message", "conversation": return id.map { .conversation(id: $0) }
            case "notifications": return .notifications
            default: return .unknown
            }
        }

        /// The badge number APNs carries, if any.
        static func badgeCount(userInfo: [AnyHashable: Any]) -> Int? {
            let aps = userInfo["aps"] as? [String: Any]
            return aps?["badge"] as? Int
        }

        private static func uuid(_ value: Any?) -> UUID? {
            (value as? String).flatMap(UUID.init(uuidString:))
        }
    }
    """#
}
