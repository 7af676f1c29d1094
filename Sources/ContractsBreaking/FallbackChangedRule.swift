import ContractsCore

/// `breaking-fallback-changed`: the base ref's fallback (what unknown raw values decode to) is gone or another
/// value. Shipped apps map unknown values to the old fallback; the server and later app versions now disagree
/// with them about what an unknown value means. One body for every enum that has a Swift enum at the ref, the
/// notification enum included (`EnumPair`); a removed enum is `breaking-type-removed`'s.
enum FallbackChangedRule: BreakingRule {
    static let rule = Rule.breakingFallbackChanged

    static func changes(_ facts: BreakingFacts) -> [BreakingChange] {
        facts.enumPairs.flatMap { changes($0, facts) }
    }

    private static func changes(_ pair: EnumPair, _ facts: BreakingFacts) -> [BreakingChange] {
        // Only a Swift enum decodes to a fallback: without one at the ref, no shipped app maps anything to it.
        guard let old = pair.old.fallback, pair.old.swiftEnum != nil, let working = pair.new else { return [] }
        guard let new = working.fallback else {
            return [BreakingChange(finding: Finding(
                rule,
                "the fallback '\(old)'\(pair.ofName) (\(pair.oldEntry).fallback at \(facts.ref)) was removed: unknown "
                    + "\(pair.unknownValues) no longer decode to a case, while shipped apps map them to '\(old)'",
                at: facts.nearestKey(in: pair),
                fix: "keep `fallback: \(old)`, or " + facts.acceptHint(rule, pair.acceptValue(old)),
                subject: pair.subject(old)), subjects: pair.subjects([old]))]
        }
        guard new != old else { return [] }
        return [BreakingChange(finding: Finding(
            rule,
            "the fallback\(pair.ofName) changed from '\(old)' at \(facts.ref) to '\(new)': shipped apps map unknown "
                + "\(pair.unknownValues) to '\(old)'",
            at: facts.nearestKey(in: pair, "fallback"),
            fix: "keep `fallback: \(old)`, or " + facts.acceptHint(rule, pair.acceptValue(old)),
            subject: pair.subject(old)), subjects: pair.subjects([old, new]))]
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
