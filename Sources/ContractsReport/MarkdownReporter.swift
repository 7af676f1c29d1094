import ContractsCore
import Foundation

/// The findings as Markdown, for a pull-request comment or a GitHub Actions step summary (`check --format github`
/// also writes this to `$GITHUB_STEP_SUMMARY`): the summary line, then a table of every finding, errors first,
/// each with its place, rule, message and fix.
///
/// Table cells keep each cell on one table row (a line break inside a message or fix is a `<br>`) and escape `|`;
/// sources' control and bidirectional characters are shown escaped (`TerminalText`). A message's code spans
/// (`` `Array<T>` ``) stay code spans holding their characters as they are (an entity there would be shown as
/// typed); outside them `\` and stray backticks are escaped and `<` `>` `&` written as entities, so a finding cannot
/// inject markup.
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
                out += "| \(icon) | \(Self.code(finding.location.description)) | \(Self.code(finding.ruleID)) | "
                    + "\(Self.cell(finding.message)) | \(finding.fix.map(Self.cell) ?? "") |\n"
            }
        }
        return out
    }

    /// Text for a table cell: one row, its lines joined by `<br>`, each line's code spans kept (`code`) and the rest
    /// escaped (`escaped`).
    static func cell(_ text: String) -> String {
        TextReporter.lines(text).map(inline).joined(separator: "<br>")
    }

    /// A code span in a table cell holding `text` as it is, on one line. CommonMark reads no escape or entity in a
    /// code span, so the fence is one backtick longer than the longest run of backticks inside, padded with a space
    /// where the text starts or ends with a backtick (or starts and ends with a space, which a reader would strip);
    /// only `|` is escaped, as GitHub's tables ask even inside code spans.
    static func code(_ text: String) -> String {
        let text = XcodeReporter.singleLine(text).replacingOccurrences(of: "|", with: "\\|")
        guard let first = text.first, let last = text.last else { return "" }
        let longest = text.split(whereSeparator: { $0 != "`" }).map(\.count).max() ?? 0
        let fence = String(repeating: "`", count: longest + 1)
        let pad = first == "`" || last == "`" || (first == " " && last == " " && text.contains { $0 != " " })
        return fence + (pad ? " " + text + " " : text) + fence
    }

    /// One line of a cell: each code span (a run of backticks closed by a run of the same length, as CommonMark
    /// pairs them) written by `code`, the text around them by `escaped`.
    private static func inline(_ line: String) -> String {
        let chars = Array(line)
        var out = "", plain = "", i = 0
        while i < chars.count {
            guard chars[i] == "`" else { plain.append(chars[i]); i += 1; continue }
            var open = i
            while open < chars.count, chars[open] == "`" { open += 1 }
            let run = open - i
            // The closing run: the next run of exactly `run` backticks.
            var j = open, close: Int?
            while j < chars.count, close == nil {
                guard chars[j] == "`" else { j += 1; continue }
                var end = j
                while end < chars.count, chars[end] == "`" { end += 1 }
                if end - j == run { close = j }
                j = end
            }
            guard let close else {
                plain += String(repeating: "`", count: run)
                i = open
                continue
            }
            out += escaped(plain) + code(String(chars[open..<close]))
            plain = ""
            i = close + run
        }
        return out + escaped(plain)
    }

    /// Text outside code spans: `\`, `|` and backticks escaped, HTML's three characters as entities.
    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "|", with: "\\|")
            .replacingOccurrences(of: "`", with: "\\`")
    }
}
