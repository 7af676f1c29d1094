import ArgumentParser
import ContractsCore
import ContractsSwiftSource
import Foundation

/// `naars-contracts _bench-parse-floor` (hidden, for `scripts/bench`): the Swift side's floor. Parses exactly the
/// Swift files a cold `check` parses (the same sources, pre-filter and parallelism) with swift-syntax and does
/// nothing else; prints how many.
struct BenchParseFloorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "_bench-parse-floor",
        abstract: "Parse the Swift files a cold check parses, and nothing else (scripts/bench's floor).",
        shouldDisplay: false
    )

    @OptionGroup var project: ProjectOptions

    func run() throws {
        let (location, registry) = try project.load()
        let parsed: Int
        do {
            parsed = try SwiftSourceCheck.parseFloor(in: CheckContext(registry: registry, tree: DiskTree(root: location.root)))
        } catch {
            Console.error("error: \(error)")
            throw ExitCode(2)
        }
        Console.print("\(parsed) Swift files parsed")
    }
}
