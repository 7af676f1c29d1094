import ArgumentParser
import ContractsCache
import ContractsCheck
import ContractsCore
import ContractsGit
import ContractsLiveDatabase
import ContractsReport
import ContractsSQL
import ContractsSwiftSource
import ContractsSuppress
import Foundation

/// `naars-contracts check`: the registry, the generated files and every configured source, for drift.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Find drift between registry.yaml and the generated files, migrations, Swift and TypeScript.",
        discussion: "Exit 0 clean (warnings allowed), 1 drift found, 2 bad registry or usage."
    )

    @OptionGroup var project: ProjectOptions

    @OptionGroup var output: ReportOptions

    @Flag(help: "Accept every current finding: write them to the baseline file, so only new drift fails.")
    var writeBaseline = false

    @Flag(help: "Check what git is about to commit (the index, not the working tree); exit 0 at once when nothing staged is governed by the registry.")
    var staged = false

    @Flag(help: "List every generated file that is missing or stale (text, xcode, github and markdown fold them into one finding); with --staged, also list the findings the last commit already had in files the commit leaves alone (they do not block; without --verbose one line counts them).")
    var verbose = false

    @Option(help: AgainstOption.help)
    var against: String?

    @Flag(help: "Run every checker even when nothing it reads has changed since the last run (the cache in .naars-contracts-cache/ is neither read nor written).")
    var noCache = false

    @Option(name: .customLong("database-url"),
            help: "Also compare a live PostgreSQL database (a libpq URL; also NAARS_DATABASE_URL), read-only, with the migrations and the registry.")
    var databaseURL: String?

    @Option(name: .customLong("database-timeout"), help: "Seconds allowed for connecting to the database and for each query.")
    var databaseTimeout = 30

    @Option(name: .customLong("only-rule"), help: ArgumentHelp(
        "Report only this rule's findings (repeatable; `naars-contracts rules` lists the ids).", valueName: "id"))
    var onlyRules: [String] = []

    @Flag(help: "Fix what the registry alone decides in hand-written Swift and TypeScript (a missing case, const entry or union member, an attribute's literal, a misspelt literal with one registered value near it), then check again.")
    var fix = false

    @Flag(help: "With --fix: print the unified diff of the fix; write nothing.")
    var dryRun = false

    /// The findings `--only-rule` asks for (all without it): of a named rule, or of a rule split from one named
    /// (`Rule.parent`).
    func onlyRuleFindings(_ findings: [Finding]) -> [Finding] {
        guard !onlyRules.isEmpty else { return findings }
        return findings.filter { Rule.namingIDs(of: $0.ruleID).contains(where: onlyRules.contains) }
    }

    func validate() throws {
        try validateFix()
        for id in onlyRules where Rule.named(id) == nil {
            let near = Suggestion.closest(to: id, among: Rule.all.map(\.id)).map { " (did you mean `\($0)`?)" } ?? ""
            throw ValidationError("--only-rule: no rule `\(id)`\(near); `naars-contracts rules` lists them")
        }
    }

    func run() throws {
        do {
            try check()
        } catch let failure as ToolFailure {
            try output.fail(failure)
        }
    }

    private func check() throws {
        guard let loaded = try loadProject() else { return }
        // One parse of each file for the whole command: the check, the live database's, the check at HEAD.
        try ContractCheck.sharingReaders(loaded.3) { try check(loaded) }
    }

    private func check(_ loaded: (RegistryLocation, Registry, Data, CheckContext, Set<String>?, GitBlobReader?)) throws {
        let (location, registry, registryBytes, context, stagedPaths, stagedBlobs) = loaded
        // After a fix that wrote, the report below is a new check of the tree as written (never the cache's
        // steps begun before the fix: see `findings`), and its exit code is that report's.
        let fixed = fix ? try fixSources(location, registry) : nil
        defer { if let fixed, !dryRun, !output.quiet { Console.error(fixed.writtenLine) } }
        let url = try liveDatabaseURL()
        let progress = ProgressTicker(enabled: !output.quiet)
        defer { progress.stop() }
        var raw: [Finding]
        do {
            raw = try findings(location, registry, registryBytes, context)
            if let url {
                raw = (raw + (try LiveDatabaseFindings.findings(in: context) { functions, schemas in
                    try LiveDatabaseReader.read(url: url, target: registry.notificationTypes?.sql, functions: functions,
                                                enums: registry.allEnums, schemas: schemas, timeout: databaseTimeout)
                })).sortedForReport()
            }
        } catch let error as LiveDatabaseError {
            // Already one line, the password replaced; the URL itself is never printed.
            throw ToolFailure([.init("live database: \(error)")], root: location.root.path)
        } catch {
            throw ToolFailure([.init("\(error)")], root: location.root.path)
        }
        // Outside the cache: two registries in memory, no file read but the one blob at REF.
        if let against {
            raw = (raw + (try AgainstOption.findings(ref: against, location: location, registry: registry))).sortedForReport()
        }
        progress.stop()
        raw = onlyRuleFindings(raw)
        if writeBaseline {
            let kept = FindingFilter.apply(raw, registry: registry, tree: context.tree, baseline: nil)
            do {
                try ProjectWriteTarget.check(registry.baseline, root: location.root)
                try Baseline(findings: kept, tree: context.tree).encoded()
                    .write(to: location.root.appendingPathComponent(registry.baseline), options: .atomic)
            } catch let refusal as ProjectWriteTarget.Refusal {
                Console.error(refusal.description)
                throw ExitCode(2)
            } catch {
                Console.error("error: cannot write \(registry.baseline): \(error)")
                throw ExitCode(2)
            }
            Console.error("Wrote \(kept.count) finding(s) to \(registry.baseline); `check` now fails only on new drift.")
            return
        }
        if dryRun, let fixed {
            // Nothing was written, so the exit code is the one a plain `check` gives the tree as it is (as `buf format
            // --diff --exit-code` and `ruff check --diff` fail while a fix is pending): a dry run never passes a tree
            // with drift. Standard output is the diff, so the report is not printed; one line says what is left.
            let judged = try output.judge(raw, registry: registry, tree: context.tree, root: location.root)
            Console.error(fixed.dryRunLine(judged.summary))
            if judged.failed { throw ExitCode(1) }
            return
        }
        var reported: [Finding] = []
        try output.report(raw, registry: registry, tree: context.tree, root: location.root, verbose: verbose) { findings in
            reported = findings
            guard staged, let stagedPaths, findings.contains(where: { !stagedPaths.contains($0.location.file) }) else {
                return (findings, 0)
            }
            // The last commit's findings, from a cache of their own: the hook runs this on every commit that
            // leaves old drift alone, and HEAD's files are read by object id, so it is parsed once per commit.
            let before = StagedBlocking.findingsAtHead(root: location.root, registryFile: location.file,
                                                       blobs: stagedBlobs) { head, bytes in
                try self.findings(location, head.registry, bytes, head, cacheName: "check-head")
            }
            let (brought, preExisting) = StagedBlocking.split(findings, staged: stagedPaths, before: before)
            reported = verbose ? brought + preExisting.map(StagedBlocking.listed) : brought
            return (reported, verbose ? 0 : preExisting.count)
        } onFailure: {
            // The hint only when something generated is stale and blocks.
            if staged, !output.quiet,
               reported.contains(where: { $0.ruleID == Rule.generatedStale.id && $0.severity != .note }) {
                let registryOption = project.registry.map { " --registry " + $0 } ?? ""
                Console.error("Generated files are stale: run `naars-contracts generate\(registryOption)`, stage the result, commit again.")
            }
        }
    }

    /// The largest `--database-timeout`: a day, far past any real wait, and far from overflowing as milliseconds.
    static let maximumDatabaseTimeout = 86_400

    /// `--database-url`, else a non-empty `NAARS_DATABASE_URL`, else nil (no live database).
    private func liveDatabaseURL() throws -> String? {
        guard databaseTimeout >= 1 else {
            Console.error("error: --database-timeout must be at least 1 (seconds)")
            throw ExitCode(2)
        }
        guard databaseTimeout <= Self.maximumDatabaseTimeout else {
            Console.error("error: --database-timeout must be at most \(Self.maximumDatabaseTimeout) (seconds: one day)")
            throw ExitCode(2)
        }
        if let databaseURL {
            guard !databaseURL.trimmingCharacters(in: .whitespaces).isEmpty else {
                Console.error("error: --database-url is empty")
                throw ExitCode(2)
            }
            return databaseURL
        }
        let fromEnvironment = Environment.value("NAARS_DATABASE_URL") ?? ""
        return fromEnvironment.unicodeScalars.allSatisfy(CharacterSet.whitespaces.contains) ? nil : fromEnvironment
    }

    /// Every checker's findings, from the cache when no file they read has changed (see `CheckCache`).
    /// `registryBytes`: what `registry` was parsed from, so an edit during the run cannot file the old
    /// registry's findings under the new one.
    private func findings(_ location: RegistryLocation, _ registry: Registry, _ registryBytes: Data,
                          _ context: CheckContext, cacheName: String? = nil) throws -> [Finding] {
        defer {
            if let swift = SwiftParseStats.shared { Console.error(swift.report) }
            if let sql = SQLParseStats.shared { Console.error(sql.report) }
        }
        guard !noCache, !writeBaseline else { return try ContractCheck.findings(in: context) }
        let cache = CheckCache(root: location.root, name: cacheName ?? (staged ? "check-staged" : "check"),
                               toolIdentity: ToolBuild.identity)
        if let link = cache.link { Console.error(CheckCache.linkWarning(link)) }
        let stats = CheckCacheStats()
        defer { if Environment.value("NAARS_CACHE_STATS") == "1" { Console.error(stats.summary) } }
        // The cache's first steps begun while the arguments were parsed stamped the tree before `--fix` wrote it:
        // after a fix, the cache stamps the files again (their new stamps, and so their new bytes, are read).
        let warmStart = fix && !dryRun ? nil : RegistryPrefetch.warmStart
        return try cache.findings(in: context.tree, registryBytes: registryBytes, stats: stats,
                                  warmStart: warmStart) { tree, units in
            try ContractCheck.findings(in: CheckContext(registry: registry, tree: tree), units: units)
        }.findings
    }

    /// The working tree, or with `--staged` the git index (nil: nothing relevant is staged); the registry
    /// with the bytes it was parsed from; with `--staged`, the staged paths that matter and the index's blob reader.
    private func loadProject() throws -> (RegistryLocation, Registry, Data, CheckContext, Set<String>?, GitBlobReader?)? {
        guard staged else {
            let (location, registry, bytes) = try project.loadOrFail()
            return (location, registry, bytes, CheckContext(registry: registry, tree: DiskTree(root: location.root)), nil, nil)
        }
        let location = try project.locate()
        do {
            guard let stagedProject = try StagedProject.load(root: location.root, registryFile: location.file) else { return nil }
            return (location, stagedProject.registry, stagedProject.registryBytes,
                    CheckContext(registry: stagedProject.registry, tree: stagedProject.tree), Set(stagedProject.relevantPaths),
                    stagedProject.tree.blobReader)
        } catch let errors as RegistryErrors {
            throw ToolFailure(errors, root: location.root.path)
        } catch let unmerged as UnmergedPaths {
            throw ToolFailure(unmerged.paths.map { .init(UnmergedPaths.message, at: SourceLocation(file: $0, line: 1, column: 1)) },
                              root: location.root.path)
        } catch {
            throw ToolFailure([.init("\(error)")], root: location.root.path)
        }
    }
}
