import Foundation

/// A rating as the rating sheet drafts it: its keys are the columns' names (the rater is set by a trigger).
struct RatingDraft: Codable {
    let dealID: UUID
    let stars: Int

    enum CodingKeys: String, CodingKey {
        case dealID = "deal_id"
        case stars = "score"
    }
}

/// A view written with keys of its own choosing: what it sends is not read.
struct ViewLog: Encodable {
    let when: Date

    enum Keys: String, CodingKey { case viewed_at, deal_id }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(when, forKey: .viewed_at)
    }
}

/// What the venue editor changes (the widget has a type of the same name).
struct VenueUpdate: Encodable {
    let name: String
}
