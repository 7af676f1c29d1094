/// What `rides.status` stores.
enum RideStatus: String, Codable, Sendable {
    case requested
    case claimed
    case completed
    case cancelled
}
