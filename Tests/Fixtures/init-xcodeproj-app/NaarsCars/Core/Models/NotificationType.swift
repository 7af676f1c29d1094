import Foundation

/// What `notifications.type` stores; a push carries it under `type`.
enum NotificationType: String, Codable, CaseIterable, Sendable {
    case message
    case rideUpdate = "ride_update"
    case rideClaimed = "ride_claimed"
    case townHallPost = "town_hall_post"
    case other

    var icon: String {
        switch self {
        case .message: return "message.fill"
        case .rideUpdate: return "car.circle.fill"
        case .rideClaimed: return "checkmark.circle.fill"
        case .townHallPost: return "building.columns.fill"
        case .other: return "bell.fill"
        }
    }

    init(from decoder: Decoder) throws {
        let raw = try decoder.singleValueContainer().decode(String.self)
        self = NotificationType(rawValue: raw) ?? .other
    }
}
