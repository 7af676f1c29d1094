import ContractsCore
import Foundation

/// What `git commit` would change, as paths relative to a folder of the repository.
public enum StagedChanges {
    /// Paths staged for the next commit (added, modified, deleted; both sides of a rename) below `root`,
    /// relative to it. One git process: `git diff --cached --name-status -z --relative --no-renames`, which
    /// on a branch without commits yet lists every staged file.
    public static func paths(in root: URL) throws -> [String] {
        try read(in: root).paths
    }

    /// The staged paths, and among them those still unmerged (`U`: a merge, rebase or cherry-pick stopped on a
    /// conflict), which have no one staged content to judge: the index holds each side (stages 1 to 3), the
    /// listing of stage 0 that `GitTree` reads holds none. The same git process: the status letters cost nothing.
    public static func read(in root: URL) throws -> (paths: [String], unmerged: [String]) {
        let records = GitListing.parseNameStatus(try GitProcess.run(
            ["diff", "--cached", "--name-status", "-z", "--relative", "--no-renames", "--no-ext-diff"], in: root))
        return (records.map(\.path), records.filter { $0.status == "U" }.map(\.path))
    }
}

/// Paths unmerged in the index: `check --staged` cannot judge them (exit 2, a located error each).
public struct UnmergedPaths: Error, Sendable, Equatable {
    /// Relative to the registry's folder, in git's order.
    public var paths: [String]

    /// What each path's error says.
    public static let message = "unmerged in the index (a merge in progress?); resolve it, then commit"
}
