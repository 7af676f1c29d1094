import Foundation

/// The PostgreSQL ENUM `public.member_role`, used by chat rooms and expense groups alike.
enum MemberRole: String, Codable, CaseIterable, Comparable {
    case owner
    case admin
    case member
    case guest

    private var rank: Int { Self.allCases.firstIndex(of: self)! }

    static func < (lhs: MemberRole, rhs: MemberRole) -> Bool { lhs.rank > rhs.rank }

    var canPost: Bool { self != .guest }
}
