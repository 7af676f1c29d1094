import Foundation
import UserNotifications

/// Event reminders are scheduled on the device: no server sends them.
enum EventReminders {
    static func schedule(id: UUID, title: String, at date: Date) async throws {
        let content = UNMutableNotificationContent()
        content.title = title
        content.userInfo = ["type": "event_reminder", "reminder_id": id.uuidString]
        let trigger = UNCalendarNotificationTrigger(
            dateMatching: Calendar.current.dateComponents([.year, .month, .day, .hour, .minute], from: date), repeats: false)
        try await UNUserNotificationCenter.current().add(UNNotificationRequest(identifier: id.uuidString, content: content, trigger: trigger))
    }
}
