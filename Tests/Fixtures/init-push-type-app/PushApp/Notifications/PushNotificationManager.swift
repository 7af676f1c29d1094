import Foundation
import UserNotifications

/// Routes a tapped push. The server's edge functions put `type` in the push data; there is no column for it.
final class PushNotificationManager: NSObject, UNUserNotificationCenterDelegate {
    private(set) var lastSeenInvite: String?
    private(set) var lastMessageId: String?

    func deepLink(for userInfo: [AnyHashable: Any]) -> DeepLink? {
        guard let type = userInfo["type"] as? String else { return nil }
        switch type {
        case "invite_received":
            lastSeenInvite = userInfo["invite_id"] as? String
            return .invites
        case "new_message":
            guard let roomId = (userInfo["room_id"] as? String).flatMap(UUID.init(uuidString:)) else { return nil }
            lastMessageId = userInfo["message_id"] as? String
            return .chatRoom(id: roomId)
        case "room_deleted":
            return .rooms
        default:
            print("push type: \(type) is not handled")
            return nil
        }
    }
}
