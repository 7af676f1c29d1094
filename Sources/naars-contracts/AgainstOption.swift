import ArgumentParser
import ContractsBreaking
import ContractsCheck
import ContractsCore
import ContractsGit
import ContractsReport
import Foundation

/// `--against REF` of `check` and `generate --check`: the breaking changes since the registry at REF.
enum AgainstOption {
    static let help: ArgumentHelp = """
        Git commit to compare the registry with: report breaking changes since it (types removed without `retired`, \
        raw values renamed, deep links, payloads, the fallback); `accept_breaking:` entries added since it accept them.
        """

    /// The unaccepted breaking changes since `ref`; notes (accepted breaks, entries that accept nothing, no
    /// registry at REF) go to standard error. A ref that is no commit, or a registry at REF that does not load,
    /// is exit 2.
    static func findings(ref: String, location: RegistryLocation, registry: Registry) throws -> [Finding] {
        let atRef: Registry?
        do {
            atRef = try RegistryAtRevision.load(ref: ref, root: location.root, file: location.file)
        } catch let error as RegistryAtRevision.Unreadable {
            // A failure every format reports (a JSON or SARIF document with the error, a GitHub annotation).
            throw ToolFailure(error.messages, root: location.root.path)
        }
        guard let atRef else {
            Console.error("note: \(location.file) is not in \(GitRevisionName.shown(ref)): nothing to compare, no breaking changes reported")
            return []
        }
        let outcome = BreakingCheck.compare(BreakingFacts(atRef: atRef, working: registry, ref: GitRevisionName.shown(ref)))
        for line in outcome.notes(ref: GitRevisionName.shown(ref)) { Console.error(line) }
        return outcome.findings
    }
}
