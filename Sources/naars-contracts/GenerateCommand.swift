import ArgumentParser

/// `naars-contracts generate` (stub until its issue lands).
struct GenerateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "generate")
}
