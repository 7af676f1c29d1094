import ContractsCore

/// What a check found, in numbers: the last line of the text report and the process exit code.
public struct CheckSummary: Equatable, Sendable {
    public var errors: Int
    public var warnings: Int
    public var notes: Int
    /// Distinct files with at least one finding.
    public var files: Int

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

    /// Findings in total.
    public var total: Int { errors + warnings + notes }

    /// `check`'s exit status for these findings: 1 when any error is left, else 0. Warnings and notes never
    /// fail a build, so a team can turn a rule down to `warning` while it cleans up. (2, a bad registry or
    /// bad usage, is the CLI's to decide before any finding exists.)
    public var exitCode: Int32 { errors > 0 ? 1 : 0 }

    /// `3 errors, 1 warning in 2 files`, or `No drift found.`
    public var line: String {
        guard total > 0 else { return "No drift found." }
        let parts = [(errors, "error"), (warnings, "warning"), (notes, "note")]
            .filter { $0.0 > 0 }
            .map { CheckSummary.count($0.0, $0.1) }
        return parts.joined(separator: ", ") + " in " + CheckSummary.count(files, "file")
    }

    private static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
}
