import ContractsCore

/// `breaking-type-removed`: a notification type the base ref registers (or retires) is in neither `values` nor
/// `retired` now. Rows and apps already in the App Store hold it; `retired` is how to say so (generated nowhere,
/// never written again, still readable).
enum TypeRemovedRule: BreakingRule {
    static let rule = Rule.breakingTypeRemoved

    static func changes(_ facts: BreakingFacts) -> [BreakingChange] {
        let working = facts.working.notificationTypes
        let kept = Set(working.rawValues + working.retiredRawValues)
        let renamed = Set(TypeRenamedRule.renames(facts).map(\.old.raw))
        var changes: [BreakingChange] = []
        for value in facts.atRef.notificationTypes.values where !kept.contains(value.raw) && !renamed.contains(value.raw) {
            changes.append(BreakingChange(finding: Finding(
                rule,
                "notification type '\(value.raw)' (\(facts.atRef(value.location))) was removed without being moved to "
                    + "notification_types.retired: rows and shipped apps still hold it",
                at: facts.nearestKey("notification_types.values", "notification_types"),
                fix: "add it to `retired:` under notification_types (readable, never written again), or "
                    + facts.acceptHint(rule, value.raw), subject: .notificationType(value.raw, of: working)), subjects: [value.raw]))
        }
        for value in facts.atRef.notificationTypes.retired where !kept.contains(value.raw) {
            changes.append(BreakingChange(finding: Finding(
                rule,
                "retired notification type '\(value.raw)' (\(facts.atRef(value.location))) is no longer listed: old rows "
                    + "may still hold it, and nothing stops it from coming back with another meaning",
                at: facts.nearestKey("notification_types.retired", "notification_types.values", "notification_types"),
                fix: "keep it in `retired:`, or " + facts.acceptHint(rule, value.raw), subject: .notificationType(value.raw, of: working)),
                subjects: [value.raw]))
        }
        return changes
    }

    static let triggeringExamples = [
        RuleExample(registryAtRef: BreakingExamples.registry(values: ["message", "ride_update", "favor_update"]),
                    registry: BreakingExamples.registry(values: ["message", "ride_update"], valuesKey: "↓values:")),
        // A value retired at the ref and then dropped from `retired` too.
        RuleExample(registryAtRef: BreakingExamples.registry(values: ["message", "ride_update"], retired: ["favor_update"]),
                    registry: BreakingExamples.registry(values: ["message", "ride_update"], retired: [],
                                                        retiredKey: "↓retired:")),
    ]
    static let nonTriggeringExamples = [
        // Moved to `retired`: the way to remove a type.
        RuleExample(registryAtRef: BreakingExamples.registry(values: ["message", "ride_update", "favor_update"]),
                    registry: BreakingExamples.registry(values: ["message", "ride_update"], retired: ["favor_update"])),
        // Added values and reordered ones break nothing.
        RuleExample(registryAtRef: BreakingExamples.registry(values: ["message", "ride_update"]),
                    registry: BreakingExamples.registry(values: ["ride_update", "favor_update", "message"])),
        // Accepted on purpose, in this change.
        RuleExample(registryAtRef: BreakingExamples.registry(values: ["message", "ride_update", "favor_update"]),
                    registry: BreakingExamples.registry(values: ["message", "ride_update"]) + """
                        accept_breaking:
                          - { rule: breaking-type-removed, value: favor_update, reason: "no app before 2.0 is supported" }

                        """),
    ]
}
