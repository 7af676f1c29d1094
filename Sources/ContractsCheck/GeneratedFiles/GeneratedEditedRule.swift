import ContractsCore
import ContractsGenerate

/// `generated-edited`: a file at a generated path without the generated header was written by hand, and
/// `generate` never overwrites it (so it says so instead of calling it stale).
enum GeneratedEditedRule: DriftRule {
    static let rule = Rule.generatedEdited

    static func findings(_ facts: GeneratedFilesFacts) -> [Finding] {
        facts.files.compactMap { planned, current in
            guard let current, current != planned.contents, !GeneratedHeader.isGenerated(current) else { return nil }
            return Finding(.generatedEdited,
                           "\(planned.path) has no generated header, so it is hand-written; generate will not overwrite it",
                           at: SourceLocation(file: planned.path, line: 1, column: 1), registry: facts.registry.location,
                           fix: "move or delete the file, then run `naars-contracts generate`", subject: .file(path: planned.path))
        }
    }

    static let triggeringExamples = [
        RuleExample(["App/Generated/NotificationType.swift": "↓public enum NotificationType: String { case message, ride_update }\n"],
                    generatedOutput: true),
    ]
    static let nonTriggeringExamples = [
        // A hand-written file beside the generated ones is not at a generated path; a stale generated file is
        // `generated-stale`.
        RuleExample(["App/Generated/NotificationType+Display.swift": "extension NotificationType {}\n",
                     "App/Generated/NotificationType.swift": GeneratedStaleRule.staleHeader + "public enum NotificationType {}\n"],
                    generatedOutput: true),
    ]
}
