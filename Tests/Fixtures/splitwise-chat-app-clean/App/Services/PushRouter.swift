import Foundation
import UserNotifications

/// Opens the right screen when a push is tapped. The push's `type` is a NotificationType raw value.
@MainActor
final class PushRouter: NSObject, UNUserNotificationCenterDelegate {
    enum Destination: Equatable {
        case expenses
        case invites
        case room
        case inbox
    }

    @Published private(set) var destination: Destination?

    nonisolated func userNotificationCenter(_ center: UNUserNotificationCenter,
                                            didReceive response: UNNotificationResponse) async {
        let userInfo = response.notification.request.content.userInfo
        let raw = userInfo["type"] as? String ?? ""
        await route(raw)
    }

    func route(_ raw: String) {
        switch NotificationType(rawValue: raw) {
        case .expenseAdded, .expenseSettled, .commentAdded, .paymentReminder:
            destination = .expenses
        case .inviteReceived, .inviteAccepted:
            destination = .invites
        case .roomArchived:
            destination = .room
        case .general, nil:
            // "expenseDeleted" pushes are no longer sent; old ones open the inbox.
            destination = .inbox
        }
    }

    /// Local reminder the app schedules itself when a payment is due.
    func schedulePaymentReminder(groupName: String, at date: Date) async throws {
        let content = UNMutableNotificationContent()
        content.title = "Payment due"
        content.body = "You still owe money in \(groupName)."
        content.userInfo = ["type": "paymentReminder"]
        let trigger = UNCalendarNotificationTrigger(
            dateMatching: Calendar.current.dateComponents([.year, .month, .day, .hour], from: date), repeats: false)
        try await UNUserNotificationCenter.current()
            .add(UNNotificationRequest(identifier: "payment-\(groupName)", content: content, trigger: trigger))
    }

    /// Local "room archived" banner while the app is open.
    func bannerType(for room: ChatRoom) -> NotificationType? {
        room.status == .archived ? NotificationType(rawValue: "roomArchived") : nil
    }
}
