import ContractsCache
import ContractsCore
import ContractsGeneratePlan
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
        return try sharingReaders(context) { try sharedFindings(in: context, units: units) }
    }

    /// Runs `body` with every reader asking one store for its Swift trees, one for its lexed TypeScript and one for
    /// the migrations' analysis: a Swift file is pre-scanned and parsed once, a TypeScript file lexed once, the
    /// migrations read once (the SQL checker, the RPC returns, the push keys the database sends). The stores are
    /// keyed by content: `check --staged` runs the check at `HEAD` inside the same ones, so what the commit leaves
    /// alone is parsed once for both.
    public static func sharingReaders<T>(_ context: CheckContext, _ body: () throws -> T) rethrows -> T {
        try SwiftTrees.sharing(sources: (try? context.swiftSources().count) ?? 0) { _ in
            try TSLexes.sharing { _ in try SQLRun.sharing { _ in try body() } }
        }
    }

    private static func sharedFindings(in context: CheckContext, units: CheckerCache) throws -> [Finding] {
        // The checkers share nothing but the read-only context, so they run side by side; an error is still
        // thrown in order: the generated files' plan's, then each checker's. The SQL side never reads which
        // files are generated, so it starts at once; the other checkers wait for the plan.
        let early = SourceCheckers.all.filter { !$0.readsGenerated }
        let late = SourceCheckers.all.filter(\.readsGenerated)
        let jobs = [nil] + early.map { Optional($0) }
        let results = jobs.concurrentMap { checker -> [String: Result<[Finding], Error>] in
            guard let checker else { return planned(context, units, late) }
            return [checker.name: Result { try run(checker, context: context, units: units, key: "") }]
        }.reduce(into: [:]) { all, some in all.merge(some) { first, _ in first } }
        var findings = try results["generated"]!.get()
        for checker in SourceCheckers.all {
            findings += try results[checker.name]!.get()
        }
        return try ServerPushKeys.withoutSentKeys(findings, context: context, memo: units.memo).sortedForReport()
    }

    /// The generated files' findings (under "generated"), then those of `checkers` (which skip the generated
    /// files), by name; a failed plan fails them all.
    private static func planned(_ context: CheckContext, _ units: CheckerCache,
                                _ checkers: [SourceCheckers.Checker]) -> [String: Result<[Finding], Error>] {
        let plan: GenerationPlan
        do {
            // A constraint migration `generate` would write shows up as sql-constraint-drift, so only the
            // Swift and TypeScript files are compared here.
            plan = try GenerationPlan.sources(context: context)
        } catch {
            return Dictionary(uniqueKeysWithValues: (["generated"] + checkers.map(\.name)).map { ($0, .failure(error)) })
        }
        // The planned files' contents follow from the registry (part of every key); which files and which
        // orphans are the rest of what the comparison depends on.
        let planKey = ContentHash.hex(Data((plan.sourceFiles.map(\.path) + ["--"] + plan.orphans).joined(separator: "\n").utf8))
        // Kept part by part, as the Swift checker's files are: a Swift edit searches that file for generated types'
        // declarations again, and nothing else.
        let generated = Result { () -> [Finding] in
            let check = { (tree: FileTree, parts: CheckerCache) in
                try GeneratedFilesCheck.findings(plan: plan, context: CheckContext(registry: context.registry, tree: tree,
                                                                                   generatedPaths: context.generatedPaths),
                                                 cache: parts)
            }
            if let units = units as? CheckUnits { return try units.runComposite("generated", key: planKey, check) }
            return try check(context.tree, units.keyed(planKey))
        }
        let sources = context.excludingGenerated(Set(plan.sourceFiles.map(\.path) + plan.orphans))
        let key = ContentHash.hex(Data((sources.generatedPaths ?? []).sorted().joined(separator: "\n").utf8))
        let results = checkers.concurrentMap { checker in Result { try run(checker, context: sources, units: units, key: key) } }
        return Dictionary(uniqueKeysWithValues: [("generated", generated)] + zip(checkers.map(\.name), results))
    }

    /// One checker's findings through `units`. `key`: what it depends on besides the registry and what it reads.
    private static func run(_ checker: SourceCheckers.Checker, context: CheckContext, units: CheckerCache,
                            key: String) throws -> [Finding] {
        // A checker that caches file by file does so itself, inside an entry of its own that holds
        // every question its files' entries hold; the others are cached whole.
        if checker.perFile, let units = units as? CheckUnits {
            return try units.runComposite(checker.name, key: key) { tree, parts in
                try checker.run(CheckContext(registry: context.registry, tree: tree, generatedPaths: context.generatedPaths,
                                             memo: units.memo),
                                parts)
            }
        }
        if checker.perFile { return try checker.run(context, units.keyed(key)) }
        return try units.run(checker.name, key: key) { tree in
            // The memo is content-addressed: what a reader keeps there depends only on what it read.
            try checker.run(CheckContext(registry: context.registry, tree: tree, generatedPaths: context.generatedPaths,
                                         memo: units.memo),
                            NoCheckerCache(tree))
        }
    }
}

/// The source checkers `check` runs, one per language reader.
enum SourceCheckers {
    struct Checker: Sendable {
        /// The name its cache entry is stored under.
        let name: String
        /// Whether it caches file by file itself.
        let perFile: Bool
        /// Whether it reads `CheckContext.generatedPaths` (so waits for the generated files' plan).
        let readsGenerated: Bool
        let run: @Sendable (CheckContext, CheckerCache) throws -> [Finding]
    }

    static let all: [Checker] = [
        Checker(name: "sql", perFile: false, readsGenerated: false) { context, _ in try SQLSourceCheck.findings(in: context) },
        Checker(name: "migration-lint", perFile: false, readsGenerated: false) { context, _ in try MigrationLint.findings(in: context) },
        Checker(name: "swift", perFile: true, readsGenerated: true) { context, cache in
            try SwiftSourceCheck.findings(in: context, cache: cache)
        },
        Checker(name: "typescript", perFile: false, readsGenerated: true) { context, _ in
            try TypeScriptSourceCheck.findings(in: context)
        },
        Checker(name: "rpc-payload", perFile: true, readsGenerated: true) { context, cache in
            try RPCPayloadCheck.findings(in: context, cache: cache)
        },
        Checker(name: "push-contract", perFile: true, readsGenerated: true) { context, cache in
            try PushContractCheck.findings(in: context, cache: cache)
        },
        Checker(name: "schema-names", perFile: true, readsGenerated: true) { context, cache in
            try SchemaNamesCheck.findings(in: context, cache: cache, schema: SchemaNamesCheck.replayedSchema)
        },
        Checker(name: "edge-functions", perFile: true, readsGenerated: true) { context, cache in
            try EdgeFunctionCheck.findings(in: context, cache: cache)
        },
    ]
}
