import ArgumentParser
import ContractsCheck
import ContractsCore
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

    @Flag(help: "Run every checker even when nothing it reads has changed since the last run (the cache in .naars-contracts-cache/ is neither read nor written).")
    var noCache = false

    func run() throws {
        guard let (location, registry, registryBytes, context) = try loadProject() else { return }
        let raw: [Finding]
        do {
            raw = try findings(location, registry, registryBytes, context)
        } catch {
            Console.error("error: \(error)")
            throw ExitCode(2)
        }
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
        try output.report(raw, registry: registry, tree: context.tree)
        if staged, raw.contains(where: { $0.ruleID == Rule.generatedStale.id }) {
            Console.error("Generated files are stale: run `naars-contracts generate` and stage the result.")
        }
    }

    /// Every checker's findings, from the cache when no file they read has changed (see `CheckCache`).
    /// `registryBytes`: what `registry` was parsed from, so an edit during the run cannot file the old
    /// registry's findings under the new one.
    private func findings(_ location: RegistryLocation, _ registry: Registry, _ registryBytes: Data,
                          _ context: CheckContext) throws -> [Finding] {
        guard !noCache, !writeBaseline else { return try ContractCheck.findings(in: context) }
        let cache = CheckCache(root: location.root, name: staged ? "check-staged" : "check",
                               toolIdentity: ToolBuild.identity)
        let stats = CheckCacheStats()
        defer { if ProcessInfo.processInfo.environment["NAARS_CACHE_STATS"] == "1" { Console.error(stats.summary) } }
        return try cache.findings(in: context.tree, registryBytes: registryBytes, stats: stats) { tree, units in
            try ContractCheck.findings(in: CheckContext(registry: registry, tree: tree), units: units)
        }.findings
    }

    /// The working tree, or with `--staged` the git index (nil: nothing relevant is staged); the registry
    /// with the bytes it was parsed from.
    private func loadProject() throws -> (RegistryLocation, Registry, Data, CheckContext)? {
        guard staged else {
            let (location, registry, bytes) = try project.loadWithBytes()
            return (location, registry, bytes, CheckContext(registry: registry, tree: DiskTree(root: location.root)))
        }
        do {
            let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            let location = try RegistryLocator.locate(explicit: project.registry, from: cwd)
            guard let stagedProject = try StagedProject.load(root: location.root, registryFile: location.file) else { return nil }
            return (location, stagedProject.registry, stagedProject.registryBytes, CheckContext(registry: stagedProject.registry, tree: stagedProject.tree))
        } catch let errors as RegistryErrors {
            Console.error(errors.description)
            throw ExitCode(2)
        } catch {
            Console.error("error: \(error)")
            throw ExitCode(2)
        }
    }
}
