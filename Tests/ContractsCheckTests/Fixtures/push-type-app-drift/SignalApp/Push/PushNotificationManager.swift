import Foundation
import UserNotifications

/// Routes a tapped push by its `type`, which the edge functions write into the push data.
final class PushNotificationManager: NSObject, UNUserNotificationCenterDelegate {
    enum Route: Equatable {
        case signal(id: String?)
        case conversation(roomID: String?)
        case messages(roomID: String?)
    }

    var onRoute: ((Route) -> Void)?

    func route(for userInfo: [AnyHashable: Any]) -> Route? {
        guard let type = userInfo["type"] as? String else { return nil }
        switch type {
        case "live_signal_received":
            return .signal(id: userInfo["signal_id"] as? String)
        case "conversation_start":
            return .conversation(roomID: userInfo["room_id"] as? String)
        case "new_message":
            return .messages(roomID: userInfo["room_id"] as? String)
        default:
            return nil
        }
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                withCompletionHandler completionHandler: @escaping () -> Void) {
        if let route = route(for: response.notification.request.content.userInfo) { onRoute?(route) }
        completionHandler()
    }
}
