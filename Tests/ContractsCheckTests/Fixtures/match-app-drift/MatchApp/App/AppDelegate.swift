import UIKit
import UserNotifications

final class AppDelegate: NSObject, UIApplicationDelegate, UNUserNotificationCenterDelegate {
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        let userInfo = response.notification.request.content.userInfo
        let status = (userInfo["status"] as? String).flatMap(RemoteMatchStatus.init(rawValue:))
        // Older builds of the server sent snake_case; nothing sends it any more.
        let matchId = userInfo["matchId"] as? String ?? userInfo["match_id"] as? String
        let host = userInfo["hostName"] as? String
        await MatchRouter.shared.open(matchId: matchId, status: status, host: host)
    }
}

@MainActor
final class MatchRouter {
    static let shared = MatchRouter()
    func open(matchId: String?, status: RemoteMatchStatus?, host: String?) {}
}
