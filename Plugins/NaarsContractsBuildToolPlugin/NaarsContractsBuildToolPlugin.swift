import PackagePlugin

/// Fails the build of the target it is applied to when the contracts drift: `naars-contracts check` runs as a
/// build command whose inputs are the registry, its baseline and the project's Swift, SQL and TypeScript files,
/// so SwiftPM and Xcode rerun it when one of them changes and skip it otherwise.
///
/// A build command, not a prebuild command: prebuild commands may only run prebuilt binaries, and this plugin's
/// tool is the `naars-contracts` executable built from source (or a binary target, which works as well).
@main
struct NaarsContractsBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try DriftCheckCommand.commands(
            tool: context.tool(named: "naars-contracts").path,
            searchFrom: context.package.directory,
            targetName: target.name,
            targetFiles: target.sourceFiles.map(\.path),
            workDirectory: context.pluginWorkDirectory
        )
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same check for a target of an Xcode project ("Run Build Tool Plug-ins" in its Build Phases).
extension NaarsContractsBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try DriftCheckCommand.commands(
            tool: context.tool(named: "naars-contracts").path,
            searchFrom: context.xcodeProject.directory,
            targetName: target.displayName,
            targetFiles: target.inputFiles.map(\.path),
            workDirectory: context.pluginWorkDirectory
        )
    }
}
#endif
