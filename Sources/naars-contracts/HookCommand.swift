import ArgumentParser

/// `naars-contracts hook` (stub until its issue lands).
struct HookCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "hook")
}
