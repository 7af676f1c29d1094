import ContractsCore
import ContractsReport
import Foundation

/// registry.yaml as a git commit has it, for `check --against REF`: the one place the comparison touches git,
/// through Core's git runner and the blob reader `check --staged` uses.
public enum RegistryAtRevision {
    /// Why the registry at REF cannot be compared with (exit 2): the ref is not a commit, or its registry does
    /// not load.
    public struct Unreadable: Error, CustomStringConvertible {
        /// What went wrong, each at the registry location it concerns when there is one.
        public var messages: [ToolFailure.Message]
        /// `file:line:col: error: text`, or `error: text`, one per message.
        public var lines: [String] { messages.map(\.line) }
        public var description: String { lines.joined(separator: "\n") }
    }

    /// The registry at `ref` (`file` relative to `root`, the registry's folder), or nil when that commit has no
    /// such file (the registry is new since then: nothing to compare).
    public static func load(ref: String, root: URL, file: String) throws -> Registry? {
        let commit = try resolve(ref, root: root)
        let shown = GitRevisionName.shown(ref)
        let data: Data?
        do {
            // `<commit>:./<path>` is relative to the folder git runs in, which is the registry's.
            data = try GitBlobReader(dir: root).readIfPresent("\(commit):./\(file)")
        } catch let error as GitError {
            throw Unreadable(messages: [.init("cannot read \(file) at \(shown): git: \(said(error))")])
        }
        guard let data else { return nil }
        guard let text = String(data: data, encoding: .utf8) else {
            throw Unreadable(messages: [.init("\(file) at \(shown) is not valid UTF-8; cannot compare with it",
                                              at: SourceLocation(file: file, line: 1, column: 1))])
        }
        do {
            return try RegistryLoader.load(text: text, file: file)
        } catch let errors as RegistryErrors {
            throw Unreadable(messages: errors.errors.map { .init("\($0.message) (in \(file) at \(shown))", at: $0.location) }
                + [.init("\(file) at \(shown) does not load, so there is nothing to compare with; pass another --against ref")])
        }
    }

    /// The commit `ref` names; a ref that is no commit (unknown, a tree or blob id, an option) is `Unreadable`.
    static func resolve(_ ref: String, root: URL) throws -> String {
        if let problem = GitRevisionName.problem(ref) { throw Unreadable(messages: [.init(problem)]) }
        do {
            return try GitProcess.text(["rev-parse", "--verify", "--quiet", "--end-of-options", ref + "^{commit}"], in: root)
        } catch let error as GitError {
            var detail = said(error)
            for prefix in ["fatal: ", "error: "] where detail.hasPrefix(prefix) { detail.removeFirst(prefix.count) }
            throw Unreadable(messages: [.init("cannot read \(GitRevisionName.shown(ref)): not a commit in this repository"
                + (detail.isEmpty ? "" : " (git: \(detail))"))])
        }
    }

    /// What git said, on one line, its echo of the ref escaped.
    private static func said(_ error: GitError) -> String {
        HiddenScalars.visible(error.message.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").joined(separator: "; "))
    }
}
