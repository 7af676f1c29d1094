import Foundation

/// Every screen the app navigates to, from taps inside the app (and from deep links, through `PushRouter`).
enum NavigationIntent: Hashable {
    case conversation(id: UUID)
    case favor(id: UUID)
    case ride(id: UUID)
    case townHallPost(postId: UUID, replyId: UUID?)
    case review(rideId: UUID)
    case profile(userId: UUID)
    case editProfile
    case settings(section: String)
    case compose(recipientId: UUID?)
    case search(query: String)
    case map(rideId: UUID)
    case notifications
}
