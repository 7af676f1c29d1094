import ArgumentParser
import ContractsCheck
import ContractsCore
import ContractsReport
import Foundation

/// Options every command shares: where the registry is.
struct ProjectOptions: ParsableArguments {
    @Option(name: .long, help: "Path to registry.yaml (default: the nearest one in this folder or its parents).")
    var registry: String?

    /// Finds and loads the registry; prints every registry error (`file:line:col: error: ...`) and exits 2.
    func load() throws -> (location: RegistryLocation, registry: Registry) {
        let (location, registry, _) = try loadWithBytes()
        return (location, registry)
    }

    /// The same, with the bytes the registry was parsed from (what the check cache keys by).
    func loadWithBytes() throws -> (location: RegistryLocation, registry: Registry, bytes: Data) {
        do {
            return try loadOrFail()
        } catch let failure as ToolFailure {
            Console.error(failure.description)
            throw ExitCode(2)
        }
    }

    /// The registry location (`ToolFailure` when there is none).
    func locate() throws -> RegistryLocation {
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        do {
            return try RegistryLocator.locate(explicit: registry, from: cwd)
        } catch let errors as RegistryErrors {
            throw ToolFailure(errors)
        }
    }

    /// Loads the registry, throwing a `ToolFailure` (paths relative to the project root) for a report to render.
    func loadOrFail() throws -> (location: RegistryLocation, registry: Registry, bytes: Data) {
        let location = try locate()
        if registry == nil, let loaded = RegistryPrefetch.take(for: location) { return (location, loaded.registry, loaded.bytes) }
        do {
            let loaded = try RegistryLoader.loadWithBytes(contentsOf: location.url, file: location.file,
                                                            ruleIDs: RuleCatalog.ids)
            return (location, loaded.registry, loaded.bytes)
        } catch let errors as RegistryErrors {
            throw ToolFailure(errors, root: location.root.path)
        }
    }
}

/// Standard output and error, unbuffered for errors.
enum Console {
    static func print(_ text: String) {
        FileHandle.standardOutput.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }
}
