import ArgumentParser
import ContractsCheck
import ContractsCore
import Foundation

extension ReportFormat: ExpressibleByArgument {}

/// How findings are printed, and the one path every command reports through: registry severities,
/// inline suppressions and the baseline applied, then the reporter, then exit 1 when an error is left.
struct ReportOptions: ParsableArguments {
    @Option(help: "Output format: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ReportFormat = .text

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
