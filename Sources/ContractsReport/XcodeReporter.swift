import ContractsCore
import Foundation

/// One diagnostic a finding in the form Xcode, swiftc and SwiftLint print, so a build-phase run of
/// `naars-contracts check --format xcode` puts each finding in the issue navigator at its line:
/// `path:line:col: error: message (rule-id)`, followed by `note:` lines, which Xcode shows under it: the message's
/// further lines (a diff, a second sentence), the fix hint (at the finding's place), the registry entry it was
/// compared against, and every related place.
///
/// Xcode reads one diagnostic a line: a message's first line is the diagnostic, each later non-empty line a note
/// at the same place, and line breaks inside a fix become spaces. Control and bidirectional characters from
/// sources are shown escaped (`TerminalText`): build logs are read on terminals too. A line break in a path is
/// escaped as well (a file name could otherwise start a diagnostic at a place of its choosing), so every line
/// starts with a place the finding names: its own, its registry entry's or a related one.
public struct XcodeReporter: FindingReporter {
    public init() {}

    public func render(_ findings: [Finding], summary: CheckSummary) -> String {
        findings.sortedForReport().map { finding in
            let finding = finding.escapedForTerminal()
            let message = TextReporter.lines(finding.message)
            var lines = ["\(finding.location): \(finding.severity.rawValue): \(message[0]) (\(finding.ruleID))"]
            for more in message.dropFirst() where !more.isEmpty { lines.append("\(finding.location): note: \(more)") }
            if let fix = finding.fix { lines.append("\(finding.location): note: fix: \(XcodeReporter.singleLine(fix))") }
            if let registry = finding.registryLocation { lines.append("\(registry): note: the registry's entry") }
            for place in finding.related { lines.append("\(place): note: related place") }
            return lines.map { TerminalText.inert($0) + "\n" }.joined()
        }.joined()
    }

    /// The message on one line: `\r\n`, `\r` and `\n` each become one space.
    static func singleLine(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: " ")
            .replacingOccurrences(of: "\r", with: " ")
            .replacingOccurrences(of: "\n", with: " ")
    }
}
