import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest
@testable import ContractsGenerate

/// A shared enum the app declares nested (`Expense.Category`, beside an `AppDiagnostics.Category`): the registry names
/// it qualified, and `generate` declares it in an extension of the app's outer type, where the app declares it.
final class NestedSharedEnumTests: XCTestCase {
    static let yaml = """
        version: 1
        notification_types:
          swift_enum: NotificationType
          sql: { table: public.notifications, column: type }
          values: [{ raw: expenseAdded }]
        enums:
          ExpenseCategory:
            swift_enum: Expense.Category
            sql: { table: public.expenses, column: category }
            values: [food, general]
        outputs:
          swift: Generated
          typescript: functions/_shared
        """

    func testAQualifiedSwiftEnumLoadsAndIsGeneratedInAnExtension() throws {
        let registry = try RegistryLoader.load(text: Self.yaml, file: "registry.yaml")
        XCTAssertEqual(registry.enums.map(\.swiftEnum), ["Expense.Category"])
        XCTAssertEqual(registry.sharedEnum(swiftEnum: "Expense.Category")?.name, "ExpenseCategory")
        let files = SwiftEmitter.emit(registry, digest: "d")
        let nested = try XCTUnwrap(files.first { $0.path == "Generated/Expense.Category.swift" })
        XCTAssertTrue(nested.contents.contains("extension Expense {\n    /// Every ExpenseCategory value"), nested.contents)
        let output = try EmittedCodeProbe.runSwift(files, main: """
            struct Expense { var category: Category }
            enum AppDiagnostics { enum Category: String { case network } }
            let expense = Expense(category: .food)
            print(expense.category.rawValue == "food" && Expense.Category.allCases.count == 2 ? "OK" : "FAIL")
            """, module: "Nested")
        if let output { XCTAssertEqual(output, "OK") }
    }

    func testAQualifiedNameIsMadeOfTypeNames() {
        for (name, expected) in [
            ("Expense.", "must be a type name, or names joined by dots for a nested enum (Expense.Category)"),
            ("Expense..Category", "must be a type name, or names joined by dots"),
            ("Expense.String", "'String' would shadow the Swift standard type the generated code uses"),
            ("Expense.class", "'class' is a Swift or TypeScript keyword"),
        ] {
            let text = Self.yaml.replacingOccurrences(of: "swift_enum: Expense.Category", with: "swift_enum: \(name)")
            XCTAssertThrowsError(try RegistryLoader.load(text: text, file: "registry.yaml"), name) { error in
                XCTAssertTrue("\(error)".contains("registry.yaml:8:17: error: enums.ExpenseCategory.swift_enum '\(name)'"), "\(error)")
                XCTAssertTrue("\(error)".contains(expected), "\(name): \(error)")
            }
        }
    }
}
