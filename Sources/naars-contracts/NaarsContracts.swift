import ArgumentParser
import ContractsCheck

/// The CLI: argument parsing only; the work is in the Contracts* modules.
@main
struct NaarsContracts: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "naars-contracts",
        abstract: "Keeps Swift, PostgreSQL and TypeScript contracts in sync with registry.yaml.",
        subcommands: [GenerateCommand.self, CheckCommand.self, MigrationsCommand.self, HookCommand.self]
    )
}
