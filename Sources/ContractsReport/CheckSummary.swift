import ContractsCore

/// What a check found, in numbers: the last line of the text report and the process exit code.
public struct CheckSummary: Equatable, Sendable {
    public var errors: Int
    public var warnings: Int
    public var notes: Int
    /// Distinct files with at least one finding.
    public var files: Int
    /// Findings the baseline file accepted (not in `errors`, `warnings`, `notes`).
    public var baselined = 0
    /// Findings an inline `naars-contracts:ignore` comment silenced.
    public var suppressed = 0
    /// `check --staged`: findings the last commit already had, in files the commit leaves alone, held back from
    /// the report (not in `errors`, `warnings`, `notes`): they do not block, and `notBlockingLine` counts them.
    public var notBlocking = 0

    public init(errors: Int, warnings: Int, notes: Int, files: Int) {
        self.errors = errors
        self.warnings = warnings
        self.notes = notes
        self.files = files
    }

    /// Counts the findings that are left after suppression (what the reporters print).
    public init(_ findings: [Finding]) {
        self.init(
            errors: findings.filter { $0.severity == .error }.count,
            warnings: findings.filter { $0.severity == .warning }.count,
            notes: findings.filter { $0.severity == .note }.count,
            files: Set(findings.map(\.location.file)).count
        )
    }

    /// The same summary (what the baseline, inline comments and `--staged` held back) counting `findings` instead:
    /// the findings a report shows, after `GeneratedStaleFold`.
    public func recounted(_ findings: [Finding]) -> CheckSummary {
        var summary = CheckSummary(findings)
        summary.baselined = baselined
        summary.suppressed = suppressed
        summary.notBlocking = notBlocking
        return summary
    }

    /// Findings in total.
    public var total: Int { errors + warnings + notes }

    /// `check`'s exit status for these findings: 1 when any error is left, else 0. Warnings and notes never
    /// fail a build, so a team can turn a rule down to `warning` while it cleans up. (2, a bad registry or
    /// bad usage, is the CLI's to decide before any finding exists.)
    public var exitCode: Int32 { errors > 0 ? 1 : 0 }

    /// `3 errors, 1 warning in 2 files`, or `No drift found.`; either followed by what the baseline and
    /// inline comments accepted, so a clean report never hides accepted drift.
    public var line: String {
        guard total > 0 else {
            let accepted = accepted(lead: " (", tail: ").")
            return (notBlocking > 0 ? "No new drift in this commit" : "No drift found") + (accepted.isEmpty ? "." : accepted)
        }
        let parts = [(errors, "error"), (warnings, "warning"), (notes, "note")]
            .filter { $0.0 > 0 }
            .map { CheckSummary.count($0.0, $0.1) }
        return parts.joined(separator: ", ") + " in " + CheckSummary.count(files, "file") + accepted(lead: " (", tail: ")")
    }

    /// The line after the summary when `check --staged` held findings back: `63 findings already on the branch do
    /// not block this commit (--verbose lists them)`; nil when it held none back.
    public var notBlockingLine: String? {
        guard notBlocking > 0 else { return nil }
        return notBlocking == 1
            ? "1 finding already on the branch does not block this commit (--verbose lists it)"
            : "\(notBlocking) findings already on the branch do not block this commit (--verbose lists them)"
    }

    /// `3 findings accepted by the baseline, 1 suppressed inline` between `lead` and `tail`, or nothing.
    private func accepted(lead: String, tail: String) -> String {
        var parts: [String] = []
        if baselined > 0 { parts.append(CheckSummary.count(baselined, "finding") + " accepted by the baseline") }
        if suppressed > 0 { parts.append("\(suppressed) suppressed inline") }
        return parts.isEmpty ? "" : lead + parts.joined(separator: ", ") + tail
    }

    private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
