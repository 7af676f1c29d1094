import Supabase
import SwiftUI

@main
struct PushApp: App {
    let supabase = SupabaseClient(supabaseURL: URL(string: "https://example.supabase.co")!, supabaseKey: "anon")

    var body: some Scene {
        WindowGroup {
            ContentView()
                .onOpenURL { url in
                    Task { try? await supabase.auth.session(from: url) }
                }
        }
    }
}
