import ContractsCore

/// `breaking-fallback-changed`: the base ref's fallback (what unknown raw values decode to) is gone or another
/// value. Shipped apps map unknown types to the old fallback; the server and later app versions now disagree
/// with them about what an unknown type means.
enum FallbackChangedRule: BreakingRule {
    static let rule = Rule.breakingFallbackChanged

    static func changes(_ facts: BreakingFacts) -> [BreakingChange] {
        guard let old = facts.atRef.notificationTypes.fallback else { return [] }
        guard let new = facts.working.notificationTypes.fallback else {
            return [BreakingChange(finding: Finding(
                rule,
                "the fallback '\(old)' (notification_types.fallback at \(facts.ref)) was removed: unknown types no longer "
                    + "decode to a case, while shipped apps map them to '\(old)'",
                at: facts.nearestKey("notification_types"),
                fix: "keep `fallback: \(old)`, or " + facts.acceptHint(rule, old),
                subject: .notificationType(old, of: facts.working.notificationTypes)), subjects: [old])]
        }
        guard new != old else { return [] }
        return [BreakingChange(finding: Finding(
            rule,
            "the fallback changed from '\(old)' at \(facts.ref) to '\(new)': shipped apps map unknown types to '\(old)'",
            at: facts.nearestKey("notification_types.fallback", "notification_types"),
            fix: "keep `fallback: \(old)`, or " + facts.acceptHint(rule, old),
            subject: .notificationType(old, of: facts.working.notificationTypes)), subjects: [old, new])]
    }

    static let triggeringExamples = [
        RuleExample(registryAtRef: BreakingExamples.registry(values: ["message", "other"], fallback: "other"),
                    registry: BreakingExamples.registry(values: ["message", "other"], fallback: "message",
                                                        fallbackKey: "↓fallback:")),
        RuleExample(registryAtRef: BreakingExamples.registry(values: ["message", "other"], fallback: "other"),
                    registry: BreakingExamples.registry(values: ["message", "other"]).replacingOccurrences(
                        of: "notification_types:\n  swift_enum", with: "↓notification_types:\n  swift_enum")),
    ]
    static let nonTriggeringExamples = [
        // A fallback added where there was none; the same fallback with the values around it changed.
        RuleExample(registryAtRef: BreakingExamples.registry(values: ["message", "other"]),
                    registry: BreakingExamples.registry(values: ["message", "other"], fallback: "other")),
        RuleExample(registryAtRef: BreakingExamples.registry(values: ["message", "other"], fallback: "other"),
                    registry: BreakingExamples.registry(values: ["other", "message", "ride_update"], fallback: "other")),
        RuleExample(registryAtRef: BreakingExamples.registry(values: ["message", "other"], fallback: "other"),
                    registry: BreakingExamples.registry(values: ["message", "other"], fallback: "message", adding: """
                        accept_breaking: [breaking-fallback-changed]

                        """)),
    ]
}
