import Foundation
import PackagePlugin

/// Generates `ToolSourceDigest.swift` for the CLI: a digest of every source file of the package's own
/// targets (everything below `Sources/`), of `Package.swift`, of `registry.schema.json` (compiled into the
/// tool by RegistrySchemaPlugin) and, when present, of `Package.resolved`.
/// The check cache is keyed on it with the tool's version, so a rebuild of the same source trusts the
/// cache (CI can restore it), and any edit to the sources, however small, invalidates it. The build runs
/// the tool again whenever one of those files changes, so the digest cannot go stale.
@main
struct SourceDigestPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directory
        let sources = root.appending("Sources")
        var inputs: [Path] = [root.appending("Package.swift"), root.appending("registry.schema.json")]
        for candidate in context.package.targets {
            guard let module = candidate as? SourceModuleTarget,
                  module.directory.string.hasPrefix(sources.string + "/") else { continue }
            inputs += module.sourceFiles.map(\.path)
        }
        let resolved = root.appending("Package.resolved")
        if FileManager.default.fileExists(atPath: resolved.string) { inputs.append(resolved) }
        let output = context.pluginWorkDirectory.appending("ToolSourceDigest.swift")
        return [.buildCommand(
            displayName: "Digest of naars-contracts' sources",
            executable: try context.tool(named: "SourceDigestTool").path,
            arguments: [root.string, output.string] + inputs.map(\.string),
            inputFiles: inputs,
            outputFiles: [output]
        )]
    }
}
