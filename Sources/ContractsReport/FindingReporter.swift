import ContractsCore

/// Turns the findings of one check into the text a consumer reads: a person, Xcode, a CI log, a script.
///
/// Reporters are pure: findings in, text out, no I/O, so each format is tested against a checked-in file.
/// They print findings in `sortedForReport()` order whatever order they are given.
public protocol FindingReporter: Sendable {
    func render(_ findings: [Finding], summary: CheckSummary) -> String
}

/// The formats `check --format` accepts.
public enum ReportFormat: String, CaseIterable, Sendable {
    /// Grouped by file, for people (the default).
    case text
    /// `file:line:col: error: message (rule-id)`, the line Xcode and SwiftLint print.
    case xcode
    /// The stable document described in docs/findings-json.md, for scripts.
    case json
    /// GitHub Actions workflow commands (`::error file=...::message`), shown as annotations on the PR.
    case github
    /// SARIF 2.1.0, for GitHub code scanning and other SARIF viewers.
    case sarif
    /// A Markdown table, for a pull-request comment (and the step summary `github` writes).
    case markdown
    /// JUnit XML, for the test reports of Jenkins, GitLab and Bitrise.
    case junit
    /// The Code Climate issue list GitLab reads as a code-quality report.
    case codeclimate

    /// The reporter for this format. `useColor` and `summaryLine` (false: findings only, `--quiet`) only
    /// affect `text`.
    public func reporter(useColor: Bool = false, summaryLine: Bool = true) -> FindingReporter {
        switch self {
        case .text: return TextReporter(useColor: useColor, summaryLine: summaryLine)
        case .xcode: return XcodeReporter()
        case .json: return JSONReporter()
        case .github: return GitHubReporter()
        case .sarif: return SARIFReporter()
        case .markdown: return MarkdownReporter()
        case .junit: return JUnitReporter()
        case .codeclimate: return CodeClimateReporter()
        }
    }
}
