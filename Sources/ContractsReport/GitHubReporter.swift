import ContractsCore
import Foundation

/// GitHub Actions workflow commands, one a finding, which the runner turns into annotations on the
/// pull request's diff: `::error file=F,line=L,col=C,title=rule-id::message`.
///
/// Warnings become `::warning`, notes `::notice`. Values are escaped as the Actions toolkit does: in the
/// message `%`, CR and LF; in properties also `:` and `,`, which would otherwise end the property. Other
/// control and bidirectional characters are shown escaped (`TerminalText`): the log is a terminal's.
public struct GitHubReporter: FindingReporter {
    public init() {}

    public func render(_ findings: [Finding], summary: CheckSummary) -> String {
        findings.sortedForReport().map { finding in
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
