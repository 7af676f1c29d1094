import Foundation

/// The paid plan, as `profiles.plan` and `subscriptions.plan` hold it. No edge function deals with plans.
enum Plan: String, Codable, CaseIterable {
    case free, plus, pro, family

    var maxGroups: Int {
        switch self {
        case .free: return 3
        case .plus: return 10
        case .pro, .family: return .max
        }
    }
}

/// A row of `public.profiles`.
struct Profile: Codable, Identifiable, Hashable {
    let id: UUID
    var displayName: String
    var avatarURL: URL?
    var plan: Plan

    enum CodingKeys: String, CodingKey {
        case id, plan
        case displayName = "display_name"
        case avatarURL = "avatar_url"
    }
}
