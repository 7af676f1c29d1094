import SwiftUI

/// One row of the bell list.
struct NotificationRow: View {
    let notification: AppNotification

    var body: some View {
        HStack(alignment: .top, spacing: 12) {
            Image(systemName: notification.type.icon)
                .foregroundStyle(notification.isHighlighted ? Color.accentColor : .secondary)
            VStack(alignment: .leading, spacing: 4) {
                Text(notification.title).font(.headline)
                if let body = notification.body {
                    Text(body).font(.subheadline).foregroundStyle(.secondary)
                }
            }
            Spacer()
            switch notification.type.rawValue {
            case "message", "added_to_conversation": Image(systemName: "bubble.left")
            default: EmptyView()
            }
            if !notification.read {
                Circle().frame(width: 8, height: 8).foregroundStyle(Color.accentColor)
            }
        }
        .accessibilityLabel(notification.type == .message ? "New message" : notification.title)
        .accessibilityIdentifier("notification-row-\(notification.type.rawValue)")
    }
}
