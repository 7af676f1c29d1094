import ContractsCore
import Foundation

/// The default report, for a person at a terminal: findings grouped under their file, each with its
/// position, severity, message and rule id, then the fix, the registry entry and related places, then a
/// summary line (and, for `check --staged`, the line counting the findings the commit does not answer for).
/// Control and bidirectional characters from sources are shown escaped (`TerminalText`), and line breaks in paths
/// too; a message's later lines are laid out under it, but none can read as a CI log's command.
///
/// ```
/// database/128_a.sql
///   1:1  error    Migrations 128_a.sql and 128_b.sql share number 128.  (migration-duplicate-number)
///       fix: Renumber one with `naars-contracts migrations next`.
///       related: database/128_b.sql:1:1
///
/// 1 error in 1 file
/// ```
public struct TextReporter: FindingReporter {
    /// ANSI colours; the CLI turns them on only when stdout is a terminal.
    public var useColor: Bool
    /// False for `--quiet`: the findings alone, without the blank line and the summary after them.
    public var summaryLine: Bool

    public init(useColor: Bool = false, summaryLine: Bool = true) {
        self.useColor = useColor
        self.summaryLine = summaryLine
    }

    public func render(_ findings: [Finding], summary: CheckSummary) -> String {
        var out = ""
        var groups: [(file: String, findings: [Finding])] = []
        for finding in findings.sortedForReport().map({ $0.escapedForTerminal() }) {
            if groups.last?.file == finding.location.file {
                groups[groups.count - 1].findings.append(finding)
            } else {
                groups.append((finding.location.file, [finding]))
            }
        }
        for (i, group) in groups.enumerated() {
            if i > 0 { out += "\n" }
            out += paint(TerminalText.inert(group.file), .bold) + "\n"
            let width = group.findings.map { TextReporter.position($0).count }.max() ?? 0
            for finding in group.findings {
                out += lines(for: finding, positionWidth: width).joined(separator: "\n") + "\n"
            }
        }
        guard summaryLine else { return out }
        if !groups.isEmpty { out += "\n" }
        out += paint(summary.line, summary.errors > 0 ? .bold : .green) + "\n"
        return out + (summary.notBlockingLine.map { $0 + "\n" } ?? "")
    }

    /// `line:column`.
    private static func position(_ finding: Finding) -> String {
        "\(finding.location.line):\(finding.location.column)"
    }

    private static let detailIndent = "      "

    /// `text` split at every line break (`\n`, `\r\n` or a lone `\r`, which would overwrite the line).
    static func lines(_ text: String) -> [String] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }.map(String.init)
    }

    private func lines(for finding: Finding, positionWidth: Int) -> [String] {
        let message = TextReporter.lines(finding.message)
        let position = TextReporter.position(finding).padding(toLength: positionWidth, withPad: " ", startingAt: 0)
        let severity = paint(finding.severity.rawValue, color(of: finding.severity))
            + String(repeating: " ", count: 7 - finding.severity.rawValue.count)
        var out = ["  \(position)  \(severity)  \(message[0])  " + paint("(\(finding.ruleID))", .dim)]
        // A message's or fix's later lines start lines of their own: none may read as a CI log's command.
        out += message.dropFirst().map { TerminalText.inert(TextReporter.detailIndent + $0) }
        if let fix = finding.fix {
            let fixLines = TextReporter.lines(fix)
            out.append(TextReporter.detailIndent + paint("fix:", .dim) + " " + fixLines[0])
            out += fixLines.dropFirst().map { TerminalText.inert(TextReporter.detailIndent + "     " + $0) }
        }
        if let registry = finding.registryLocation {
            out.append(TextReporter.detailIndent + paint("registry:", .dim) + " \(registry)")
        }
        for related in finding.related {
            out.append(TextReporter.detailIndent + paint("related:", .dim) + " \(related)")
        }
        return out
    }

    private enum Style: String {
        case bold = "1", dim = "2", red = "31", green = "32", yellow = "33", cyan = "36"
    }

    private func color(of severity: Severity) -> Style {
        switch severity {
        case .error: return .red
        case .warning: return .yellow
        case .note: return .cyan
        }
    }

    private func paint(_ text: String, _ style: Style) -> String {
        useColor ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }
}
