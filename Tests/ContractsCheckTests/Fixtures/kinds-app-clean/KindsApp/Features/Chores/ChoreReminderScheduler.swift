import Foundation
import Supabase
import UserNotifications

/// Reminds children of chores: a local notification on the device, and a row for the parent's inbox.
struct ChoreReminderScheduler {
    var client: SupabaseClient = SupabaseManager.shared.client
    var center: UNUserNotificationCenter = .current()

    func schedule(_ chore: Chore, at date: Date) async throws {
        let content = UNMutableNotificationContent()
        content.title = chore.title
        content.body = "Due \(date.formatted(.relative(presentation: .named)))"
        content.userInfo = ["kind": "chore_assigned", "chore_id": chore.id.uuidString]
        let trigger = UNCalendarNotificationTrigger(dateMatching: Calendar.current.dateComponents([.hour, .minute], from: date), repeats: false)
        try await center.add(UNNotificationRequest(identifier: chore.id.uuidString, content: content, trigger: trigger))
        try await inbox(chore.ownerId, kind: "chore_assigned", title: "Reminder set: \(chore.title)")
    }

    func scheduleLate(_ chore: Chore) async throws {
        let content = UNMutableNotificationContent()
        content.userInfo = ["kind": "chore_assigned", "chore_id": chore.id.uuidString]
        try await center.add(UNNotificationRequest(identifier: "late-\(chore.id)", content: content, trigger: nil))
        try await inbox(chore.ownerId, kind: "chore_assigned", title: "\(chore.title) is late")
    }

    func rewardReady(_ reward: Reward, for member: FamilyMember) async throws {
        try await insertInboxRow(["user_id": .string(member.id.uuidString), "kind": .string("reward_redeemed"), "title": .string(reward.name)])
        try await insertInboxRow(["user_id": .string(member.parentId.uuidString), "kind": .string("reward_redeemed")])
    }

    // MARK: - Inbox rows

    private func inbox(_ userId: UUID, kind: String, title: String) async throws {
        try await insertInboxRow(["user_id": .string(userId.uuidString), "kind": .string(kind), "title": .string(title)])
    }

    private func insertInboxRow(_ row: [String: AnyJSON]) async throws {
        try await client.from("notifications").insert(row, returning: .minimal).execute()
    }
}
