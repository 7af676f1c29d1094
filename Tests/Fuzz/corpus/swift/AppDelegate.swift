import UIKit
import UserNotifications

/// Push registration and taps.
final class AppDelegate: NSObject, UIApplicationDelegate, UNUserNotificationCenterDelegate {
    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        UNUserNotificationCenter.current().delegate = self
        return true
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        let userInfo = response.notification.request.content.userInfo
        if let aps = userInfo["aps"] as? [String: Any], let badge = aps["badge"] as? Int {
            await UIApplication.shared.setBadgeCount(badge)
        }
        if let raw = userInfo["type"] as? String, NotificationType(rawValue: raw) == .userApproved {
            NotificationCenter.default.post(name: .userApproved, object: nil)
        }
        guard let link = DeepLinkParser.parse(userInfo: userInfo) else { return }
        await MainActor.run { NavigationCoordinator.shared.open(link) }
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter,
                                willPresent notification: UNNotification) async -> UNNotificationPresentationOptions {
        let type = notification.request.content.userInfo["type"] as? String
        // A message for the conversation on screen only refreshes the list.
        if type == NotificationType.message.rawValue, NavigationCoordinator.shared.isShowingConversation {
            return []
        }
        return [.banner, .sound, .badge]
    }
}
