import ContractsCore

/// The `generated-stale` findings of one report folded into one: one `naars-contracts generate` answers them all,
/// and twelve identical errors before the one real finding bury it. Only the formats people read fold
/// (`ReportFormat.foldsGeneratedStale`); the machine formats keep one entry a file, which tools key on (a SARIF
/// result's location, a Code Climate fingerprint, a JUnit test case).
///
/// Folding comes after the registry's severities, inline suppressions and the baseline, which still apply file by
/// file: what they accept is never counted. Findings of one severity fold together (with `check --staged --verbose`
/// the stale files the last commit already had are notes, apart from those that block), and a lone finding is left
/// as it is (its message says more than a count).
public enum GeneratedStaleFold {
    /// `findings` with each severity's `generated-stale` findings, when there are two or more, replaced by one at
    /// the first of them (in report order). `verbose`: the folded finding's message lists every one of them, a line
    /// each; else it says that `--verbose` does.
    public static func fold(_ findings: [Finding], verbose: Bool) -> [Finding] {
        let ordered = findings.sortedForReport()
        let stale = Dictionary(grouping: ordered.filter { $0.ruleID == Rule.generatedStale.id }, by: \.severity)
            .filter { $0.value.count > 1 }
        guard !stale.isEmpty else { return findings }
        var out: [Finding] = []
        for finding in ordered {
            guard finding.ruleID == Rule.generatedStale.id, let group = stale[finding.severity] else {
                out.append(finding)
                continue
            }
            guard finding == group[0] else { continue }
            out.append(folded(group, verbose: verbose))
        }
        return out
    }

    /// The one finding for `group` (two or more, in report order).
    static func folded(_ group: [Finding], verbose: Bool) -> Finding {
        let head = "\(group.count) generated files are missing or stale: run `naars-contracts generate`"
        let message = verbose
            ? ([head] + group.map(\.message)).joined(separator: "\n")
            : head + " (`--verbose` lists them)"
        return Finding(ruleID: Rule.generatedStale.id, severity: group[0].severity, message: message,
                       location: group[0].location, registryLocation: group[0].registryLocation,
                       fix: "run `naars-contracts generate` (it writes the missing and stale files, and removes those the registry no longer produces)",
                       subject: group[0].subject)
    }
}

extension ReportFormat {
    /// Whether the format is read by people (`text`, `xcode`, `github`, and `markdown`, a pull-request comment and
    /// the step summary `github` writes): they fold the `generated-stale` findings into one (`GeneratedStaleFold`).
    /// `json`, `sarif`, `junit` and `codeclimate` keep one entry a file.
    public var foldsGeneratedStale: Bool {
        switch self {
        case .text, .xcode, .github, .markdown: return true
        case .json, .sarif, .junit, .codeclimate: return false
        }
    }
}
