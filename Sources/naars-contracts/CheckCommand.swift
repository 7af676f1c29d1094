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

    func run() throws {
        let (location, registry) = try project.load()
        let context = CheckContext(registry: registry, tree: DiskTree(root: location.root))
        let findings: [Finding]
        do {
            findings = try ContractCheck.findings(in: context)
        } catch {
            Console.error("error: \(error)")
            throw ExitCode(2)
        }
        for finding in findings {
            Console.print("\(finding.location): \(finding.severity.rawValue): \(finding.message) (\(finding.ruleID))")
        }
        if findings.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
    }
}
