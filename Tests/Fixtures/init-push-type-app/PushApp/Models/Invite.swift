import Foundation

struct Invite: Decodable, Identifiable {
    let id: UUID
    let roomId: UUID
    let status: InviteStatus
}

enum InviteStatus: String, Codable {
    case pending
    case accepted
    case declined
}
