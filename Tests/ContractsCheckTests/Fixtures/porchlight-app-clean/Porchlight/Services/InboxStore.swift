import Foundation
import Supabase

/// The inbox: rows of `notifications`, read with PostgREST, plus what the realtime channel broadcasts.
@MainActor
final class InboxStore: ObservableObject {
    @Published private(set) var items: [(type: NotificationType, entityID: String?)] = []
    private var observer: NSObjectProtocol?

    init() {
        // The invite sheet posts this after joining a group: the app's own notification, not a push.
        observer = NotificationCenter.default.addObserver(forName: .groupJoined, object: nil, queue: .main) { note in
            if let group = note.userInfo?["group_id"] as? String { print("joined", group) }
        }
    }

    func load(rows data: Data) throws {
        let rows = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
        items = rows.compactMap { row in
            guard let raw = row["type"] as? String, let type = NotificationType(rawValue: raw) else { return nil }
            // A row keeps the id in one column for every type; the push keys do not apply here.
            let id = row[type.rowIdColumn] as? String ?? row[type.entityIdKey ?? "id"] as? String
            return (type, id)
        }
    }

    func lastOpened(_ type: NotificationType) -> String? {
        UserDefaults.standard.string(forKey: type.lastOpenedDefaultsKey)
    }
}

extension Notification.Name {
    static let groupJoined = Notification.Name("groupJoined")
}
