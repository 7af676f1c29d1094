import ContractsCache
import ContractsCheck
import ContractsCore
import Foundation

/// The registry a plain `check` loads (the nearest `registry.yaml` up from the working folder), loaded on
/// another thread while the arguments are parsed: argument parsing reflects over every option and takes about
/// as long as loading the registry, so a warm `check` does not wait for one after the other.
///
/// Once the project's root is known, the check cache's first steps begin beside it (`CheckCache.WarmStart`: the
/// stamps, the stored entry, whether every question it asked still gets the same answer), unless the cache is
/// not used (`--no-cache`, `--write-baseline`) or `--fix` writes sources before the check.
///
/// Only a guess: `ProjectOptions.loadOrFail` takes it when it names the very file it locates, and otherwise
/// (another `--registry`, a registry that does not load: its errors are reported by the ordinary path) loads
/// as before. Either way the registry comes from the bytes of one read of the file.
enum RegistryPrefetch {
    private static let group = DispatchGroup()
    private static let started = Locked(false)
    private static let result = Locked<(location: RegistryLocation, registry: Registry, bytes: Data)?>(nil)
    private static let warm = Locked<CheckCache.WarmStart?>(nil)

    /// Starts loading when the command line is `check` without `--registry` or `--staged` (which reads the
    /// registry from git's index). Called once, from `main`, before the arguments are parsed.
    static func start(arguments: [String]) {
        guard arguments.first == "check",
              !arguments.contains(where: { $0.hasPrefix("--registry") || $0 == "--staged" || $0 == "--" }) else { return }
        started.value = true
        // `--fix` writes sources before the check it reports: stamps taken now would be of the tree before the fix
        // (`CheckCommand` takes no warm start then; none is begun).
        let cached = !arguments.contains { $0 == "--no-cache" || $0 == "--write-baseline" || $0 == "--fix" }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        DispatchQueue.global(qos: .userInitiated).async(group: group) {
            guard let location = try? RegistryLocator.locate(explicit: nil, from: cwd) else { return }
            if cached {
                let cache = CheckCache(root: location.root, name: "check", toolIdentity: ToolBuild.identity)
                warm.value = CheckCache.WarmStart(cache: cache, tree: DiskTree(root: location.root))
            }
            guard let loaded = try? RegistryLoader.loadWithBytes(contentsOf: location.url, file: location.file, ruleIDs: RuleCatalog.ids)
            else { return }
            result.value = (location, loaded.registry, loaded.bytes)
        }
    }

    /// The check cache's first steps begun ahead, if any (`CheckCache.findings` uses them only for its own
    /// cache and tree).
    static var warmStart: CheckCache.WarmStart? {
        guard started.value else { return nil }
        group.wait()
        return warm.value
    }

    /// The registry loaded ahead for `location`, or nil (none was started, it did not load, or it is another file).
    static func take(for location: RegistryLocation) -> (registry: Registry, bytes: Data)? {
        guard started.value else { return nil }
        group.wait()
        guard let result = result.value, result.location == location else { return nil }
        return (result.registry, result.bytes)
    }
}
