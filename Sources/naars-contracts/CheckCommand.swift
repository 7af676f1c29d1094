import ArgumentParser
import ContractsCheck
import ContractsCore
import Foundation

extension ReportFormat: ExpressibleByArgument {}

/// `naars-contracts check`: the registry, the generated files and every configured source, for drift.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Find drift between registry.yaml and the generated files, migrations, Swift and TypeScript.",
        discussion: "Exit 0 clean (warnings allowed), 1 drift found, 2 bad registry or usage."
    )

    @OptionGroup var project: ProjectOptions

    @Option(help: "Output format: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ReportFormat = .text

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
        try report(raw, registry: registry, tree: context.tree)
    }

    /// Applies severities, inline suppressions and the baseline, prints, and exits 1 on errors.
    func report(_ raw: [Finding], registry: Registry, tree: FileTree) throws {
        var baseline: Baseline?
        if tree.exists(registry.baseline) {
            do {
                baseline = try Baseline(data: tree.read(registry.baseline))
            } catch {
                Console.error("\(registry.baseline):1:1: error: \(error)")
                throw ExitCode(2)
            }
        }
        let findings = FindingFilter.apply(raw, registry: registry, tree: tree, baseline: baseline)
        let summary = CheckSummary(findings)
        let output = format.reporter(useColor: format == .text && isatty(1) != 0).render(findings, summary: summary)
        FileHandle.standardOutput.write(Data(output.utf8))
        if format != .text, format != .json { Console.error(summary.line) }
        if summary.exitCode != 0 { throw ExitCode(summary.exitCode) }
    }
}
