import Foundation

/// A row of `scheduled_notifications`, as the app inserts it.
struct ScheduledNotificationRow: Encodable {
    let userId: UUID
    let title: String
    var body: String?
    let kind: String
    let sendAt: Date

    enum CodingKeys: String, CodingKey {
        case userId = "user_id"
        case title, body, kind
        case sendAt = "send_at"
    }
}

/// A row of `activity_log`: its `kind` is an event name of the activity screen, not a notification type.
struct ActivityLogRow: Encodable {
    let userId: UUID
    let kind: String

    enum CodingKeys: String, CodingKey {
        case userId = "user_id"
        case kind
    }
}

/// A reminder the user made.
struct Reminder: Identifiable, Decodable {
    let id: UUID
    let userId: UUID
    let title: String
    let kind: String
    let dueAt: Date
}
