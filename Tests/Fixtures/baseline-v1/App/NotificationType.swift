enum NotificationType: String, Codable {
    case message
    case rideUpdate = "ride_updated"
}

let shown = NotificationType(rawValue: "mesage")
