import SwiftUI

/// One reminder in the list, with its swipe actions.
struct ReminderRow: View {
    let reminder: Reminder
    let model: NotificationViewModel
    let scheduler: LocalReminderScheduler

    var body: some View {
        Text(reminder.title)
            .swipeActions {
                Button("Snooze") {
                    // `snooze` keeps the reminder's own kind: this one is never written.
                    Task { await model.snooze(reminder, kind: "snoozed") }
                }
                Button("Again") {
                    Task { await model.scheduleNotification(title: reminder.title, kind: "reminder_due") }
                }
                Button("Locally") {
                    scheduler.scheduleNotification(title: reminder.title, kind: "local_again")
                }
            }
    }
}
