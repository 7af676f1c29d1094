import Foundation
import Supabase
import UIKit

/// Chores: assignment, completion, photos. Notifies through `NotificationService`.
final class ChoreService {
    static let shared = ChoreService()

    private let client = SupabaseManager.shared.client
    private let notifications = NotificationService()
    private let haptics = HapticsEngine()

    func assign(_ chore: Chore, to child: FamilyMember) async throws {
        try await client.from("chores").update(["assignee_id": child.id.uuidString]).eq("id", value: chore.id).execute()
        try await notifications.sendNotification(to: child.id, kind: "chore_assigned", title: chore.title)
        Analytics.track("chore_assigned", ["kind": "assignment", "chore_id": chore.id.uuidString])
    }

    func remind(_ chore: Chore) async throws {
        try await notifications.sendNotification(to: chore.assigneeId, kind: "chore_reminder",
                                                 title: "Don't forget: \(chore.title)")
    }

    func complete(_ chore: Chore, photo: UIImage?) async throws {
        haptics.play(kind: "success")
        if let photo, let jpeg = photo.jpegData(compressionQuality: 0.7) {
            let path = "\(chore.familyId)/\(chore.id).jpg"
            try await client.storage.from("chore-photos").upload(path, data: jpeg)
            // The activity feed is its own table with its own kinds.
            try await client.from("family_events")
                .insert(["family_id": AnyEncodable(chore.familyId), "kind": AnyEncodable("chore_photo")])
                .execute()
            try await client.from("family_events").insert(FamilyEventRow(familyId: chore.familyId, kind: "photo_added")).execute()
        }
        let event: [String: Any] = ["kind": "completion", "has_photo": photo != nil, "streak": chore.streak]
        Analytics.track("chore_completed", event)
        let badge = NotificationBadgeStyle(kind: "streak")
        try await notifications.sendNotification(to: chore.ownerId, kind: NotificationKind.choreCompleted.rawValue)
        _ = badge
    }

    func messageFamily(_ text: String, from member: FamilyMember) async throws {
        try await notifications.sendNotification(to: member.familyId, kind: member.isAdmin ? "message_received" : "family_message")
    }
}

/// Taptic feedback; `kind` is a haptic style name, not a notification kind.
struct HapticsEngine {
    func play(kind: String) {
        switch kind {
        case "success": UINotificationFeedbackGenerator().notificationOccurred(.success)
        default: UIImpactFeedbackGenerator(style: .light).impactOccurred()
        }
    }
}

enum Analytics {
    static func track(_ name: String, _ properties: [String: Any] = [:]) {
        var payload = properties
        payload["event"] = name
        print("analytics", payload)
    }
}
