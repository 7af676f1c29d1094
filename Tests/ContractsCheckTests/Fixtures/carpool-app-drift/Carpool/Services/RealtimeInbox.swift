import Foundation

/// Rows arriving over the realtime channel: a `[String: Any]` that is not a push payload.
final class RealtimeInbox {
    var onRow: ((NotificationType, String) -> Void)?
    var settings: [String: Bool] = ["notifyMessages": true, "notifyTownHall": false]

    func handle(_ row: [String: Any]) {
        guard let raw = row["type"] as? String, let title = row["title"] as? String else { return }
        let type = NotificationType(rawValue: raw) ?? .announcement
        if let key = type.preferenceKey, settings[key] == false { return }
        NotificationCenter.default.post(name: .inboxRow, object: nil, userInfo: ["row_title": title])
        onRow?(type, title)
    }

    func observe() {
        NotificationCenter.default.addObserver(forName: .inboxRow, object: nil, queue: .main) { note in
            _ = note.userInfo?["row_title"] as? String
        }
    }
}

extension Notification.Name {
    static let inboxRow = Notification.Name("inboxRow")
}
