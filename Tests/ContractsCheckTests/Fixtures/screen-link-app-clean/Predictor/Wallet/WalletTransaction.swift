import Foundation

struct WalletTransaction: Decodable, Identifiable {
    enum Kind: String, Decodable {
        case deposit
        case withdrawal
        case entryFee = "entry_fee"
        case prize
    }

    let id: Int
    let kind: Kind
    let pence: Int
}

/// The push's own type (APNs alert or background): not a contract enum.
enum PushDelivery: String {
    case alert, background
}
