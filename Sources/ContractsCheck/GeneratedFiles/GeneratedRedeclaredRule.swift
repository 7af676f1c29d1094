import ContractsCore
import ContractsGeneratePlan

/// `generated-redeclared`: the app declares a type the generated Swift declares too (the issue's
/// `NotificationType` and `NavigationIntent`, hand-written and generated side by side).
///
/// One finding per hand-written declaration, at its name, with the generated declaration as its related place
/// (when the generated file exists): one collision is one thing to decide, so it counts once in the summary and
/// the baseline. The fix names both ways out and what the generated type lacks (members, conformances) that
/// must move into an extension before the app's declaration is deleted.
enum GeneratedRedeclaredRule: DriftRule {
    static let rule = Rule.generatedRedeclared

    static func findings(_ redeclarations: [SwiftRedeclaration]) -> [Finding] {
        redeclarations.map { redeclaration in
            Finding(.generatedRedeclared, redeclaration.message, at: redeclaration.handWritten.location,
                    registry: redeclaration.generated.registryLocation, fix: redeclaration.fix,
                    related: redeclaration.generatedLocation.map { [$0] } ?? [], subject: .file(path: redeclaration.generated.file))
        }
    }

    /// A shared enum nested in the app's `Expense`, as `generate` declares it (`extension Expense`).
    static let nestedEnum = """
        enums:
          ExpenseCategory:
            swift_enum: Expense.Category
            values: [food, travel]

        """

    static let triggeringExamples = [
        // The app's enum beside the generated one: it has a property and a conformance the generated one lacks.
        RuleExample(["App/Models/NotificationType.swift": """
            enum ↓NotificationType: String, Codable, Identifiable {
                case message
                case rideUpdate = "ride_update"
                var id: String { rawValue }
            }
            """], generatedOutput: true),
        // Not generated yet: `generate` would add the clash.
        RuleExample(["App/Models/Expense.swift": """
            struct Expense {
                enum ↓Category: String { case food, travel }
                let category: Category
            }
            """], registryAdding: nestedEnum),
    ]
    static let nonTriggeringExamples = [
        // Extensions of the generated type, a type of the same name nested in another type or local to a function,
        // and a `Category` nested elsewhere than in `Expense`.
        RuleExample(["App/Models/NotificationType+Display.swift": """
            extension NotificationType: Identifiable {
                var id: String { rawValue }
            }
            struct Inbox {
                enum NotificationType { case unread, read }
            }
            func preview() {
                enum NotificationType { case sample }
            }
            enum AppDiagnostics {
                enum Category: String { case food, travel }
            }
            extension Expense {
                var isTravel: Bool { category == .travel }
            }
            """], registryAdding: nestedEnum, generatedOutput: true),
        // The app keeps its own enum (`generate: false`); a file left out of the sources declares one too.
        RuleExample(["App/Models/NotificationType.swift": "enum NotificationType: String { case message, ride_update }\n",
                     "App/Previews/Fixtures.swift": "enum NotificationType { case preview }\n"],
                    registry: RuleExample.baseRegistry
                        .replacingOccurrences(of: "  payload_key: type\n", with: "  payload_key: type\n  generate: false\n")
                        .replacingOccurrences(of: "  typescript: [\"supabase/functions/**/*.ts\"]\n",
                                              with: "  typescript: [\"supabase/functions/**/*.ts\"]\n  exclude: [\"App/Previews/**\"]\n")),
    ]
}
