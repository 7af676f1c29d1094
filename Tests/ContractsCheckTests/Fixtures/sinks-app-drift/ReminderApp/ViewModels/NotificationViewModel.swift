import Foundation
import Supabase

/// Schedules the notifications of the signed-in user: every write to `scheduled_notifications` goes through here.
@MainActor
final class NotificationViewModel: ObservableObject {
    @Published var lastError: String?
    private let client: SupabaseClient

    init(client: SupabaseClient = SupabaseManager.shared.client) {
        self.client = client
    }

    /// Schedules one notification; admins broadcast unless they say otherwise.
    func scheduleNotification(title: String, body: String? = nil, kind: String = "admin_brodcast",
                              at date: Date = .now) async {
        guard let userId = client.auth.currentUser?.id else { return }
        let row = ScheduledNotificationRow(userId: userId, title: title, body: body, kind: kind, sendAt: date)
        do {
            try await client.from("scheduled_notifications").insert(row).execute()
        } catch {
            lastError = error.localizedDescription
        }
    }

    /// A reminder again in an hour, of the kind the caller says.
    func remindLater(_ title: String, _ kind: String) async {
        await scheduleNotification(title: title, kind: kind, at: Date().addingTimeInterval(3600))
    }

    /// Snoozes a reminder: the reminder's own kind wins over the one the caller passes.
    func snooze(_ reminder: Reminder, kind: String) async {
        let kind = reminder.kind
        await scheduleNotification(title: reminder.title, kind: kind, at: reminder.dueAt.addingTimeInterval(600))
    }

    /// Records what the user did; `kind` is an activity event, written to another table.
    func logActivity(kind: String) async {
        guard let userId = client.auth.currentUser?.id else { return }
        try? await client.from("activity_log").insert(ActivityLogRow(userId: userId, kind: kind)).execute()
    }
}
