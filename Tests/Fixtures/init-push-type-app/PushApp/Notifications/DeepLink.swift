import Foundation

/// The screen a tapped push opens.
enum DeepLink: Equatable {
    case invites
    case chatRoom(id: UUID)
    case rooms
}
