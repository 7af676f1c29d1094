import Foundation

enum ChatRoomStatus: String, Codable, CaseIterable {
    case active
    case archived
    case deleted
}

enum InviteStatus: String, Codable {
    case pending, accepted, declined
}

struct ChatRoom: Codable, Identifiable {
    let id: UUID
    var title: String
    var status: ChatRoomStatus
}

struct Invite: Codable, Identifiable {
    let id: UUID
    let roomID: UUID
    var status: InviteStatus

    enum CodingKeys: String, CodingKey {
        case id
        case roomID = "room_id"
        case status
    }
}
