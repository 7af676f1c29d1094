import Foundation
import PackagePlugin

/// `swift package naars-contracts check|generate|migrations ... [options]`: the CLI, run in the package's folder
/// (the tool finds the nearest registry.yaml from there). `generate` writes into the package, so SwiftPM asks for
/// `--allow-writing-to-package-directory`; permissions are declared per plugin, so it asks for `check` as well.
@main
struct NaarsContractsCommandPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try ToolRun.run(context.tool(named: "naars-contracts").path.string, arguments, in: context.package.directory.string)
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// The same from Xcode's project navigator (right-click the project, then naars-contracts).
extension NaarsContractsCommandPlugin: XcodeCommandPlugin {
    func performCommand(context: XcodePluginContext, arguments: [String]) throws {
        try ToolRun.run(context.tool(named: "naars-contracts").path.string, arguments, in: context.xcodeProject.directory.string)
    }
}
#endif

/// Runs the tool with the user's arguments; its output goes straight to the terminal (or Xcode's log).
enum ToolRun {
    struct Failure: Error, CustomStringConvertible {
        var subcommand: String
        var status: Int32
        var description: String { "naars-contracts \(subcommand) exited with status \(status)" }
    }

    static func run(_ tool: String, _ arguments: [String], in folder: String) throws {
        // Xcode adds `--target NAME` for the targets selected in its dialog: the tool checks the whole project.
        var extractor = ArgumentExtractor(arguments)
        _ = extractor.extractOption(named: "target")
        let rest = extractor.remainingArguments
        let toolArguments = rest.isEmpty ? ["check"] : rest
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = toolArguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let failure = Failure(subcommand: toolArguments[0], status: process.terminationStatus)
            Diagnostics.error(failure.description)
            throw failure
        }
    }
}
