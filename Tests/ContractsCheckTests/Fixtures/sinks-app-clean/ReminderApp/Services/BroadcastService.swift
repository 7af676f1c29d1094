import Foundation

/// What the admin screens announce to everyone, through the notification view model.
struct BroadcastService {
    let notifications: NotificationViewModel

    /// Announces `title` as a notification of `kind`.
    func announce(_ title: String, as kind: String) async {
        await notifications.scheduleNotification(title: title, kind: kind)
    }

    /// Announces without saying a kind: the view model's default.
    func announce(_ title: String) async {
        await notifications.scheduleNotification(title: title)
    }

    /// Counts a broadcast for the admin's statistics: `kind` names a counter, nothing is written.
    func count(_ title: String, kind: String = "all_broadcasts") -> String {
        "\(kind):\(title)"
    }
}
