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
        JSONValue.object([
            "version": .int(JSONReporter.version),
            "findings": .array(findings.sortedForReport().map(JSONReporter.document)),
            "summary": .object([
                "errors": .int(summary.errors),
                "warnings": .int(summary.warnings),
                "notes": .int(summary.notes),
            ]),
        ]).rendered()
    }

    /// One finding as it appears in `findings`.
    static func document(_ finding: Finding) -> JSONValue {
        .object([
            "rule": .string(finding.ruleID),
            "severity": .string(finding.severity.rawValue),
            "message": .string(finding.message),
            "file": .string(finding.location.file),
            "line": .int(finding.location.line),
            "column": .int(finding.location.column),
            "registry": finding.registryLocation.map(JSONValue.location) ?? .null,
            "fix": .optional(finding.fix),
            "related": .array(finding.related.map(JSONValue.location)),
        ])
    }
}
