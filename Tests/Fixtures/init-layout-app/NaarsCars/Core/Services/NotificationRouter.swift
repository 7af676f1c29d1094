import Foundation

@MainActor
final class NotificationRouter {
    static let shared = NotificationRouter()
    private(set) var lastOpened: NotificationType?

    func open(_ type: NotificationType, sender: UUID?) {
        lastOpened = type
        if type == .rideClaimed, let sender { print("claimed by \(sender)") }
    }
}
