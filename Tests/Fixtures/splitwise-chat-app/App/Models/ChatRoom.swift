import Foundation

enum ChatRoomStatus: String, Codable, CaseIterable {
    case active
    case archived
    case locked
    case deleted
}

/// A row of `public.chat_rooms`.
struct ChatRoom: Codable, Identifiable, Hashable {
    let id: UUID
    var name: String
    let createdBy: UUID
    var status: ChatRoomStatus
    var lastMessageAt: Date?

    enum CodingKeys: String, CodingKey {
        case id, name, status
        case createdBy = "created_by"
        case lastMessageAt = "last_message_at"
    }
}

extension ChatRoom {
    var isReadOnly: Bool { status == .archived || status == .locked }

    /// The i18n key of the status badge: "room.status.archived" is a key, not a status.
    var statusKey: String { "room.status.\(status.rawValue)" }
}

/// A row of `public.chat_room_members`.
struct ChatRoomMember: Codable, Hashable {
    let roomId: UUID
    let userId: UUID
    var role: MemberRole

    enum CodingKeys: String, CodingKey {
        case roomId = "room_id"
        case userId = "user_id"
        case role
    }
}
