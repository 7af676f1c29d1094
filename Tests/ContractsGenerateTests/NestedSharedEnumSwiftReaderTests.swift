import ContractsCore
import Foundation
import XCTest
@testable import ContractsGenerate

/// `swift_enum: Expense.Category`: a shared enum the app nests in one of its types. The registry takes the qualified
/// name (and refuses what is no type name), and `generate` declares the enum in an extension of the app's type, so
/// the Swift compiles beside the app's `struct Expense`.
final class NestedSharedEnumSwiftReaderTests: XCTestCase {
    static let yaml = """
        version: 1
        notification_types:
          swift_enum: NotificationType
          typescript_const: NOTIFICATION_TYPES
          sql: { table: public.notifications, column: type, constraint: valid_notification_type }
          values:
            - raw: message
        enums:
          ExpenseCategory:
            swift_enum: Expense.Category
            sql: { table: public.expenses, column: category }
            fallback: other
            values: [food, travel, { raw: office-supplies, case: officeSupplies }, other]
        outputs:
          swift: Generated
          typescript: functions/_shared
        """

    func testTheQualifiedNameLoads() throws {
        let registry = try RegistryLoader.load(text: Self.yaml, file: "registry.yaml")
        XCTAssertEqual(registry.enums.map(\.swiftEnum), ["Expense.Category"])
        XCTAssertEqual(registry.sharedEnum(swiftEnum: "Category")?.name, "ExpenseCategory")
    }

    func testWhatIsNoTypeNameIsRefusedAtItsPlace() {
        let cases: [(String, String)] = [
            ("Expense..Category", "registry.yaml:10:17: error: enums.ExpenseCategory.swift_enum 'Expense..Category' must be a type name, or names joined by dots for a nested enum (Expense.Category)"),
            ("Expense.", "must be a type name, or names joined by dots for a nested enum (Expense.Category)"),
            ("class.Category", "enums.ExpenseCategory.swift_enum 'class.Category': 'class' is a Swift or TypeScript keyword; choose another name"),
            ("Expense.String", "enums.ExpenseCategory.swift_enum 'Expense.String': 'String' would shadow the Swift standard type the generated code uses"),
        ]
        for (name, expected) in cases {
            let text = Self.yaml.replacingOccurrences(of: "swift_enum: Expense.Category", with: "swift_enum: \(name)")
            XCTAssertThrowsError(try RegistryLoader.load(text: text, file: "registry.yaml"), name) { error in
                XCTAssertTrue("\(error)".contains(expected), "\(name): \(error)")
            }
        }
    }

    func testTheEnumIsDeclaredInAnExtensionAndCompiles() throws {
        let registry = try RegistryLoader.load(text: Self.yaml, file: "registry.yaml")
        let files = SwiftEmitter.emit(registry, digest: "d")
        let file = try XCTUnwrap(files.first { $0.path == "Generated/Expense.Category.swift" })
        XCTAssertTrue(file.contents.contains("extension Expense {\n    /// Every ExpenseCategory value"), file.contents)
        XCTAssertTrue(file.contents.contains("    public enum Category: String, Codable, CaseIterable, Sendable {\n        case food\n"),
                      file.contents)
        let output = try EmittedCodeProbe.runSwift(files, main: """
            import Foundation
            struct Expense: Codable { var category: Category }
            let decoded = try JSONDecoder().decode([Expense.Category].self, from: Data(#"["office-supplies","rent"]"#.utf8))
            print(decoded == [.officeSupplies, .other] && Expense(category: .food).category.rawValue == "food" ? "OK" : "FAIL")
            """, module: "Nested")
        if let output { XCTAssertEqual(output, "OK") }
    }
}
