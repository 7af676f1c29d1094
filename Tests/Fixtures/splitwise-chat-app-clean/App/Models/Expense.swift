import Foundation

/// A row of `public.expenses`.
struct Expense: Codable, Identifiable, Hashable {
    enum Category: String, Codable, CaseIterable, Identifiable {
        case food, transport, housing, utilities, entertainment, other

        var id: String { rawValue }
    }

    let id: UUID
    let groupId: UUID
    let paidBy: UUID
    var amountCents: Int
    var description: String
    var category: Category
    var settled: Bool

    enum CodingKeys: String, CodingKey {
        case id, description, category, settled
        case groupId = "group_id"
        case paidBy = "paid_by"
        case amountCents = "amount_cents"
    }
}

extension Expense.Category {
    var systemImage: String {
        switch self {
        case .food: return "fork.knife"
        case .transport: return "car"
        case .housing, .utilities: return "house"
        case .entertainment: return "ticket"
        case .other: return "square.grid.2x2"
        }
    }

    /// Receipts scanned by the OCR service come back with its own words.
    init(ocrLabel: String) {
        switch ocrLabel.lowercased() {
        case "restaurant", "grocery": self = .food
        case "taxi", "fuel": self = .transport
        default: self = Expense.Category(rawValue: ocrLabel.lowercased()) ?? .other
        }
    }
}

/// The row the app inserts; the server fills in id, settled and created_at.
struct NewExpense: Encodable {
    let groupId: UUID
    let paidBy: UUID
    let amountCents: Int
    let description: String
    let category: Expense.Category

    enum CodingKeys: String, CodingKey {
        case description, category
        case groupId = "group_id"
        case paidBy = "paid_by"
        case amountCents = "amount_cents"
    }
}
