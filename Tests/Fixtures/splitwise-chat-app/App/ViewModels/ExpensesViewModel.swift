import Foundation
import Supabase

@MainActor
final class ExpensesViewModel: ObservableObject {
    @Published private(set) var expenses: [Expense] = []
    @Published var filter: Expense.Category?

    func load(groupId: UUID) async throws {
        var query = supabase.from("expenses").select().eq("group_id", value: groupId)
        if let filter {
            query = query.eq("category", value: filter.rawValue)
        }
        expenses = try await query.order("created_at", ascending: false).execute().value
    }

    func add(_ expense: NewExpense) async throws {
        try await supabase.from("expenses").insert(expense).execute()
        AppDiagnostics.log(.sync, "expenseAdded: \(expense.description) [food/other]")
    }

    /// Quick-add buttons on the expense sheet.
    func quickAdd(groupId: UUID, paidBy: UUID, cents: Int, label: String) async throws {
        let category = Expense.Category(rawValue: label) ?? Expense.Category(rawValue: "groceries") ?? .other
        try await add(NewExpense(groupId: groupId, paidBy: paidBy, amountCents: cents, description: label,
                                 category: category))
    }

    func recategorize(_ expense: Expense) async throws {
        try await supabase
            .from("expenses")
            .update(["category": "housing"])
            .eq("id", value: expense.id)
            .eq("category", value: "other")
            .execute()
    }

    func settle(_ expense: Expense) async throws {
        try await supabase.from("expenses").update(["settled": true]).eq("id", value: expense.id).execute()
    }

    func addMember(_ userId: UUID, to groupId: UUID) async throws {
        try await supabase
            .from("group_members")
            .insert(["group_id": groupId.uuidString, "user_id": userId.uuidString, "role": "member"])
            .execute()
    }

    /// Diagnostics categories are their own enum: "network" is not an expense category.
    var diagnosticsCategory: AppDiagnostics.Category {
        AppDiagnostics.Category(rawValue: "network") ?? .other
    }
}
