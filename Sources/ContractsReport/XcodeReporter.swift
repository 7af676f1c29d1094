import ContractsCore
import Foundation

/// One line a finding in the form Xcode, swiftc and SwiftLint print, so a build-phase run of
/// `naars-contracts check --format xcode` puts each finding in the issue navigator at its line:
/// `path:line:col: error: message (rule-id)`.
///
/// Xcode reads one diagnostic a line, so line breaks inside a message become spaces. The fix hint and the
/// registry location are left to the other formats. Control and bidirectional characters from sources are
/// shown escaped (`TerminalText`): build logs are read on terminals too.
public struct XcodeReporter: FindingReporter {
    public init() {}

    public func render(_ findings: [Finding], summary: CheckSummary) -> String {
        findings.sortedForReport().map { finding in
            let finding = finding.escapedForTerminal()
            let message = XcodeReporter.singleLine(finding.message)
            return "\(finding.location): \(finding.severity.rawValue): \(message) (\(finding.ruleID))\n"
        }.joined()
    }

    /// The message on one line: `\r\n`, `\r` and `\n` each become one space.
    static func singleLine(_ text: String) -> String {
        text.replacingOccurrences(of: "\r\n", with: " ")
            .replacingOccurrences(of: "\r", with: " ")
            .replacingOccurrences(of: "\n", with: " ")
    }
}
