import ContractsCore

/// The migration lint: naming, numbering, ordering against a base revision, and edits to recorded migrations.
///
/// Pure over the `CheckContext` so `check` can fold the findings into its own report; the CLI's
/// `migrations lint` reads the base revision's file list from git and passes it in.
public enum MigrationLint {
    /// Findings for every configured migration folder, with each rule's default severity, in report order.
    /// `baseRevisionFiles`: every path of the base revision (`git ls-tree -r --name-only REF`), relative to the
    /// root; nil skips `migration-not-newer-than-base`. Throws when a folder cannot be listed: linting what
    /// could not be read would report a clean folder (exit 2, bad input, instead).
    public static func findings(in context: CheckContext, baseRevisionFiles: [String]? = nil) throws -> [Finding] {
        try context.registry.migrations.flatMap { folder -> [Finding] in
            let facts = MigrationFolderFacts(folder: folder, files: try MigrationCatalog.files(in: folder, tree: context.tree),
                                             tree: context.tree, baseRevisionFiles: baseRevisionFiles, memo: context.memo)
            return units.flatMap { $0.findings(facts) }
        }.sortedForReport()
    }

    /// The lint's rules, one unit each, in the order the README lists them.
    static let units: [any DriftRule<MigrationFolderFacts>.Type] = [
        MigrationDuplicateNumberRule.self, MigrationBadNameRule.self, MigrationGapRule.self, MigrationMixedSchemeRule.self,
        MigrationVersionCollisionRule.self, MigrationNotNewerThanBaseRule.self, MigrationEditedRule.self,
    ]

    /// Every unit of the lint, for the rule catalog and the examples test.
    public static var ruleUnits: [any DriftRule.Type] { units }
}
