import Foundation

/// Where a tapped notification takes the user.
enum DeepLink: Equatable {
    case ride(id: UUID)
    case favor(id: UUID)
    case conversation(id: UUID)
    case townHall(postId: UUID)
}
