import SwiftUI
import Supabase

let supabase = SupabaseClient(
    supabaseURL: URL(string: "https://splitchat.supabase.co")!,
    supabaseKey: "public-anon-key"
)

@main
struct SplitChatApp: App {
    @StateObject private var session = SessionStore()

    var body: some Scene {
        WindowGroup {
            RootView()
                .environmentObject(session)
        }
    }
}

/// The tab bar. Its raw values are restoration identifiers, not data: they share names with ChatRoomStatus
/// (`active`, `archived`) and InviteStatus (`pending`) by chance.
enum Tab: String, CaseIterable, Identifiable {
    case active
    case archived
    case pending
    case expenses

    var id: String { rawValue }

    var title: LocalizedStringKey {
        switch self {
        case .active: return "tab.active"
        case .archived: return "tab.archived"
        case .pending: return "tab.pending"
        case .expenses: return "tab.expenses"
        }
    }
}

struct RootView: View {
    @SceneStorage("selectedTab") private var selectedTab: Tab = .active

    var body: some View {
        TabView(selection: $selectedTab) {
            ChatRoomListView(showing: .active)
                .tabItem { Label(Tab.active.title, systemImage: "bubble.left.and.bubble.right") }
                .tag(Tab.active)
            ChatRoomListView(showing: .archived)
                .tabItem { Label(Tab.archived.title, systemImage: "archivebox") }
                .tag(Tab.archived)
            InvitesView()
                .tabItem { Label(Tab.pending.title, systemImage: "envelope") }
                .tag(Tab.pending)
            ExpensesView()
                .tabItem { Label(Tab.expenses.title, systemImage: "creditcard") }
                .tag(Tab.expenses)
        }
        .onAppear { selectedTab = Tab(rawValue: "archived") ?? .active }
    }
}

@MainActor
final class SessionStore: ObservableObject {
    @Published private(set) var userId: UUID?

    func restore() async {
        userId = try? await supabase.auth.session.user.id
        AppDiagnostics.log(.sync, "session restored; status=active")
    }
}

#if DEBUG
#Preview {
    RootView().environmentObject(SessionStore())
}
#endif
