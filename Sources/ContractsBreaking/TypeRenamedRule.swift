import ContractsCore

/// `breaking-type-renamed`: the same Swift case has another raw value than at the base ref. The case name is
/// the code's; the raw value is the wire's, held by rows and decoded by shipped apps, which now see an unknown
/// value. (A raw value that changed together with its case name is a removal and an addition:
/// `breaking-type-removed`.) One body for every enum, the notification enum included (`EnumPair`).
enum TypeRenamedRule: BreakingRule {
    static let rule = Rule.breakingTypeRenamed

    /// Each value whose case the base ref gives another raw value, which the working registry no longer registers
    /// (a raw value that moved to another case still exists on the wire).
    static func renames(_ pair: EnumPair) -> [(old: SharedEnumValue, new: SharedEnumValue)] {
        guard let working = pair.new else { return [] }
        let registered = Set(working.rawValues)
        return working.values.compactMap { value in
            guard let old = pair.old.values.first(where: { $0.swiftCase == value.swiftCase }),
                  old.raw != value.raw, !registered.contains(old.raw) else { return nil }
            return (old, value)
        }
    }

    static func changes(_ facts: BreakingFacts) -> [BreakingChange] {
        facts.enumPairs.flatMap { pair in
            renames(pair).map { old, new in
                let retired = pair.new?.retired(raw: old.raw) != nil
                let decoders = pair.old.swiftEnum == nil ? "" : ", and shipped apps decode '\(new.raw)' as \(pair.unknownCase)"
                return BreakingChange(finding: Finding(
                    rule,
                    "\(pair.caseName(new.swiftCase))'s raw value changed from '\(old.raw)' (\(facts.atRef(old.location))) to "
                        + "'\(new.raw)': \(pair.holders) hold '\(old.raw)'\(decoders)",
                    at: new.location,
                    fix: "keep `raw: \(old.raw)` (rename \(pair.notification != nil ? "the Swift case" : "the case") freely with "
                        + "`case:`), or " + (retired ? "" : "retire '\(old.raw)' and ") + facts.acceptHint(rule, pair.acceptValue(old.raw)),
                    subject: pair.subject(old.raw)),
                    subjects: pair.subjects([old.raw, new.raw, new.swiftCase]))
            }
        }
    }

    static let triggeringExamples = [
        RuleExample(registryAtRef: BreakingExamples.registry(values: ["message", "{ raw: ride_update, case: rideUpdate }"]),
                    registry: BreakingExamples.registry(values: ["message", "↓{ raw: ride_updated, case: rideUpdate }"])),
        // Retiring the old raw value keeps old rows valid, but shipped apps still decode the new one as unknown.
        RuleExample(registryAtRef: BreakingExamples.registry(values: ["message", "{ raw: ride_update, case: rideUpdate }"]),
                    registry: BreakingExamples.registry(values: ["message", "↓{ raw: ride_updated, case: rideUpdate }"],
                                                        retired: ["ride_update"])),
        // A shared enum's case given another raw value.
        RuleExample(registryAtRef: BreakingExamples.withChatRoomStatus(BreakingExamples.chatRoomStatus(values: ["active", "closed"])),
                    registry: BreakingExamples.withChatRoomStatus(BreakingExamples.chatRoomStatus(
                        values: ["active", "↓{ raw: shut, case: closed }"]))),
    ]
    static let nonTriggeringExamples = [
        // The Swift case renamed, the raw value kept: the wire is unchanged.
        RuleExample(registryAtRef: BreakingExamples.registry(values: ["message", "ride_update"]),
                    registry: BreakingExamples.registry(values: ["message", "{ raw: ride_update, case: rideChanged }"])),
        // Two cases swap raw values that both stay registered: every raw value still exists.
        RuleExample(registryAtRef: BreakingExamples.registry(values: ["{ raw: a_one, case: first }", "{ raw: b_two, case: second }"]),
                    registry: BreakingExamples.registry(values: ["{ raw: b_two, case: first }", "{ raw: a_one, case: second }"])),
        // Accepted on purpose by the new raw value's name.
        RuleExample(registryAtRef: BreakingExamples.registry(values: ["message", "{ raw: ride_update, case: rideUpdate }"]),
                    registry: BreakingExamples.registry(values: ["message", "{ raw: ride_updated, case: rideUpdate }"],
                                                        retired: ["ride_update"], adding: """
                        accept_breaking:
                          - { rule: breaking-type-renamed, value: ride_updated, reason: "migrated every row in 041" }

                        """)),
        // A shared enum's case renamed with its raw value kept; one accepted by the enum's name and its new raw value.
        RuleExample(registryAtRef: BreakingExamples.withChatRoomStatus(BreakingExamples.chatRoomStatus(values: ["active", "closed"])),
                    registry: BreakingExamples.withChatRoomStatus(BreakingExamples.chatRoomStatus(
                        values: ["active", "{ raw: closed, case: shut }"]))),
        RuleExample(registryAtRef: BreakingExamples.withChatRoomStatus(BreakingExamples.chatRoomStatus(values: ["active", "closed"])),
                    registry: BreakingExamples.withChatRoomStatus(BreakingExamples.chatRoomStatus(
                        values: ["active", "{ raw: shut, case: closed }"], retired: ["closed"]) + """
                        accept_breaking:
                          - { rule: breaking-type-renamed, value: ChatRoomStatus.shut }

                        """)),
    ]
}
