import Foundation
import Supabase

/// A profile's card. Its `CodingKeys` name the keys as `convertFromSnakeCase` leaves them.
struct ProfileCard: Decodable {
    let id: UUID
    let name: String
    let avatar: String

    enum CodingKeys: String, CodingKey {
        case id
        case name = "displayName"
        case avatar = "avatarUrl"
    }
}

/// A search hit: the profile row itself.
struct ProfileSummary: Decodable, Identifiable {
    let id: UUID
    let display_name: String
    let bio: String
}

/// The signed-in user's own profile row.
struct MyProfile: Decodable {
    let id: UUID
    let display_name: String
    let phone_number: String
    let email: String
}

struct ProfileCardLoader {
    let client: SupabaseClient

    func card(_ id: UUID) async throws -> ProfileCard {
        let response = try await client.rpc("get_profile_card", params: ["p_id": id]).execute()
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(ProfileCard.self, from: response.data)
    }

    func search(_ query: String) async throws -> [ProfileSummary] {
        try await client.rpc("search_profiles", params: ["p_query": query]).execute().value
    }

    func me() async throws -> MyProfile {
        try await client.rpc("get_my_profile").single().execute().value
    }
}
