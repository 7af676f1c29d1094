import Foundation
import Supabase

/// The wallet header reads two of the keys `get-wallet` sends: JSON decoding skips the others.
struct WalletSummary: Decodable {
    let balancePence: Int
    let currency: String
    /// The "On xBill" badge: the function never sends it, so the badge never shows.
    let onXbill: Bool?
}

@MainActor
final class WalletHeaderModel: ObservableObject {
    @Published var summary: WalletSummary?
    private let supabase: SupabaseClient

    init(supabase: SupabaseClient) {
        self.supabase = supabase
    }

    func load() async {
        do {
            let summary: WalletSummary = try await supabase.functions.invoke("get-wallet")
            self.summary = summary
        } catch {
            self.summary = nil
        }
    }

    /// An older screen decodes with a snake_case-converting decoder: `balancePence` has no underscore and is
    /// matched as sent.
    func legacyBalance() async throws -> Int {
        struct LegacyWallet: Decodable { let balancePence: Int; let pendingPence: Int }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let wallet: LegacyWallet = try await supabase.functions.invoke("get-wallet", options: .init(), decoder: decoder)
        return wallet.balancePence + wallet.pendingPence
    }
}
