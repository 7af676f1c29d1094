import ContractsCore
import Foundation

/// The registry keeps generated files and migrations apart by their spelling (`validateOutputFolders`); on disk a
/// symbolic link can still make an output folder a migration folder (or put one inside the other). `generate`
/// asks here before it plans or writes anything, and refuses (exit 2) when the resolved folders overlap.
public enum OutputFolderGuard {
    /// One `file:line:col: error: ...` line per output folder that, resolved, is, contains or lies inside a
    /// migration folder (`outputs.sql` names a migration folder on purpose and is not judged). Located at the
    /// migration folder's entry in the registry.
    public static func refusals(_ registry: Registry, root: URL) -> [String] {
        var lines: [String] = []
        for (key, dir) in [("swift", registry.outputs.swift), ("typescript", registry.outputs.typescript)] {
            for migration in registry.migrations where ProjectPath.overlap(dir, migration.dir, root: root) {
                let output = ProjectPath.resolved(dir, root: root), folder = ProjectPath.resolved(migration.dir, root: root)
                let relation = output == folder ? "is" : (ProjectPath.isSameOrInside(dir, migration.dir, root: root) ? "is inside" : "contains")
                lines.append("\(migration.location): error: outputs.\(key) '\(dir)' \(relation) the migration folder "
                    + "'\(migration.dir)' once symbolic links are resolved; generated files and migrations need separate "
                    + "folders: make '\(dir)' a real folder of its own (nothing was written)")
            }
        }
        return lines
    }
}
