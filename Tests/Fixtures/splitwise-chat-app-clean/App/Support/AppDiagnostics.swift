import Foundation
import OSLog

/// Log categories for the unified log. Not a database enum: `AppDiagnostics.Category` shares its bare name with
/// `Expense.Category` and the case `other` with it.
enum AppDiagnostics {
    enum Category: String, CaseIterable {
        case network
        case storage
        case sync
        case ui
        case other
    }

    private static let subsystem = "app.splitchat"

    static func log(_ category: Category, _ message: String) {
        Logger(subsystem: subsystem, category: category.rawValue).debug("\(message, privacy: .public)")
    }

    /// Categories can be switched on from a launch argument: `-diagnostics sync,ui`.
    static func enabled(from argument: String) -> Set<Category> {
        Set(argument.split(separator: ",").compactMap { Category(rawValue: String($0)) })
    }

    static let defaultCategories: Set<Category> = [Category(rawValue: "network") ?? .other, .sync]
}
