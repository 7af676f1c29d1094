import ContractsCore

/// `breaking-fallback-changed`: the base ref's fallback (what unknown raw values decode to) is gone or another
/// value. Shipped apps map unknown types to the old fallback; the server and later app versions now disagree
/// with them about what an unknown type means. The same for a shared enum that has a Swift enum.
enum FallbackChangedRule: BreakingRule {
    static let rule = Rule.breakingFallbackChanged

    static func changes(_ facts: BreakingFacts) -> [BreakingChange] {
        notificationChanges(facts) + facts.sharedEnumPairs.flatMap { sharedEnumChanges($0, facts) }
    }

    private static func notificationChanges(_ facts: BreakingFacts) -> [BreakingChange] {
        guard let working = facts.working.notificationTypes, let old = facts.atRef.notificationTypes?.fallback else { return [] }
        guard let new = working.fallback else {
            return [BreakingChange(finding: Finding(
                rule,
                "the fallback '\(old)' (notification_types.fallback at \(facts.ref)) was removed: unknown types no longer "
                    + "decode to a case, while shipped apps map them to '\(old)'",
                at: facts.nearestKey("notification_types"),
                fix: "keep `fallback: \(old)`, or " + facts.acceptHint(rule, old),
                subject: .notificationType(old, of: working)), subjects: [old])]
        }
        guard new != old else { return [] }
        return [BreakingChange(finding: Finding(
            rule,
            "the fallback changed from '\(old)' at \(facts.ref) to '\(new)': shipped apps map unknown types to '\(old)'",
            at: facts.nearestKey("notification_types.fallback", "notification_types"),
            fix: "keep `fallback: \(old)`, or " + facts.acceptHint(rule, old),
            subject: .notificationType(old, of: working)), subjects: [old, new])]
    }

    /// A shared enum's fallback removed or changed (a removed enum is `breaking-type-removed`'s).
    private static func sharedEnumChanges(_ pair: SharedEnumPair, _ facts: BreakingFacts) -> [BreakingChange] {
        // Only a Swift enum decodes to a fallback: without one at the ref, no shipped app maps anything to it.
        guard let old = pair.old.fallback, pair.old.swiftEnum != nil, let working = pair.new else { return [] }
        guard let new = working.fallback else {
            return [BreakingChange(finding: Finding(
                rule,
                "the fallback '\(old)' of \(pair.name) (enums.\(pair.old.name).fallback at \(facts.ref)) was removed: unknown "
                    + "values no longer decode to a case, while shipped apps map them to '\(old)'",
                at: facts.nearestKey(in: pair),
                fix: "keep `fallback: \(old)`, or " + facts.acceptHint(rule, "\(pair.name).\(old)")), subjects: pair.subjects([old]))]
        }
        guard new != old else { return [] }
        return [BreakingChange(finding: Finding(
            rule,
            "the fallback of \(pair.name) changed from '\(old)' at \(facts.ref) to '\(new)': shipped apps map unknown values to '\(old)'",
            at: facts.nearestKey(in: pair, "fallback"),
            fix: "keep `fallback: \(old)`, or " + facts.acceptHint(rule, "\(pair.name).\(old)")), subjects: pair.subjects([old, new]))]
    }

    static let triggeringExamples = [
        RuleExample(registryAtRef: BreakingExamples.registry(values: ["message", "other"], fallback: "other"),
                    registry: BreakingExamples.registry(values: ["message", "other"], fallback: "message",
                                                        fallbackKey: "↓fallback:")),
        RuleExample(registryAtRef: BreakingExamples.registry(values: ["message", "other"], fallback: "other"),
                    registry: BreakingExamples.registry(values: ["message", "other"]).replacingOccurrences(
                        of: "notification_types:\n  swift_enum", with: "↓notification_types:\n  swift_enum")),
        // A shared enum's fallback changed, and one removed (reported at the enum's entry).
        RuleExample(registryAtRef: BreakingExamples.withChatRoomStatus(BreakingExamples.chatRoomStatus(values: ["active", "unknown"],
                                                                                                       fallback: "unknown")),
                    registry: BreakingExamples.withChatRoomStatus(BreakingExamples.chatRoomStatus(values: ["active", "unknown"],
                                                                                                  fallback: "active",
                                                                                                  fallbackKey: "↓fallback:"))),
        RuleExample(registryAtRef: BreakingExamples.withChatRoomStatus(BreakingExamples.chatRoomStatus(values: ["active", "unknown"],
                                                                                                       fallback: "unknown")),
                    registry: BreakingExamples.withChatRoomStatus(BreakingExamples.chatRoomStatus(values: ["active", "unknown"],
                                                                                                  name: "↓ChatRoomStatus"))),
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
        // A shared enum's fallback added, or kept while its values change.
        RuleExample(registryAtRef: BreakingExamples.withChatRoomStatus(BreakingExamples.chatRoomStatus(values: ["active", "unknown"])),
                    registry: BreakingExamples.withChatRoomStatus(BreakingExamples.chatRoomStatus(values: ["active", "unknown"],
                                                                                                  fallback: "unknown"))),
        RuleExample(registryAtRef: BreakingExamples.withChatRoomStatus(BreakingExamples.chatRoomStatus(values: ["active", "unknown"],
                                                                                                       fallback: "unknown")),
                    registry: BreakingExamples.withChatRoomStatus(BreakingExamples.chatRoomStatus(
                        values: ["archived", "unknown", "active"], fallback: "unknown"))),
    ]
}
