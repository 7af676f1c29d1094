import ArgumentParser

/// `naars-contracts check` (stub until its issue lands).
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "check")
}
