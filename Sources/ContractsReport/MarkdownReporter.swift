import ContractsCore
import Foundation

/// The findings as Markdown, for a pull-request comment or a GitHub Actions step summary (`check --format github`
/// also writes this to `$GITHUB_STEP_SUMMARY`): the summary line, then a table of every finding, errors first,
/// each with its place, rule, message and fix.
///
/// Table cells escape `|` and backslashes and keep each cell on one table row (a line break inside a message or fix
/// is a `<br>`); sources' control and bidirectional characters are shown escaped (`TerminalText`), and `<` `>` `&`
/// as entities, so a finding cannot inject markup.
public struct MarkdownReporter: FindingReporter {
    public init() {}

    public func render(_ findings: [Finding], summary: CheckSummary) -> String {
        var out = "### naars-contracts\n\n" + Self.cell(summary.line) + "\n"
        if let line = summary.notBlockingLine { out += "\n" + Self.cell(line) + "\n" }
        guard !findings.isEmpty else { return out }
        out += "\n"
        out += "| | place | rule | finding | fix |\n|---|---|---|---|---|\n"
        let order: [Severity] = [.error, .warning, .note]
        for severity in order {
            for finding in findings.sortedForReport() where finding.severity == severity {
                let finding = finding.escapedForTerminal()
                let icon = severity == .error ? "error" : severity == .warning ? "warning" : "note"
                out += "| \(icon) | `\(Self.code(finding.location.description))` | `\(finding.ruleID)` | "
                    + "\(Self.cell(finding.message)) | \(finding.fix.map(Self.cell) ?? "") |\n"
            }
        }
        return out
    }

    /// Text for a table cell: one row, its lines joined by `<br>`, `|` and `\` escaped, HTML's three characters as
    /// entities.
    static func cell(_ text: String) -> String {
        TextReporter.lines(text).map(escaped).joined(separator: "<br>")
    }

    /// Text inside a code span in a cell: on one line, and backticks cannot be escaped there, so they become `'`.
    static func code(_ text: String) -> String {
        escaped(XcodeReporter.singleLine(text)).replacingOccurrences(of: "`", with: "'")
    }

    private static func escaped(_ line: String) -> String {
        line.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "|", with: "\\|")
    }
}
