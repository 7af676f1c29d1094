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

    @Argument(help: ArgumentHelp("One rule to describe, with its examples (`naars-contracts rules sql-unknown-literal`).",
                                 valueName: "id"))
    var id: String?

    func run() throws {
        var rules = Rule.all
        if let id {
            guard let rule = Rule.named(id) else {
                let near = Suggestion.closest(to: id, among: Rule.all.map(\.id)).map { " (did you mean `\($0)`?)" } ?? ""
                FileHandle.standardError.write(Data("error: no rule `\(id)`\(near); `naars-contracts rules` lists them\n".utf8))
                throw ExitCode(2)
            }
            rules = [rule]
            if format == .text {
                FileHandle.standardOutput.write(Data(RulesCommand.detail(rule).utf8))
                return
            }
        }
        switch format {
        case .text: FileHandle.standardOutput.write(Data(RulesCommand.table(rules).utf8))
        case .json: FileHandle.standardOutput.write(Data(RulesCommand.document(rules).utf8))
        }
    }

    /// One rule: its id, default severity and description, then its units' examples (SwiftLint's `rules <id>`):
    /// the files of each project that triggers it, `↓` marking where each finding starts, then those that do not.
    static func detail(_ rule: Rule) -> String {
        var out = "\(rule.id) (\(rule.defaultSeverity.rawValue))\n\(rule.summary)\n"
        if let parent = rule.parent {
            out += "Split from \(parent): a setting, ignore comment or baseline entry naming \(parent) applies to it too, unless one names \(rule.id).\n"
        }
        // A split-off rule's examples are its parent unit's: one unit reports both.
        let units = RuleCatalog.units.filter { $0.rule.id == rule.id || $0.narrowerRules.contains(rule) }
        func section(_ title: String, _ examples: [RuleExample]) {
            guard !examples.isEmpty else { return }
            out += "\n\(title)\n"
            for example in examples {
                for (path, text) in example.files.sorted(by: { $0.key < $1.key }) {
                    out += "\n  \(path):\n" + text.split(separator: "\n", omittingEmptySubsequences: false)
                        .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n") + "\n"
                }
            }
        }
        section("Triggering examples (↓ marks each finding):", units.flatMap { $0.triggeringExamples })
        section("Non-triggering examples:", units.flatMap { $0.nonTriggeringExamples })
        return out
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
