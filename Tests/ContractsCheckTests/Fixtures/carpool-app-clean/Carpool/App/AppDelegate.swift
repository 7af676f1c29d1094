import UIKit
import UserNotifications

final class AppDelegate: NSObject, UIApplicationDelegate, UNUserNotificationCenterDelegate {
    var router = Router()

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
                                withCompletionHandler completionHandler: @escaping () -> Void) {
        let userInfo = response.notification.request.content.userInfo
        let type = (userInfo["type"] as? String).map { NotificationType(rawValue: $0) ?? .announcement }

        // Local reminders the app scheduled itself (EventReminderScheduler) carry the event's own fields.
        if let title = userInfo["event_title"] as? String, let date = userInfo["event_date"] as? String {
            router.showEvent(title: title, date: date)
            completionHandler()
            return
        }

        switch type {
        case .message:
            if let conversation = (userInfo["conversation_id"] as? String).flatMap(UUID.init(uuidString:)) {
                router.open(.conversation(id: conversation), scrollTo: userInfo["message_id"] as? String)
            }
        case .eventReminder:
            if let reminder = userInfo["reminder_id"] as? String { router.snoozeReminder(id: reminder) }
        case .townHallPost, .townHallReply:
            if let key = type?.entityIdKey, let post = (userInfo[key] as? String).flatMap(UUID.init(uuidString:)) {
                router.open(.townHall(postId: post), scrollTo: nil)
            }
        default:
            if let ride = (userInfo["ride_id"] as? String).flatMap(UUID.init(uuidString:)) { router.open(.ride(id: ride), scrollTo: nil) }
        }
        if let sender = userInfo["sender_name"] as? String { router.lastSender = sender }
        completionHandler()
    }
}

struct Router {
    var lastSender: String?
    mutating func open(_ link: DeepLink, scrollTo messageID: String?) {}
    func showEvent(title: String, date: String) {}
    func snoozeReminder(id: String) {}
}
