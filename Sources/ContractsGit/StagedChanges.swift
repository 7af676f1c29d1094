import ContractsCore
import Foundation

/// What `git commit` would change, as paths relative to a folder of the repository.
public enum StagedChanges {
    /// Paths staged for the next commit (added, modified, deleted; both sides of a rename) below `root`,
    /// relative to it. One git process: `git diff --cached --name-only -z --relative --no-renames`, which
    /// on a branch without commits yet lists every staged file.
    public static func paths(in root: URL) throws -> [String] {
        GitListing.parsePaths(try GitProcess.run(
            ["diff", "--cached", "--name-only", "-z", "--relative", "--no-renames", "--no-ext-diff"], in: root))
    }
}
