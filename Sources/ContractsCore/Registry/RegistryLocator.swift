import Foundation

/// Finds the registry the way git finds `.git`: from a folder upwards. The registry's folder is the project
/// root: every path in the registry and in findings is relative to it.
public struct RegistryLocation: Sendable, Equatable {
    /// The project root (the registry's folder).
    public var root: URL
    /// The registry file name relative to `root` (`registry.yaml`).
    public var file: String

    public init(root: URL, file: String) {
        self.root = root
        self.file = file
    }

    public var url: URL { root.appendingPathComponent(file) }
}

public enum RegistryLocator {
    public static let defaultName = "registry.yaml"

    /// `explicit` (a `--registry PATH`, relative to `start`) or the nearest `registry.yaml` in `start` and its parents.
    public static func locate(explicit: String?, from start: URL) throws -> RegistryLocation {
        if let explicit {
            let url = explicit.hasPrefix("/") ? URL(fileURLWithPath: explicit) : start.appendingPathComponent(explicit)
            let standardized = url.standardizedFileURL
            guard entryExists(standardized.path) else {
                throw RegistryErrors([RegistryError("no registry at \(explicit)", at: SourceLocation(file: explicit, line: 1, column: 1))])
            }
            return RegistryLocation(root: standardized.deletingLastPathComponent(), file: standardized.lastPathComponent)
        }
        var folder = start.standardizedFileURL
        while true {
            let candidate = folder.appendingPathComponent(defaultName)
            // Any entry named registry.yaml stops the search, a broken link or a folder included: the loader
            // then says what is wrong with it, instead of this search silently using a parent's registry.
            if entryExists(candidate.path) {
                return RegistryLocation(root: folder, file: defaultName)
            }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        throw RegistryErrors([RegistryError(
            "no \(defaultName) in this folder or any parent; run from inside a project or pass --registry PATH",
            at: SourceLocation(file: defaultName, line: 1, column: 1))])
    }
}

/// Whether `path` names an entry, dangling or looping links included (`lstat`, not `stat`).
private func entryExists(_ path: String) -> Bool {
    var info = stat()
    return lstat(path, &info) == 0
}
