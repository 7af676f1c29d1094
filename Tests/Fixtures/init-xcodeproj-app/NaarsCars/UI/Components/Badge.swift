import SwiftUI

/// A notification's icon with its unread dot; the widget shows it too.
struct Badge: View {
    let type: NotificationType

    var body: some View {
        Image(systemName: type.icon).overlay(alignment: .topTrailing) { Circle().frame(width: 6, height: 6) }
    }
}
