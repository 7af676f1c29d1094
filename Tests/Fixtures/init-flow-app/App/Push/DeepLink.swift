import Foundation

/// A screen a tapped push (or a `rideshare://` URL) opens; `DeepLinkParser` builds it from the payload.
enum DeepLink: Equatable {
    case conversation(id: UUID)
    case favor(id: UUID)
    case ride(id: UUID)
    case townHallPost(postId: UUID, replyId: UUID?)
    case review(rideId: UUID)
    case profile(userId: UUID)
    case announcements
    case notifications
}
