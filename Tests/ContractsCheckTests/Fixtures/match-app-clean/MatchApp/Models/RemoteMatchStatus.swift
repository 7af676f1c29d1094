import Foundation

/// The status of a live match as the server stores it, plus one state only the app knows.
enum RemoteMatchStatus: String, Codable, CaseIterable {
    case invited
    case waiting
    case active
    case paused
    case completed
    case abandoned
    case forfeited
    /// UI-only state, not in the database: shown while the invitation is being sent.
    case sent

    var isLive: Bool {
        switch self {
        case .active, .paused: return true
        default: return false
        }
    }
}
