import Foundation
import Supabase

/// Sign in with Google: the callback comes back through the app's URL scheme and goes to Supabase, not to a screen.
enum AuthService {
    static let callback = URL(string: "io.pushapp.auth://login-callback")!

    static func signIn(_ supabase: SupabaseClient) async throws {
        try await supabase.auth.signInWithOAuth(provider: .google, redirectTo: callback)
    }
}
