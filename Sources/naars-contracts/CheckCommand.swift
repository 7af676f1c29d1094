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

    func run() throws {
        let (location, registry) = try project.load()
        let context = CheckContext(registry: registry, tree: DiskTree(root: location.root))
        let raw: [Finding]
        do {
            raw = try ContractCheck.findings(in: context)
        } catch {
            Console.error("error: \(error)")
            throw ExitCode(2)
        }
        if writeBaseline {
            let kept = FindingFilter.apply(raw, registry: registry, tree: context.tree, baseline: nil)
            do {
                try Baseline(findings: kept, tree: context.tree).encoded()
                    .write(to: location.root.appendingPathComponent(registry.baseline), options: .atomic)
            } catch {
                Console.error("error: cannot write \(registry.baseline): \(error)")
                throw ExitCode(2)
            }
            Console.error("Wrote \(kept.count) finding(s) to \(registry.baseline); `check` now fails only on new drift.")
            return
        }
        try output.report(raw, registry: registry, tree: context.tree)
    }
}
