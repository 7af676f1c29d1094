import ArgumentParser
import ContractsCheck
import Foundation

/// The CLI: argument parsing only; the work is in the Contracts* modules.
@main
struct NaarsContracts: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "naars-contracts",
        abstract: "Keeps Swift, PostgreSQL and TypeScript contracts in sync with registry.yaml.",
        discussion: "Exit codes: 0 clean, 1 drift found, 2 bad registry, bad input or bad usage.",
        subcommands: [InitCommand.self, GenerateCommand.self, CheckCommand.self, MigrationsCommand.self, HookCommand.self]
    )

    /// Runs the command; usage errors exit 2 (not ArgumentParser's 64), as every exit code here is documented.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
