import UIKit
import UserNotifications

final class AppDelegate: NSObject, UIApplicationDelegate, UNUserNotificationCenterDelegate {
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                withCompletionHandler completionHandler: @escaping () -> Void) {
        let userInfo = response.notification.request.content.userInfo
        let type = NotificationType(rawValue: userInfo["type"] as? String ?? "") ?? .other
        // The sender: a profile tap opens them.
        let senderID = (userInfo["user_id"] as? String).flatMap(UUID.init(uuidString:))
        NotificationRouter.shared.open(type, sender: senderID)
        completionHandler()
    }
}
