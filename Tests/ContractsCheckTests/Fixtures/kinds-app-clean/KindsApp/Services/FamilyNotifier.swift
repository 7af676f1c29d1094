import Foundation
import Supabase

/// Writes notification rows for a family straight into `public.notifications` (the push trigger sends them).
///
/// Most of this predates `NotificationService.sendNotification`; rows are built by hand in three styles.
@MainActor
final class FamilyNotifier {
    private let client: SupabaseClient
    private let familyId: UUID

    init(client: SupabaseClient = SupabaseManager.shared.client, familyId: UUID) {
        self.client = client
        self.familyId = familyId
    }

    // MARK: - Dictionaries

    /// Tells one member a reward was redeemed.
    func rewardRedeemed(by member: FamilyMember, reward: Reward) async throws {
        try await client
            .from("notifications")
            .insert([
                "user_id": AnyEncodable(member.parentId),
                "kind": AnyEncodable("reward_redeemed"),
                "title": AnyEncodable("\(member.displayName) redeemed \(reward.name)"),
            ])
            .execute()
    }

    /// The same row for the child (registered kind).
    func rewardConfirmed(for member: FamilyMember, reward: Reward) async throws {
        try await client.from("notifications")
            .insert(["user_id": AnyEncodable(member.id), "kind": AnyEncodable("reward_redeemed"), "title": AnyEncodable(reward.name)])
            .execute()
    }

    /// A gentle nudge from a parent; the old screens still send plain string rows.
    func nudge(_ member: FamilyMember, about chore: Chore?) async throws {
        let row: [String: String] = ["user_id": member.id.uuidString, "kind": chore == nil ? "general" : "chore_assigned"]
        try await client.from("notifications").insert(row).execute()
    }

    /// An announcement to every member, one row each.
    func broadcast(_ text: String, to members: [FamilyMember]) async throws {
        let rows: [[String: AnyEncodable]] = members.map { member in
            [
                "user_id": AnyEncodable(member.id),
                "kind": AnyEncodable(member.isAdmin ? "admin_broadcast" : "general"),
                "body": AnyEncodable(text),
            ]
        }
        guard !rows.isEmpty else { return }
        try await client.from("notifications").insert(rows).execute()
    }

    /// A profile edit, told to the other parent.
    func profileEdited(_ member: FamilyMember, notify parentId: UUID) async throws {
        var row: [String: AnyEncodable] = ["user_id": AnyEncodable(parentId)]
        row["title"] = AnyEncodable("\(member.displayName) updated their profile")
        row["kind"] = AnyEncodable("profile_update")
        try await client.from("notifications").upsert(row, onConflict: "id").execute()
    }

    /// The registered spelling of the same write, kept for the settings screen.
    func profileEditedBySelf(_ member: FamilyMember) async throws {
        var row: [String: AnyEncodable] = ["user_id": AnyEncodable(member.id)]
        row["kind"] = AnyEncodable("profile_update")
        try await client.from("notifications").upsert(row, onConflict: "id").execute()
    }

    /// Marks an app update banner; `kind` comes from the enum, never a typo.
    func appUpdated(for userId: UUID, version: String) async throws {
        try await client.from("public.notifications")
            .insert(["user_id": AnyEncodable(userId), "kind": AnyEncodable(NotificationKind.appUpdate.rawValue), "body": AnyEncodable(version)])
            .execute()
    }

    /// A child added by an admin (`admin_child_add` was retired for `admin_edit_child_add`).
    func childAdded(_ child: FamilyMember, by admin: FamilyMember) async throws {
        try await client.from("notifications")
            .insert(["user_id": AnyEncodable(admin.id), "kind": AnyEncodable("admin_edit_child_add"), "title": AnyEncodable(child.displayName)])
            .execute()
    }

    /// The current spelling of the same event.
    func childEdited(_ child: FamilyMember, by admin: FamilyMember) async throws {
        try await client.from("notifications")
            .insert(["user_id": AnyEncodable(admin.id), "kind": AnyEncodable("admin_edit_child_add"), "title": AnyEncodable(child.displayName)])
            .execute()
    }

    // MARK: - Row types

    /// Weekly digest rows, one per parent.
    func weeklyDigest(for parents: [UUID], summary: String) async throws {
        for parentId in parents {
            try await client.from("notifications")
                .insert(NewNotification(userId: parentId, kind: "weekly_digest", title: "Your week", body: summary))
                .execute()
        }
    }

    /// A chore that slipped past its due date.
    func choreOverdue(_ chore: Chore) async throws {
        try await client.from("notifications")
            .insert(NewNotification(userId: chore.assigneeId, kind: "chore_assigned", title: chore.title))
            .execute()
    }

    /// Chore lifecycle rows (CodingKeys map `eventType` to `kind`).
    func choreChanged(_ chore: Chore, verified: Bool) async throws {
        let completed = ChoreEventNotification(userId: chore.ownerId, eventType: "chore_completed", choreId: chore.id)
        try await client.from("notifications").insert(completed).execute()
        guard verified else { return }
        let verifiedRow = ChoreEventNotification(userId: chore.assigneeId, eventType: "chore_completed", choreId: chore.id)
        try await client.from("notifications").insert(verifiedRow, returning: .minimal).execute()
    }
}
