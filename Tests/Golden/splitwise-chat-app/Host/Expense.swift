// The app's own type that the registry's nested enum (`swift_enum: Expense.Category`) is generated inside.
public struct Expense: Sendable {
    public var amountCents: Int
    public var category: Category

    public init(amountCents: Int, category: Category) {
        self.amountCents = amountCents
        self.category = category
    }
}
