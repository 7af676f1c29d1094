import ContractsCore
import Foundation

/// Which findings of `check --staged` block the commit. A commit is blocked only by what it brings: a finding
/// in a staged file, or one the last commit did not have (so a staged registry or migration caused it). Drift
/// that the last commit already had, in files this commit leaves alone, does not block: the hook is not the
/// place to make someone fix a colleague's old drift before they may commit a typo fix. The hook prints what
/// blocks and one line counting the rest (`CheckSummary.notBlocking`); `--verbose` lists them as notes (`listed`).
public enum StagedBlocking {
    /// `findings` (as reported, after severities, suppressions and the baseline) split in two: those that
    /// sit in a `staged` path or are new since `before` (the last commit's findings), and those the last
    /// commit already had elsewhere, in report order. `before` nil: nothing to compare with (no commit yet),
    /// every finding counts.
    public static func split(_ findings: [Finding], staged: Set<String>, before: [Finding]?)
        -> (brought: [Finding], preExisting: [Finding]) {
        guard let before else { return (findings, []) }
        var earlier: [Key: Int] = [:]
        for finding in before { earlier[Key(finding), default: 0] += 1 }
        var brought: [Finding] = [], preExisting: [Finding] = []
        for finding in findings.sortedForReport() {
            guard !staged.contains(finding.location.file), let left = earlier[Key(finding)], left > 0 else {
                brought.append(finding)
                continue
            }
            earlier[Key(finding)] = left - 1
            preExisting.append(finding)
        }
        return (brought, preExisting)
    }

    /// A finding the last commit already had, as `--verbose` lists it: a note that says why it does not block.
    public static func listed(_ finding: Finding) -> Finding {
        var note = finding
        note.severity = .note
        note.message += " (already in the last commit, in a file this commit leaves alone: not blocking)"
        return note
    }

    /// The findings of the last commit (`HEAD`) for the registry at `registryFile`, or nil when there is no
    /// commit or it has no registry there (or one that does not load): then every staged finding is new.
    /// `check` gets the context and the registry's bytes at HEAD (what a check cache keys by). `blobs`: the
    /// staged check's reader, so HEAD's blobs need no git process of their own. HEAD's listing and its registry
    /// are read at once.
    public static func findingsAtHead(root: URL, registryFile: String, blobs: GitBlobReader? = nil,
                                      check: (CheckContext, Data) throws -> [Finding]) -> [Finding]? {
        let blobs = blobs ?? GitBlobReader(dir: root)
        let parts = [HeadPart.tree(nil), .registry(nil)].concurrentMap { part -> HeadPart in
            switch part {
            case .tree: return .tree(try? GitTree(root: root, source: .revision("HEAD"), blobs: blobs))
            case .registry: return .registry((try? StagedRegistry.read(blobs, registryFile, revision: "HEAD", ruleIDs: nil)) ?? nil)
            }
        }
        guard case .tree(let tree?) = parts[0], case .registry(let (bytes, loaded)?) = parts[1],
              let registry = try? loaded.get() else { return nil }
        return try? check(CheckContext(registry: registry, tree: tree), bytes)
    }

    private enum HeadPart {
        case tree(GitTree?)
        case registry((Data, Result<Registry, Error>)?)
    }

    /// What makes two findings the same across commits: rule, file and message (not the line, which moves).
    struct Key: Hashable {
        var rule: String
        var file: String
        var message: String

        init(_ finding: Finding) {
            rule = finding.ruleID
            file = finding.location.file
            message = finding.message
        }
    }
}
