import SwiftUI

struct ConversationsListView: View {
    @State private var unread: [NotificationType] = []

    var body: some View {
        List(unread, id: \.self) { type in
            Label(type.rawValue, systemImage: type.icon)
        }
    }
}
