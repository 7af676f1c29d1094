import PackagePlugin

/// Generates `RegistrySchemaText.swift` for the target it is applied to (ContractsInit): the package's
/// registry.schema.json embedded as `RegistrySchemaText.text`, the schema `init` and `generate` write beside a
/// registry. The repository's file is the one source; the build runs the tool again whenever it changes, so the
/// binary's copy cannot fall behind it, and a static binary needs no resource bundle to find it.
@main
struct RegistrySchemaPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let schema = context.package.directory.appending("registry.schema.json")
        let output = context.pluginWorkDirectory.appending("RegistrySchemaText.swift")
        return [.buildCommand(
            displayName: "Embedding registry.schema.json",
            executable: try context.tool(named: "EmbedTextTool").path,
            arguments: [schema.string, output.string, "RegistrySchemaText"],
            inputFiles: [schema],
            outputFiles: [output]
        )]
    }
}
