import Foundation

enum FixtureStatus: String, Codable {
    case scheduled
    case live
    case finished
    case postponed
}

struct Fixture: Codable, Identifiable {
    let id: UUID
    let home: String
    let away: String
    let status: FixtureStatus
}
