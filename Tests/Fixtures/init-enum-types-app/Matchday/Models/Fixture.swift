import Foundation

struct Fixture: Decodable, Identifiable {
    let id: UUID
    let homeTeam: String
    let awayTeam: String
    let phase: MatchPhase
    let status: FixtureStatus
}

enum MatchPhase: String, Codable {
    case scheduled
    case live
    case finished
}

/// The provider codes the app shows. sync-fixtures writes more of them than this knows.
enum FixtureStatus: String, Codable {
    case scheduled
    case live
    case halfTime = "half_time"
    case final
    case postponed
}
