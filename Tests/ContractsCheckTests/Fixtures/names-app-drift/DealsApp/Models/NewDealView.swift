import Foundation

/// A view of a deal, as the history screen records it.
struct NewDealView: Encodable {
    let deal_id: UUID
    let user_id: UUID
}
