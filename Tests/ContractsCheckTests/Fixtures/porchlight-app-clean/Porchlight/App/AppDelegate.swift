import UIKit
import UserNotifications

final class AppDelegate: NSObject, UIApplicationDelegate, UNUserNotificationCenterDelegate {
    let router = Router.shared

    func application(_ application: UIApplication,
                     didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]? = nil) -> Bool {
        UNUserNotificationCenter.current().delegate = self
        return true
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                withCompletionHandler completionHandler: @escaping () -> Void) {
        let userInfo = response.notification.request.content.userInfo
        defer { completionHandler() }

        // Group invites carry no type: the group id alone says where to go.
        if let groupId = (userInfo["groupId"] as? String).flatMap(UUID.init(uuidString:)) {
            router.openGroup(groupId)
            return
        }

        guard let raw = userInfo["type"] as? String, let type = NotificationType(rawValue: raw) else { return }
        switch type {
        case .message:
            if let conversation = userInfo["conversation_id"] as? String {
                router.openConversation(conversation, message: userInfo["message_id"] as? String)
            }
        case .announcement:
            router.openInbox()
        default:
            if let key = type.entityIdKey, let id = userInfo[key] as? String {
                UserDefaults.standard.set(id, forKey: type.lastOpenedDefaultsKey)
                router.open(type, id: id)
            } else {
                router.openInbox()
            }
        }
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification)
        async -> UNNotificationPresentationOptions {
        [.banner, .sound]
    }
}

final class Router {
    static let shared = Router()
    func openGroup(_ id: UUID) {}
    func openConversation(_ id: String, message: String?) {}
    func open(_ type: NotificationType, id: String) {}
    func openInbox() {}
}
