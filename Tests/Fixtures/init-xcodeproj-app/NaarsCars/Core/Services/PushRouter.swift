import Foundation

/// Turns a tapped push's payload into the screen it opens.
enum PushRouter {
    static func deepLink(userInfo: [AnyHashable: Any]) -> DeepLink? {
        guard let type = (userInfo["type"] as? String).flatMap(NotificationType.init(rawValue:)) else { return nil }
        switch type {
        case .message:
            return uuid(userInfo["conversation_id"]).map { .conversation(id: $0) }
        case .rideUpdate, .rideClaimed:
            return uuid(userInfo["ride_id"]).map { .ride(id: $0) }
        case .townHallPost:
            return .townHall
        case .other:
            return nil
        }
    }

    private static func uuid(_ value: Any?) -> UUID? {
        (value as? String).flatMap(UUID.init(uuidString:))
    }
}
