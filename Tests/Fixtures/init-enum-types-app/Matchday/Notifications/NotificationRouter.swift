import Foundation

/// Taps are routed by the push's `screen`: there is no notification type in this app.
final class NotificationRouter {
    func route(for userInfo: [AnyHashable: Any]) -> Route? {
        guard let screen = userInfo["screen"] as? String else { return nil }
        switch screen {
        case "fixture":
            guard let id = (userInfo["fixture_id"] as? String).flatMap(UUID.init(uuidString:)) else { return nil }
            return .fixture(id: id)
        case "bets":
            return .bets
        case "settings":
            return .settings
        default:
            print("screen: \(screen) has no route")
            return nil
        }
    }
}
