import UIKit
import UserNotifications

/// Opens the screen of a tapped push: the payload becomes a `DeepLink`, the link an in-app `NavigationIntent`.
final class PushRouter: NSObject, UNUserNotificationCenterDelegate {
    private let router: AppRouter

    init(router: AppRouter) {
        self.router = router
    }

    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        let userInfo = response.notification.request.content.userInfo
        if let id = userInfo["favor_id"] as? String {
            Analytics.log("favor_push_opened", id: id)
        }
        guard let link = DeepLinkParser.parse(userInfo: userInfo) else { return }
        await router.open(intent(for: link))
    }

    /// The in-app screen for a link: rides open on the map.
    private func intent(for link: DeepLink) -> NavigationIntent {
        switch link {
        case .conversation(let id): return .conversation(id: id)
        case .favor(let id): return .favor(id: id)
        case .ride(let id): return .map(rideId: id)
        case .townHallPost(let postId, let replyId): return .townHallPost(postId: postId, replyId: replyId)
        case .review(let rideId): return .review(rideId: rideId)
        case .profile(let userId): return .profile(userId: userId)
        case .announcements, .notifications: return .notifications
        }
    }
}

enum Analytics {
    static func log(_ event: String, id: String) {}
}
