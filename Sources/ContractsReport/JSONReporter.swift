import ContractsCore

/// The machine-readable report: a stable, versioned document (docs/findings-json.md), pretty-printed
/// with sorted keys so two runs over the same tree produce the same bytes.
///
/// Fields are only ever added under `version: 1`; renaming or removing one needs `version: 2`.
public struct JSONReporter: FindingReporter {
    /// The format version written as `"version"`.
    public static let version = 1

    public init() {}

    public func render(_ findings: [Finding], summary: CheckSummary) -> String {
        JSONReporter.document(findings: findings.sortedForReport().map(JSONReporter.document), summary: summary,
                              errors: [])
    }

    /// The document for a run that stopped with exit 2: no findings, and `errors` saying why.
    static func render(_ failure: ToolFailure) -> String {
        let errors = failure.messages.map { message -> JSONValue in
            var members: [String: JSONValue] = ["message": .string(message.text)]
            if let location = message.location {
                members["file"] = .string(location.file)
                members["line"] = .int(location.line)
                members["column"] = .int(location.column)
            }
            return .object(members)
        }
        return document(findings: [], summary: CheckSummary([]), errors: errors)
    }

    private static func document(findings: [JSONValue], summary: CheckSummary, errors: [JSONValue]) -> String {
        JSONValue.object([
            "version": .int(JSONReporter.version),
            "tool": .object(["name": .string("naars-contracts"), "version": .string(ToolVersion.version)]),
            "findings": .array(findings),
            "errors": .array(errors),
            "summary": .object([
                "errors": .int(summary.errors),
                "warnings": .int(summary.warnings),
                "notes": .int(summary.notes),
                "baselined": .int(summary.baselined),
                "suppressed": .int(summary.suppressed),
            ]),
        ]).rendered()
    }

    /// One finding as it appears in `findings`.
    static func document(_ finding: Finding) -> JSONValue {
        var members: [String: JSONValue] = [
            "rule": .string(finding.ruleID),
            "severity": .string(finding.severity.rawValue),
            "message": .string(finding.message),
            "file": .string(finding.location.file),
            "line": .int(finding.location.line),
            "column": .int(finding.location.column),
            "registry": finding.registryLocation.map(JSONValue.location) ?? .null,
            "fix": .optional(finding.fix),
            "related": .array(finding.related.map(JSONValue.location)),
        ]
        // Only on findings whose rule knows it: a report of findings without one keeps its bytes.
        if let subject = finding.subject { members["subject"] = .subject(subject) }
        return .object(members)
    }
}
