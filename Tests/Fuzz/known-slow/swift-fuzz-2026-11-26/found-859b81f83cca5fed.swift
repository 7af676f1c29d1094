enum NotificationType: String {
    case message
    var icon: StriNotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationT







































ype(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(r{wValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")NotificationType(rawValue: "x")No