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

    /// The weekly digest gets a newspaper header.
    static func isDigest(_ row: InboxRow) -> Bool {
        row.type.rawValue == "weekly_digest"
    }

    /// A saved draft shows as its own row; the server never sends one.
    static func draftRow(title: String) -> InboxRow {
        InboxRow(id: UUID(), type: NotificationType(rawValue: "draft_saved")!, title: title)
    }
}
