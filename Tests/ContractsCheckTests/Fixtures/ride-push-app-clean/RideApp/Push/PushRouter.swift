import Foundation
import UserNotifications

/// Turns a push into the screen to open.
final class PushRouter {
    enum Destination: Equatable {
        case ride(UUID)
        case riderProfile(UUID)
        case cancellation(note: String?)
    }

    func destination(for userInfo: [AnyHashable: Any]) -> Destination? {
        guard let type = userInfo["type"] as? String else { return nil }
        switch type {
        case "ride_requested":
            guard let id = (userInfo["ride_id"] as? String).flatMap(UUID.init(uuidString:)) else { return nil }
            return .ride(id)
        case "ride_cancelled":
            return .cancellation(note: nil)
        default:
            guard let rider = (userInfo["user_id"] as? String).flatMap(UUID.init(uuidString:)) else { return nil }
            return .riderProfile(rider)
        }
    }
}
