import ContractsCore
import Foundation

/// The file list of a git revision, for `migrations lint --against REF`: the one place the lint touches git.
///
/// It goes through Core's `GitProcess` (stderr drained beside stdout, its exit awaited without polling, a hook's git
/// environment honoured), so there is one git runner and one `GitError`.
public enum GitRevisionFiles {
    /// Paths of every file under `dirs` at `ref`, relative to `root` (`git ls-tree -r -z --name-only REF -- dirs`,
    /// run in `root`). Throws `GitError` with git's message when the ref or repository is unknown.
    public static func list(ref: String, dirs: [String], root: URL) throws -> [String] {
        let data = try GitProcess.run(["ls-tree", "-r", "-z", "--name-only", ref, "--"] + dirs, in: root)
        return String(decoding: data, as: UTF8.self).split(separator: "\0").map(String.init)
    }
}
