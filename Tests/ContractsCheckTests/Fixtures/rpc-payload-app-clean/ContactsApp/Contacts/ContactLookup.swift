import Foundation
import Supabase

/// Finds people in the address book who use the app.
struct ContactLookup {
    let client: SupabaseClient

    /// Matches address-book emails with profiles.
    func matches(for emails: [String]) async throws -> [String: UUID] {
        struct Row: Decodable {
            let id: UUID
            let display_name: String
        }
        let rows: [Row] = try await client.rpc("lookup_profiles_by_email", params: ["p_emails": emails]).execute().value
        return Dictionary(rows.map { ($0.display_name, $0.id) }, uniquingKeysWith: { first, _ in first })
    }

    /// The invite sheet: another RPC, which still returns the email.
    func inviteRecipients(_ ids: [UUID]) async throws -> [String] {
        struct Row: Decodable {
            let id: UUID
            let email: String
        }
        let rows: [Row] = try await client
            .rpc("lookup_profiles_by_ids", params: ["p_ids": ids])
            .execute()
            .value
        return rows.map(\.email)
    }

    /// The contact screen: names, and the email when there is one.
    func contactNames(for emails: [String]) async throws -> [UUID: String] {
        struct Row: Decodable {
            let id: UUID
            let name: String

            enum CodingKeys: String, CodingKey {
                case id
                case name = "display_name"
            }
        }
        let rows = try await client.rpc("lookup_profiles_by_email", params: ["p_emails": emails]).execute().value as [Row]
        return Dictionary(rows.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    }

    /// The share sheet: the address the contact screen would mail.
    func shareAddress(for id: UUID) async throws -> String? {
        struct Row: Decodable {
            let id: UUID
            let address: String

            enum CodingKeys: String, CodingKey {
                case id
                case address = "email"
            }
        }
        let rows = try await client.rpc("lookup_profiles_by_ids", params: ["p_ids": [id]]).execute().value as [Row]
        return rows.first?.address
    }
}
