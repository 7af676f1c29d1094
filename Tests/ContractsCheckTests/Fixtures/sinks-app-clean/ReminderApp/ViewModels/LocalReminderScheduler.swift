import Foundation
import UserNotifications

/// Local reminders on this device only: nothing reaches the database.
final class LocalReminderScheduler: ObservableObject {
    private let center = UNUserNotificationCenter.current()

    /// The same name and labels as `NotificationViewModel`'s, but its `kind` is a category identifier.
    func scheduleNotification(title: String, kind: String) {
        let content = UNMutableNotificationContent()
        content.title = title
        content.categoryIdentifier = kind
        let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 60, repeats: false)
        center.add(UNNotificationRequest(identifier: UUID().uuidString, content: content, trigger: trigger))
    }
}
