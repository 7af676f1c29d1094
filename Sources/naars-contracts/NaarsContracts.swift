import ArgumentParser
import ContractsCheck
import ContractsCore
import ContractsReport
import Foundation

/// The CLI: argument parsing only; the work is in the Contracts* modules.
@main
struct NaarsContracts: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "naars-contracts",
        abstract: "Keeps Swift, PostgreSQL and TypeScript contracts in sync with registry.yaml.",
        discussion: "Exit codes: 0 clean, 1 drift found, 2 bad registry, bad input or bad usage.",
        version: ToolVersion.version,
        subcommands: [InitCommand.self, GenerateCommand.self, CheckCommand.self, MigrationsCommand.self, HookCommand.self,
                      RulesCommand.self, CompletionCommand.self, BenchParseFloorCommand.self]
    )

    /// Runs the command; usage errors exit 2 (not ArgumentParser's 64), as every exit code here is documented.
    static func main() {
        if let unknown = unknownSubcommand(in: Array(CommandLine.arguments.dropFirst())) {
            FileHandle.standardError.write(Data((unknown + "\n").utf8))
            Foundation.exit(2)
        }
        RegistryPrefetch.start(arguments: Array(CommandLine.arguments.dropFirst()))
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as ToolFailure {
            FileHandle.standardError.write(Data((failure.description + "\n").utf8))
            Foundation.exit(2)
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }

    /// The error for a first word that is no command (`naars-contracts chek`), with the closest command
    /// when one is near (`did you mean 'check'?`), or nil. Options and known commands are left to the parser.
    static func unknownSubcommand(in arguments: [String]) -> String? {
        guard let word = arguments.first, !word.hasPrefix("-") else { return nil }
        let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
        guard !names.contains(word) else { return nil }
        // The hidden ones (`_bench-parse-floor`) are run, never suggested or listed.
        let shown = names.filter { !$0.hasPrefix("_") }
        let hint = Suggestion.closest(to: word, among: shown).map { "; did you mean '\($0)'?" } ?? ""
        return "error: unknown command '\(word)'\(hint)\n"
            + "Commands: \(shown.filter { $0 != "help" }.joined(separator: ", ")). See 'naars-contracts --help'."
    }
}
