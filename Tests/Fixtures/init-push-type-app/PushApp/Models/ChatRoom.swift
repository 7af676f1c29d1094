import Foundation

struct ChatRoom: Decodable, Identifiable {
    let id: UUID
    let name: String
    let status: ChatRoomStatus
}

/// The app never shows a deleted room, so it never declared `deleted`; the server's soft delete writes it.
enum ChatRoomStatus: String, Codable {
    case active
    case archived
    case blocked
}
