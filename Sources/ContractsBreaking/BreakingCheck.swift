import ContractsCore

/// `check --against REF`: the breaking-change rules over the registry at REF and the working one, like buf's
/// `breaking`, with the `accept_breaking:` entries of this change applied.
public enum BreakingCheck {
    static let units: [any BreakingRule.Type] = [
        TypeRemovedRule.self, TypeRenamedRule.self, DeepLinkChangedRule.self, PayloadChangedRule.self, FallbackChangedRule.self,
    ]

    /// The rule units, for the catalog and the example runner.
    public static var ruleUnits: [any DriftRule.Type] { units }

    /// What a comparison found.
    public struct Outcome: Sendable {
        /// Breaking changes no entry accepts (rule default severities; the registry's `rules:` apply later).
        public var findings: [Finding] = []
        /// Breaking changes an entry of this change accepts, each with its entry.
        public var accepted: [(finding: Finding, entry: AcceptedBreak)] = []
        /// Entries the registry at REF already had: they accepted an earlier change and accept nothing now.
        public var alreadyAtRef: [AcceptedBreak] = []
        /// Entries of this change that accept nothing.
        public var unused: [AcceptedBreak] = []

        /// One line each about accepted breaks and entries that accept nothing, for standard error.
        public func notes(ref: String) -> [String] {
            accepted.map { finding, entry in
                "\(finding.location): note: accepted by accept_breaking (\(entry.location))"
                    + (entry.reason.map { ", \"\($0)\"" } ?? "") + ": \(finding.message) (\(finding.ruleID))"
            } + alreadyAtRef.map {
                "\($0.location): note: this accept_breaking entry is already in \(ref), so it accepted an earlier change "
                    + "and accepts nothing now; remove it"
            } + unused.map {
                "\($0.location): note: this accept_breaking entry accepts no breaking change since \(ref)"
            }
        }
    }

    /// Every breaking change since the ref, split into findings and accepted ones.
    public static func compare(_ facts: BreakingFacts) -> Outcome {
        var outcome = Outcome()
        let active = facts.working.acceptBreaking.filter { entry in
            let atRef = facts.atRef.acceptBreaking.contains { $0.isSameEntry(as: entry) }
            if atRef { outcome.alreadyAtRef.append(entry) }
            return !atRef
        }
        var used = Set<Int>()
        for unit in units {
            for change in unit.changes(facts) {
                let index = active.firstIndex { entry in
                    entry.rule == change.finding.ruleID && (entry.value.map(change.subjects.contains) ?? true)
                }
                if let index {
                    used.insert(index)
                    outcome.accepted.append((change.finding, active[index]))
                } else {
                    outcome.findings.append(change.finding)
                }
            }
        }
        outcome.unused = active.indices.filter { !used.contains($0) }.map { active[$0] }
        outcome.findings = outcome.findings.sortedForReport()
        return outcome
    }
}
