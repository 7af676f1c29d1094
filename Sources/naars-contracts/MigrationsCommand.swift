import ArgumentParser

/// `naars-contracts migrations` (stub until its issue lands).
struct MigrationsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "migrations")
}
