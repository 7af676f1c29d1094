import Foundation

enum InviteStatus: String, Codable, CaseIterable {
    case pending
    case sent
    case accepted
    case declined
    case expired
    case revoked

    var isOpen: Bool { self == .pending || self == .sent }
}

/// A row of `public.invites`.
struct Invite: Codable, Identifiable, Hashable {
    let id: UUID
    let roomId: UUID
    let email: String
    var status: InviteStatus
    let createdAt: Date

    enum CodingKeys: String, CodingKey {
        case id, email, status
        case roomId = "room_id"
        case createdAt = "created_at"
    }
}
