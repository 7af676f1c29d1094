import ContractsCore

/// The Code Climate issue list GitLab reads as a code-quality report (`artifacts:reports:codequality`): a JSON
/// array, one issue a finding, shown in the merge request's widget and on its diff.
///
/// Each issue has what GitLab requires, `description` (the message's first line), `check_name` (the rule id),
/// `fingerprint`, `severity` and `location` (`path`, `lines.begin`), and what the Code Climate spec adds:
/// `type`, `categories`, the whole message and the fix as `content.body`, the registry entry and related places
/// as `other_locations`.
///
/// - Severity: error → `major`, warning → `minor`, note → `info` (GitLab's scale is info, minor, major, critical,
///   blocker: errors rank above warnings in the widget; `blocker` is kept for a run that could not check at all).
/// - Fingerprint: stable across runs, so GitLab can tell the findings a merge request brings from those its target
///   branch has. It hashes the rule, the path and what the finding is about (its subject when its rule gives one,
///   as the baseline does, else its message: `FindingFingerprint`), never the line, which moves; identical
///   findings in one file are told apart by their order (GitLab shows only the first issue of a fingerprint).
/// - Paths are relative to the repository root (the CLI rebases them, `ReportPaths`), as GitLab expects. A line
///   0 (a whole file) is given as 1.
/// - Control and bidirectional characters in the texts (description, body) are shown escaped (`TerminalText`), as in
///   the other formats people read. Paths are written as they are, escaped only as JSON escapes (`\u001b`): GitLab
///   matches them with the repository's files.
public struct CodeClimateReporter: FindingReporter {
    public init() {}

    public func render(_ findings: [Finding], summary: CheckSummary) -> String {
        var seen: [String: Int] = [:]
        let issues = findings.sortedForReport().map { finding -> JSONValue in
            let identity = [finding.ruleID, finding.location.file] + FindingFingerprint.about(finding)
            let key = FindingFingerprint.hash(identity)
            let occurrence = seen[key, default: 0]
            seen[key] = occurrence + 1
            let fingerprint = occurrence == 0 ? key : FindingFingerprint.hash(identity + [String(occurrence)])
            return Self.issue(finding, fingerprint: fingerprint)
        }
        return JSONValue.array(issues).rendered()
    }

    /// The report of a run that stopped with exit 2: one `blocker` issue a message (at its place, else at the
    /// project's folder), so the merge request shows why the check did not run rather than a clean report.
    static func render(_ failure: ToolFailure) -> String {
        JSONValue.array(failure.messages.map { message in
            let text = TerminalText.escaped(message.text)
            let place = message.location ?? SourceLocation(file: ".", line: 1, column: 1)
            return .object([
                "type": .string("issue"),
                "check_name": .string("naars-contracts"),
                "description": .string(XcodeReporter.singleLine(text)),
                "categories": .array([.string("Bug Risk")]),
                "severity": .string("blocker"),
                "fingerprint": .string(FindingFingerprint.hash(["naars-contracts", place.file, message.text])),
                "location": location(place),
            ])
        }).rendered()
    }

    /// GitLab's severity for a finding's.
    static func severity(_ severity: Severity) -> String {
        switch severity {
        case .error: return "major"
        case .warning: return "minor"
        case .note: return "info"
        }
    }

    private static func issue(_ finding: Finding, fingerprint: String) -> JSONValue {
        let message = TerminalText.escaped(finding.message)
        var body = [message]
        if let fix = finding.fix { body.append("Fix: " + TerminalText.escaped(fix)) }
        var members: [String: JSONValue] = [
            "type": .string("issue"),
            "check_name": .string(finding.ruleID),
            "description": .string(TextReporter.lines(message)[0]),
            "content": .object(["body": .string(body.joined(separator: "\n\n"))]),
            "categories": .array([.string("Bug Risk")]),
            "severity": .string(severity(finding.severity)),
            "fingerprint": .string(fingerprint),
            "location": location(finding.location),
        ]
        let others = (finding.registryLocation.map { [$0] } ?? []) + finding.related
        if !others.isEmpty { members["other_locations"] = .array(others.map(location)) }
        return .object(members)
    }

    /// `{"path", "lines": {"begin"}}`.
    private static func location(_ place: SourceLocation) -> JSONValue {
        .object(["path": .string(place.file), "lines": .object(["begin": .int(max(place.line, 1))])])
    }
}
