import Foundation

struct Bet: Decodable, Identifiable {
    let id: UUID
    let fixtureId: UUID
    let pick: String
    let outcome: SettlementOutcome?
}

enum SettlementOutcome: String, Codable {
    case homeWin = "home_win"
    case awayWin = "away_win"
    case draw
    case void
}

/// The bet slip's tabs: UI state, stored nowhere.
enum SlipTab: String, CaseIterable {
    case open
    case settled
}
