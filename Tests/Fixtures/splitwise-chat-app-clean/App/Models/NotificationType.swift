import Foundation

/// What a row of `public.notifications` is about. The raw values are the case names (camelCase on the wire).
enum NotificationType: String, Codable, CaseIterable {
    case expenseAdded
    case expenseSettled
    // expenseDeleted: retired in 2.3, old rows deleted
    case commentAdded
    case inviteReceived
    case inviteAccepted
    case roomArchived
    case paymentReminder
    case general

    /// Unknown types from a newer server show as general notifications.
    init(from decoder: Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        self = NotificationType(rawValue: raw) ?? .general
    }

    var systemImage: String {
        switch self {
        case .expenseAdded: return "plus.circle"
        case .expenseSettled: return "checkmark.circle"
        case .commentAdded: return "text.bubble"
        case .inviteReceived, .inviteAccepted: return "envelope.open"
        case .roomArchived: return "archivebox"
        case .paymentReminder: return "clock.badge.exclamationmark"
        case .general: return "bell"
        }
    }
}

/// A row of `public.notifications`.
struct AppNotification: Codable, Identifiable, Hashable {
    let id: UUID
    let userId: UUID
    let type: NotificationType
    let title: String
    let body: String?
    let readAt: Date?
    let createdAt: Date

    enum CodingKeys: String, CodingKey {
        case id
        case userId = "user_id"
        case type
        case title
        case body
        case readAt = "read_at"
        case createdAt = "created_at"
    }

    var isUnread: Bool { readAt == nil }
}
