import Foundation
import Supabase

@MainActor
final class WithdrawViewModel: ObservableObject {
    @Published var maximum = 0
    @Published var pending = 0
    private let client: SupabaseClient

    init(client: SupabaseClient) {
        self.client = client
    }

    func refresh() async throws {
        let wallet: WalletResponse = try await client.functions.invoke(
            "get-wallet",
            options: FunctionInvokeOptions(method: .get)
        )
        maximum = wallet.availablePence
        pending = wallet.pendingPence ?? 0
    }

    /// The balance badge: written against the table's column names, but the function answers in camelCase and
    /// `invoke`'s default decoder keeps keys as sent.
    func balanceBadge() async throws -> String {
        struct Row: Decodable { let balance_pence: Int }
        let row: Row = try await client.functions.invoke("get-wallet")
        return "£\(row.balance_pence / 100)"
    }

    /// Decoded by hand from the raw data: not judged.
    func rawBalance() async throws -> Int {
        struct Anything: Decodable { let whatever: Int }
        let value: Anything = try await client.functions.invoke("get-wallet") { data, _ in
            try JSONDecoder().decode(Anything.self, from: data)
        }
        return value.whatever
    }
}
