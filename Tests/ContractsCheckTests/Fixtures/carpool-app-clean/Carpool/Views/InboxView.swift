import SwiftUI

struct InboxRow: Identifiable {
    let id: UUID
    let type: NotificationType
    let title: String
}

struct InboxView: View {
    let rows: [InboxRow]

    var body: some View {
        List(rows) { row in
            Label(row.title, systemImage: row.type.icon)
                .foregroundStyle(row.type.rawValue == "draft_saved" ? .secondary : .primary)
        }
    }

    /// A saved draft shows as its own row; the server never sends one.
    static func draftRow(title: String) -> InboxRow {
        InboxRow(id: UUID(), type: NotificationType(rawValue: "draft_saved")!, title: title)
    }
}
