import ContractsCore
import ContractsGenerate

/// `generated-stale` and `generated-edited`: every generated file exists with exactly the content `generate`
/// would write; files we generated that the registry no longer produces are stale too.
public enum GeneratedFilesCheck {
    public static func findings(plan: GenerationPlan, context: CheckContext) -> [Finding] {
        let registry = context.registry
        var findings: [Finding] = []
        let fix = "run `naars-contracts generate`"
        for file in plan.sourceFiles {
            let top = SourceLocation(file: file.path, line: 1, column: 1)
            guard let current = try? context.tree.readText(file.path) else {
                findings.append(Finding(.generatedStale, "\(file.path) is missing; it is generated from \(registry.file)",
                                        at: top, registry: registry.location, fix: fix))
                continue
            }
            if current == file.contents { continue }
            guard GeneratedHeader.isGenerated(current) else {
                findings.append(Finding(
                    .generatedEdited,
                    "\(file.path) has no generated header, so it is hand-written; generate will not overwrite it",
                    at: top, registry: registry.location,
                    fix: "move or delete the file, then run `naars-contracts generate`"))
                continue
            }
            let difference = UnifiedDiff.firstDifference(old: current, new: file.contents)
            let line = difference?.line ?? 1
            let detail: String
            switch (difference?.expected, difference?.found) {
            case let (expected?, found?): detail = "line \(line) should be `\(clip(expected))` but is `\(clip(found))`"
            case let (expected?, nil): detail = "the file ends early; line \(line) should be `\(clip(expected))`"
            case let (nil, found?): detail = "line \(line) `\(clip(found))` should not be there"
            default: detail = "the content differs"
            }
            findings.append(Finding(.generatedStale, "\(file.path) is out of date with \(registry.file): \(detail)",
                                    at: SourceLocation(file: file.path, line: line, column: 1),
                                    registry: registry.location, fix: fix))
        }
        for orphan in plan.orphans {
            findings.append(Finding(.generatedStale, "\(orphan) was generated but \(registry.file) no longer produces it",
                                    at: SourceLocation(file: orphan, line: 1, column: 1), registry: registry.location,
                                    fix: "run `naars-contracts generate` (it removes the file)"))
        }
        return findings
    }

    private static func clip(_ line: String) -> String {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed.count > 70 ? String(trimmed.prefix(67)) + "..." : trimmed
    }
}

import Foundation
