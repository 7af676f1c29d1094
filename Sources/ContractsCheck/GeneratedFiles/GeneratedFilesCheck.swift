import ContractsCore
import ContractsGenerate
import ContractsGeneratePlan

/// `generated-stale` and `generated-edited`: every generated file exists with exactly the content `generate`
/// would write; files we generated that the registry no longer produces are stale too.
public enum GeneratedFilesCheck {
    public static func findings(plan: GenerationPlan, context: CheckContext) -> [Finding] {
        let facts = GeneratedFilesFacts(plan: plan, context: context)
        return units.flatMap { $0.findings(facts) }
    }

    /// The rules over generated files, one unit each.
    static let units: [any DriftRule<GeneratedFilesFacts>.Type] = [GeneratedStaleRule.self, GeneratedEditedRule.self]

    /// Every unit of this check, for the rule catalog and the examples test.
    public static var ruleUnits: [any DriftRule.Type] { units }
}

/// What the generated-file rules read: each planned file beside its current text (read once), and the
/// manifest's files the registry no longer produces.
struct GeneratedFilesFacts {
    /// Each planned Swift and TypeScript file, with the project's text at its path (nil: missing or unreadable).
    let files: [(planned: GeneratedFile, current: String?)]
    let orphans: [String]
    let registry: Registry

    init(plan: GenerationPlan, context: CheckContext) {
        files = plan.sourceFiles.map { ($0, try? context.tree.readText($0.path)) }
        orphans = plan.orphans
        registry = context.registry
    }
}
