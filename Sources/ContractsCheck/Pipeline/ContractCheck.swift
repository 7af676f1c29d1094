import ContractsCore
import ContractsMigrations
import ContractsSQL
import ContractsSwiftSource
import ContractsTypeScriptSource
import Foundation

/// `check`: every checker over one project, findings in report order. Checkers return their rules' default
/// severities; the registry's severities, inline suppressions and the baseline are applied afterwards.
public enum ContractCheck {
    /// Raw findings of every checker.
    public static func findings(in context: CheckContext) throws -> [Finding] {
        try findings(in: context, units: NoCheckerCache(context.tree))
    }

    /// The same, each source checker run through `units`: the check cache answers for a checker none of
    /// whose files changed (`CheckCache`).
    public static func findings(in context: CheckContext, units: CheckerCache) throws -> [Finding] {
        HeapGrowth.preferLargeSteps()
        // A constraint migration `generate` would write shows up as sql-constraint-drift, so only the
        // Swift and TypeScript files are compared here.
        let plan = try GenerationPlan.sources(context: context)
        // The planned files' contents follow from the registry (part of every key); which files and which
        // orphans are the rest of what the comparison depends on.
        let planKey = ContentHash.hex(Data((plan.sourceFiles.map(\.path) + ["--"] + plan.orphans).joined(separator: "\n").utf8))
        var findings = units.run("generated", key: planKey) { tree in
            GeneratedFilesCheck.findings(plan: plan, context: CheckContext(registry: context.registry, tree: tree,
                                                                           generatedPaths: context.generatedPaths))
        }
        let sources = context.excludingGenerated(Set(plan.sourceFiles.map(\.path) + plan.orphans))
        // The checkers share nothing but the read-only context, so they run side by side; a checker's
        // error is still thrown in checker order.
        let generated = sources.generatedPaths ?? []
        let key = ContentHash.hex(Data(generated.sorted().joined(separator: "\n").utf8))
        let results = SourceCheckers.all.concurrentMap { name, perFile, checker in
            Result {
                // A checker that caches file by file does so itself, inside an entry of its own that holds
                // every question its files' entries hold; the others are cached whole.
                if perFile, let units = units as? CheckUnits {
                    return try units.runComposite(name, key: key) { tree, parts in
                        try checker(CheckContext(registry: sources.registry, tree: tree, generatedPaths: sources.generatedPaths,
                                                 memo: units.memo),
                                    parts)
                    }
                }
                if perFile { return try checker(sources, units.keyed(key)) }
                return try units.run(name, key: key) { tree in
                    // The memo is content-addressed: what a reader keeps there depends only on what it read.
                    try checker(CheckContext(registry: sources.registry, tree: tree, generatedPaths: sources.generatedPaths,
                                             memo: units.memo),
                                NoCheckerCache(tree))
                }
            }
        }
        for result in results {
            findings += try result.get()
        }
        return findings.sortedForReport()
    }
}

/// The source checkers `check` runs, one per language reader.
enum SourceCheckers {
    /// Each with the name its cache entry is stored under, and whether it caches file by file itself.
    static let all: [(name: String, perFile: Bool, checker: @Sendable (CheckContext, CheckerCache) throws -> [Finding])] = [
        ("sql", false, { context, _ in try SQLSourceCheck.findings(in: context) }),
        ("migration-lint", false, { context, _ in try MigrationLint.findings(in: context) }),
        ("swift", true, { context, cache in try SwiftSourceCheck.findings(in: context, cache: cache) }),
        ("typescript", false, { context, _ in try TypeScriptSourceCheck.findings(in: context) }),
    ]
}
