/// NaarsCars `Features/Notifications/ViewModels/NotificationsListViewModel.swift` (seed 000, A.4, in-app
/// tap flow): switches and comparisons over `notification.type.rawValue`, next to a ride type that is not
/// a notification type. Drift-free against the repo's registry.yaml.
enum NotificationsListSource {
    static let path = "NaarsCars/Features/Notifications/ViewModels/NotificationsListViewModel.swift"

    static let text = #"""
    import Foundation
    import OSLog

    @MainActor
    final class NotificationsListViewModel: ObservableObject {
        @Published var notifications: [AppNotification] = []
        private let logger = Logger(subsystem: "com.naarscars", category: "notifications")

        func handleNotificationTap(_ notification: AppNotification, ride: Ride?) {
            logger.info("tapped message notification \(notification.id)")
            switch notification.type.rawValue {
            case "message", "added_to_conversation":
                NavigationCoordinator.shared.openConversation(notification.conversationId)
            case "town_hall_post":
                NavigationCoordinator.shared.selectedTab = .community
            default:
                break
            }
            if notification.type.rawValue == "review_request" {
                NavigationCoordinator.shared.showReviewPrompt = true
            }
            if let ride, ride.type.rawValue == "offer" {
                logger.debug("ride offer")
            }
            let bell = notifications.filter { $0.type.rawValue != "message" }
            logger.debug("\(bell.count) bell rows")
        }
    }
    """#
}
