import ContractsCore
import ContractsGenerate
import ContractsGeneratePlan

/// `generated-stale`, `generated-edited` and `generated-redeclared`: every generated file exists with exactly the
/// content `generate` would write, and no hand-written Swift declares a type it declares; files we generated that
/// the registry no longer produces are stale too.
public enum GeneratedFilesCheck {
    /// `cache`: where the search of each Swift source for generated types' declarations, and the comparison of the
    /// generated files, are kept (`check`'s cache): a Swift edit searches that file again, and nothing else.
    public static func findings(plan: GenerationPlan, context: CheckContext, cache: CheckerCache? = nil) throws -> [Finding] {
        let cache = cache ?? NoCheckerCache(context.tree)
        let redeclarations = try SwiftRedeclaration.find(plan: plan, context: context, cache: cache)
        let redeclared = redeclarations.map(\.generated.file).sorted()
        let files = cache.run("generated-files", key: redeclared.joined(separator: ",")) { tree in
            let facts = GeneratedFilesFacts(plan: plan, tree: tree, registry: context.registry, redeclaredFiles: Set(redeclared))
            return fileUnits.flatMap { $0.findings(facts) }
        }
        return files + GeneratedRedeclaredRule.findings(redeclarations)
    }

    /// The rules over the generated files' texts, one unit each.
    static let fileUnits: [any DriftRule<GeneratedFilesFacts>.Type] = [GeneratedStaleRule.self, GeneratedEditedRule.self]

    /// Every unit of this check, for the rule catalog and the examples test.
    public static var ruleUnits: [any DriftRule.Type] { fileUnits + [GeneratedRedeclaredRule.self] }
}

/// What the generated-file rules read: each planned file beside its current text (read once), the manifest's
/// files the registry no longer produces, and the planned files that would declare a type the app declares.
struct GeneratedFilesFacts {
    /// Each planned Swift and TypeScript file, with the project's text at its path (nil: missing or unreadable).
    let files: [(planned: GeneratedFile, current: String?)]
    let orphans: [String]
    let registry: Registry
    /// Planned files that declare a type the hand-written Swift declares too (`generated-redeclared`).
    let redeclaredFiles: Set<String>

    init(plan: GenerationPlan, tree: FileTree, registry: Registry, redeclaredFiles: Set<String>) {
        files = plan.sourceFiles.map { ($0, try? tree.readText($0.path)) }
        orphans = plan.orphans
        self.registry = registry
        self.redeclaredFiles = redeclaredFiles
    }
}
