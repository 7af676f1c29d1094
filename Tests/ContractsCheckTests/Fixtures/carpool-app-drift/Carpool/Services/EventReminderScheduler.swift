import Foundation
import UserNotifications

/// Schedules the local reminder an hour before a street event; the app builds its userInfo itself.
enum EventReminderScheduler {
    static func schedule(title: String, startsAt: Date) {
        let content = UNMutableNotificationContent()
        content.title = title
        content.body = "Starts in an hour"
        content.userInfo = ["event_title": title, "event_date": ISO8601DateFormatter().string(from: startsAt)]
        let trigger = UNTimeIntervalNotificationTrigger(timeInterval: max(60, startsAt.timeIntervalSinceNow - 3600),
                                                        repeats: false)
        UNUserNotificationCenter.current().add(UNNotificationRequest(identifier: title, content: content, trigger: trigger))
    }
}
