import SwiftUI

struct InboxRow: View {
    let type: NotificationType
    let entityID: String?

    var body: some View {
        HStack {
            Circle().fill(type.tint).frame(width: 8, height: 8)
            Text(type.title)
            Spacer()
            if let entityID { Text(entityID.prefix(8)).font(.caption.monospaced()) }
        }
    }
}
