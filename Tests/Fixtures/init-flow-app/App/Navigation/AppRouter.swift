import SwiftUI

@MainActor
final class AppRouter: ObservableObject {
    @Published var path: [NavigationIntent] = []

    func open(_ intent: NavigationIntent) {
        path.append(intent)
    }

    func showNotificationSettings() {
        open(.settings(section: "notifications"))
    }

    func message(_ userId: UUID) {
        open(.compose(recipientId: userId))
    }
}
