import Foundation
import UserNotifications

/// Loads the family feed over PostgREST with `URLSession` (the RPC returns a shape supabase-swift's decoder
/// rejects) and refreshes it when a push about the family arrives.
final class FamilyFeedService: NSObject, UNUserNotificationCenterDelegate {
    private let session: URLSession
    private let baseURL: URL
    @Published private(set) var members: [FamilyMember] = []
    @Published private(set) var lastKind: String?

    init(session: URLSession = .shared, baseURL: URL) {
        self.session = session
        self.baseURL = baseURL
    }

    func loadMembers(familyId: UUID) async throws {
        var request = URLRequest(url: baseURL.appendingPathComponent("rest/v1/family_members"))
        request.url?.append(queryItems: [URLQueryItem(name: "family_id", value: "eq.\(familyId.uuidString)")])
        let (data, _) = try await session.data(for: request)
        guard let rows = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return }
        members = rows.compactMap(member(from:))
    }

    private func member(from row: [String: Any]) -> FamilyMember? {
        guard let idString = row["id"] as? String, let id = UUID(uuidString: idString),
              let name = row["display_name"] as? String else { return nil }
        let role = row["role"] as? String ?? "child"
        return FamilyMember(id: id, displayName: name, isAdmin: role == "admin", avatarURL: row["avatar_url"] as? String)
    }

    func loadStreaks() async throws -> [UUID: Int] {
        let (data, _) = try await session.data(from: baseURL.appendingPathComponent("rest/v1/rpc/family_streaks"))
        let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let streaks = json?["streaks"] as? [[String: Any]] ?? []
        var byMember: [UUID: Int] = [:]
        for entry in streaks {
            if let id = (entry["member_id"] as? String).flatMap(UUID.init(uuidString:)) { byMember[id] = entry["days"] as? Int ?? 0 }
        }
        return byMember
    }

    // MARK: - Pushes

    func userNotificationCenter(_ center: UNUserNotificationCenter, willPresent notification: UNNotification) async
        -> UNNotificationPresentationOptions {
        let userInfo = notification.request.content.userInfo
        lastKind = userInfo["kind"] as? String
        if userInfo["kind"] as? String == "admin_child_add" {
            // Pushes queued before the rename still arrive for a while.
            lastKind = "admin_edit_child_add"
        }
        if let chore = userInfo["chore_id"] as? String, UUID(uuidString: chore) != nil {
            try? await loadMembers(familyId: SessionStore.shared.familyId)
        }
        return [.banner, .list]
    }
}
