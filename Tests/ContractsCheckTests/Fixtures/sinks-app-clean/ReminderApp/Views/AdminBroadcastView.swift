import SwiftUI

/// The admin's broadcast form.
struct AdminBroadcastView: View {
    @EnvironmentObject var notificationVM: NotificationViewModel
    @StateObject private var localReminders = LocalReminderScheduler()
    @State private var title = ""
    let service: BroadcastService

    var body: some View {
        Form {
            TextField("Title", text: $title)
            Button("Broadcast") {
                Task { await notificationVM.scheduleNotification(title: title, kind: "admin_broadcast") }
            }
            Button("Maintenance") {
                Task { await service.announce(title, as: "maintenance_notice") }
            }
            Button("Remind me in an hour") {
                Task { await notificationVM.remindLater(title, "reminder_due") }
            }
            Button("Remind me here") {
                // A local reminder: its kind is a category, never a notification type.
                localReminders.scheduleNotification(title: title, kind: "local_only")
            }
            Button("Count") {
                _ = service.count(title, kind: "broadcast_counter")
            }
        }
        .task {
            await notificationVM.logActivity(kind: "opened_broadcast_form")
        }
    }
}
