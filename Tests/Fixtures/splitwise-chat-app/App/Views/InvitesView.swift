import SwiftUI

struct InvitesView: View {
    @StateObject private var model = InvitesViewModel()
    @State private var roomId: UUID?

    var body: some View {
        List(model.invites) { invite in
            VStack(alignment: .leading) {
                Text(invite.email)
                Text("invite.status.\(invite.status.rawValue)")
                    .font(.caption)
            }
            .swipeActions {
                if invite.status.isOpen {
                    Button("Revoke", role: .destructive) { Task { try? await model.revoke(invite) } }
                }
            }
        }
        .overlay {
            if model.invites.isEmpty {
                ContentUnavailableView("No pending invites", systemImage: "envelope")
            }
        }
        .task {
            if let roomId { try? await model.load(roomId: roomId) }
        }
    }
}

struct ExpensesView: View {
    @StateObject private var model = ExpensesViewModel()

    var body: some View {
        List(model.expenses) { expense in
            Label(expense.description, systemImage: expense.category.systemImage)
        }
        .toolbar {
            Menu("Category") {
                ForEach(Expense.Category.allCases) { category in
                    Button(category.rawValue.capitalized) { model.filter = category }
                }
            }
        }
    }
}
