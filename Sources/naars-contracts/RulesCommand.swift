import ArgumentParser
import ContractsCheck
import ContractsCore
import ContractsReport
import Foundation

/// `naars-contracts rules`: every rule with its id, default severity and one-line description, as
/// `swiftlint rules` lists its own; the ids are what `rules:` in registry.yaml and `naars-contracts:ignore` take.
struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List every rule: id, default severity and what it is about."
    )

    enum Format: String, CaseIterable, ExpressibleByArgument {
        case text, json
    }

    @Option(help: "Output format: text, json.")
    var format: Format = .text

    func run() throws {
        switch format {
        case .text: FileHandle.standardOutput.write(Data(RulesCommand.table(Rule.all).utf8))
        case .json: FileHandle.standardOutput.write(Data(RulesCommand.document(Rule.all).utf8))
        }
    }

    /// One rule a line, in columns: `id  severity  description`.
    static func table(_ rules: [Rule]) -> String {
        let idWidth = rules.map(\.id.count).max() ?? 0
        let severityWidth = rules.map(\.defaultSeverity.rawValue.count).max() ?? 0
        return rules.map { rule in
            rule.id.padding(toLength: idWidth, withPad: " ", startingAt: 0) + "  "
                + rule.defaultSeverity.rawValue.padding(toLength: severityWidth, withPad: " ", startingAt: 0) + "  "
                + rule.summary + "\n"
        }.joined()
    }

    /// `{"version": 1, "rules": [{"id", "severity", "description"}]}`, keys sorted.
    static func document(_ rules: [Rule]) -> String {
        JSONValue.object([
            "version": .int(1),
            "tool": .object(["name": .string("naars-contracts"), "version": .string(ToolVersion.version)]),
            "rules": .array(rules.map { rule in
                .object([
                    "id": .string(rule.id),
                    "severity": .string(rule.defaultSeverity.rawValue),
                    "description": .string(rule.summary),
                ])
            }),
        ]).rendered()
    }
}
