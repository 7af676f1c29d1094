import ContractsCore

/// What `check` does between the checkers and the reporter: applies the registry's per-rule severities,
/// then inline `naars-contracts:ignore` comments, then the baseline, and returns the findings to report
/// in report order.
///
/// Severities come first so a rule turned `off` is never looked up in comments or counted against the
/// baseline; the baseline comes last so an inline comment added later does not leave a stale entry
/// counting for a different finding.
public enum FindingFilter {
    public static func apply(_ findings: [Finding], registry: Registry, tree: FileTree, baseline: Baseline?) -> [Finding] {
        applyCounting(findings, registry: registry, tree: tree, baseline: baseline).findings
    }

    /// What `apply` keeps, with how many findings inline comments and the baseline took away, so a clean
    /// report can say that something was accepted rather than nothing found.
    public static func applyCounting(_ findings: [Finding], registry: Registry, tree: FileTree,
                                     baseline: Baseline?) -> (findings: [Finding], suppressed: Int, baselined: Int) {
        let severities = applySeverities(findings, registry: registry)
        let unsuppressed = InlineSuppression.unsuppressed(severities, tree: tree)
        var kept = unsuppressed
        if let baseline { kept = baseline.unaccepted(kept, tree: tree) }
        return (kept.sortedForReport(), severities.count - unsuppressed.count, unsuppressed.count - kept.count)
    }

    /// Each finding with the severity the registry's `rules:` section gives its rule; findings of rules set
    /// to `off` are dropped. Rules the section does not mention keep the severity the checker gave. A rule split
    /// from another (`Rule.parent`) follows the other's setting unless the section names it too.
    public static func applySeverities(_ findings: [Finding], registry: Registry) -> [Finding] {
        findings.compactMap { finding in
            guard let setting = Rule.namingIDs(of: finding.ruleID).lazy.compactMap({ registry.ruleSeverities[$0] }).first
            else { return finding }
            guard let severity = setting.severity else { return nil }
            var adjusted = finding
            adjusted.severity = severity
            return adjusted
        }
    }
}
