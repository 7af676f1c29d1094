import Foundation

/// What the withdraw screen decodes from `get-wallet`.
struct WalletResponse: Decodable {
    let balancePence: Int
    let availablePence: Int
    let pendingPence: Int?
    let currency: String
}
