import ContractsCore
import Foundation

/// GitHub Actions workflow commands, one a finding, which the runner turns into annotations on the
/// pull request's diff: `::error file=F,line=L,col=C,title=rule-id::message`.
///
/// Warnings become `::warning`, notes `::notice`. Values are escaped as the Actions toolkit does: in the
/// message `%`, CR and LF; in properties also `:` and `,`, which would otherwise end the property. Other
/// control and bidirectional characters are shown escaped (`TerminalText`): the log is a terminal's.
///
/// GitHub shows at most 10 annotations of each kind (error, warning, notice) for a step and drops the rest
/// silently: errors come first, each kind stops at `perKind`, and one notice says how many were left out and
/// where they all are (the step summary `check` writes to `$GITHUB_STEP_SUMMARY`, `MarkdownReporter`).
public struct GitHubReporter: FindingReporter {
    /// GitHub's limit of annotations of one kind for a step.
    public static let perKind = 10

    public init() {}

    public func render(_ findings: [Finding], summary: CheckSummary) -> String {
        let ordered = findings.sortedForReport()
        let errors = ordered.filter { $0.severity == .error }, warnings = ordered.filter { $0.severity == .warning }
        let notes = ordered.filter { $0.severity == .note }
        var left = max(0, errors.count - Self.perKind) + max(0, warnings.count - Self.perKind)
        // The notice that says what was left out is itself a notice: it takes the last one's place.
        let noteCap = left > 0 || notes.count > Self.perKind ? Self.perKind - 1 : Self.perKind
        left += max(0, notes.count - noteCap)
        let shown = Array(errors.prefix(Self.perKind)) + Array(warnings.prefix(Self.perKind)) + Array(notes.prefix(noteCap))
        var text = shown.map { finding in
            let finding = finding.escapedForTerminal()
            let properties = [
                "file=" + GitHubReporter.escapeProperty(finding.location.file),
                "line=\(finding.location.line)",
                "col=\(finding.location.column)",
                "title=" + GitHubReporter.escapeProperty(finding.ruleID),
            ].joined(separator: ",")
            return "::\(GitHubReporter.command(for: finding.severity)) \(properties)::"
                + GitHubReporter.escapeData(finding.message) + "\n"
        }.joined()
        if left > 0 {
            text += "::notice title=naars-contracts::" + GitHubReporter.escapeData(
                "\(left) more finding(s) are not shown as annotations (GitHub shows \(Self.perKind) of each kind for a step); "
                    + "the step summary lists all \(findings.count)") + "\n"
        }
        return text
    }

    /// The workflow command for a severity (`error`, `warning`, `notice`).
    static func command(for severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .note: return "notice"
        }
    }

    /// Escapes a command's message: `%` first, then CR and LF.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Escapes a property value: as data, plus `:` and `,`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text)
            .replacingOccurrences(of: ":", with: "%3A")
            .replacingOccurrences(of: ",", with: "%2C")
    }
}
