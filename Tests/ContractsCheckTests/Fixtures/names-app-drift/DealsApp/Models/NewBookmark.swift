import Foundation

/// A bookmark as the app saves it; the services that write it are in other files.
struct NewBookmark: Encodable {
    let deal_id: UUID
    let user_id: UUID
    let saved_at: Date
    /// Neither is encoded (synthesized `Encodable` leaves out lazy and static properties): no column is named.
    lazy var summary: String = "\(deal_id)"
    static let table = "bookmarks"
}
