import Foundation

// Row types for `supabase.from("notifications")`. Property names are the column names unless CodingKeys says
// otherwise (supabase-swift's encoder does not convert case).

/// A notification row as the app inserts it.
struct NewNotification: Encodable {
    let userId: UUID
    let kind: String
    var title: String?
    var body: String?
    var data: [String: String] = [:]

    enum CodingKeys: String, CodingKey {
        case userId = "user_id"
        case kind, title, body, data
    }
}

/// The row a chore's lifecycle writes; older code called the column "event type".
struct ChoreEventNotification: Codable, Hashable {
    var userId: UUID
    var eventType: String
    var choreId: UUID?

    enum CodingKeys: String, CodingKey {
        case userId = "user_id"
        case eventType = "kind"
        case choreId = "chore_id"
    }
}

/// How a notification's badge looks in the list. Not a row: never encoded.
struct NotificationBadgeStyle: Hashable {
    var kind: String
    var tint: String = "accent"
}

/// A row of `family_events` (the activity feed), which has its own `kind`.
struct FamilyEventRow: Encodable {
    let familyId: UUID
    let kind: String

    enum CodingKeys: String, CodingKey {
        case familyId = "family_id"
        case kind
    }
}
