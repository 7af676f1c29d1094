import Foundation

/// One row of `get_room_overview`.
struct RoomOverview: Decodable {
    let roomId: UUID
    let roomName: String
    let unreadCount: Int
    let lastMessage: LastMessage?

    enum CodingKeys: String, CodingKey {
        case roomId = "room_id"
        case roomName = "room_name"
        case unreadCount = "unread_count"
        case lastMessage = "last_message"
    }
}

struct LastMessage: Decodable {
    let id: UUID
    let body: String
}
