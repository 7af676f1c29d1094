import SwiftUI

struct ContentView: View {
    var body: some View {
        TabView {
            ConversationsListView().tabItem { Label("Messages", systemImage: NotificationType.message.icon) }
            RideDetailView(status: .requested).tabItem { Label("Rides", systemImage: "car") }
        }
    }
}
