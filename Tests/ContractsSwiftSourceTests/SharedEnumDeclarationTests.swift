import ContractsCore
import XCTest

/// `swift-enum-drift` for the shared enums (`enums:`): each hand-written Swift enum against its registry values,
/// planted one drift at a time in a drift-free app (`SharedEnumFixtures`) whose decoys stay silent.
final class SharedEnumDeclarationTests: XCTestCase, SharedEnumFixtureTests {
    func testTheCleanAppHasNoFinding() throws {
        XCTAssertEqual(try CheckHarness.findings(F.clean, registry: F.registry).map(\.message), [])
    }

    func testAnExtraCaseAndTheMissingOneAreReportedNamingTheEnum() throws {
        let text = CheckHarness.plant("    case blocked\n", "    case blockd\n", in: F.models)
        let found = try findings(F.modelsPath, text)
        XCTAssertEqual(found.map(\.ruleID), ["swift-enum-drift", "swift-enum-drift"])
        XCTAssertEqual(found.map(\.location), [at("ChatRoomStatus: String", in: text, F.modelsPath), at("blockd", in: text, F.modelsPath)])
        XCTAssertEqual(found.map(\.message), [
            "ChatRoomStatus has no case for ChatRoomStatus value \"blocked\"; add `case blocked`",
            "\"blockd\" (case ChatRoomStatus.blockd) is not a ChatRoomStatus; add it to enums.ChatRoomStatus.values in registry.yaml or remove the case",
        ])
        XCTAssertEqual(found.first?.fix, "case blocked")
    }

    func testAnExplicitRawValueThatDiffersIsOneRenamedCase() throws {
        let text = CheckHarness.plant("case expired = \"expired\"", "case expired = \"expire\"", in: F.models)
        let found = try findings(F.modelsPath, text)
        assertOne(found, "swift-enum-drift", at: at("expired = \"expire\"", in: text, F.modelsPath),
                  "InviteStatus.expired has raw value \"expire\" but the registry says \"expired\"; change the raw value (or the registry) so both agree")
    }

    func testARetiredValueIsNoCase() throws {
        let text = CheckHarness.plant("    case unknown\n\n", "    case unknown\n    case closed\n\n", in: F.models)
        let found = try findings(F.modelsPath, text)
        assertOne(found, "swift-enum-drift", at: at("closed", in: text, F.modelsPath),
                  "ChatRoomStatus.closed (\"closed\") is retired (enums.ChatRoomStatus.retired): old rows may hold it, but nothing may write it again; remove the case; old rows decode to its fallback \"unknown\"")
    }

    /// `Expense.Category` is the Category nested in Expense, never AppDiagnostics.Category (whose `food` and
    /// `network` say nothing of expenses).
    func testANestedEnumIsFoundInItsTypeOnly() throws {
        let text = CheckHarness.plant("        case travel\n", "", in: F.models)
        let found = try findings(F.modelsPath, text)
        assertOne(found, "swift-enum-drift", at: at("Category: String, Codable", in: text, F.modelsPath),
                  "Expense.Category has no case for ExpenseCategory value \"travel\"; add `case travel`")
        let diagnostics = CheckHarness.plant("case network, storage, food", "case network, storage", in: F.models)
        XCTAssertEqual(try findings(F.modelsPath, diagnostics).map(\.message), [])
    }

    func testANestedEnumDeclaredInAnExtensionIsFound() throws {
        let text = """
            struct Expense { var category: Category }
            extension Expense {
                enum Category: String, Codable { case food, travel, officeSupplies = "office_supplies" }
            }
            """
        var files = F.clean
        files[F.modelsPath] = CheckHarness.plant("""
                var category: Category

                enum Category: String, Codable, CaseIterable {
                    case food
                    case travel
                    #if DEBUG
                    case officeSupplies = "office-supplies"
                    #else
                    case officeSupplies = "office-supplies"
                    #endif
                }
            """, "    var category: Category\n", in: F.models).replacingOccurrences(of: "struct Expense: Codable {", with: "struct ExpenseRow: Codable {")
        files["App/Models/Expense.swift"] = text
        let found = try CheckHarness.findings(files, registry: F.registry)
        assertOne(found, "swift-enum-drift", at: at("officeSupplies =", in: text, "App/Models/Expense.swift"),
                  "Expense.Category.officeSupplies has raw value \"office_supplies\" but the registry says \"office-supplies\"; change the raw value (or the registry) so both agree")
    }

    /// An enum the app leaves to `generate` is no drift, and a shared enum's registry needs no Swift to load.
    func testAnUndeclaredEnumIsNoDrift() throws {
        var files = F.clean
        files[F.modelsPath] = CheckHarness.plant("""
            enum InviteStatus: String, Codable {
                case pending, accepted, declined
                case expired = "expired"
            }
            """, "", in: F.models)
        XCTAssertEqual(try CheckHarness.findings(files, registry: F.registry).map(\.message), [])
    }
}
