import ContractsCore

/// `breaking-type-removed`: a value an enum of the base ref registers (or retires) is in neither `values` nor
/// `retired` now. Rows and apps already in the App Store hold it; `retired` is how to say so (generated nowhere,
/// never written again, still readable). The same for an enum removed, or a column or ENUM type dropped from its
/// `sql:` (its rows keep their values, unguarded). One body for every enum, the notification enum included
/// (`EnumPair`).
enum TypeRemovedRule: BreakingRule {
    static let rule = Rule.breakingTypeRemoved

    static func changes(_ facts: BreakingFacts) -> [BreakingChange] {
        facts.enumPairs.flatMap { changes($0, facts) }
    }

    /// An enum removed, a column or ENUM type it held dropped from its `sql:`, a value removed without being
    /// retired, a retired value no longer listed.
    private static func changes(_ pair: EnumPair, _ facts: BreakingFacts) -> [BreakingChange] {
        let old = pair.old
        guard let new = pair.new else {
            let shown = old.rawValues.prefix(8).map { "'\($0)'" }.joined(separator: ", ") + (old.values.count > 8 ? ", …" : "")
            return [BreakingChange(finding: Finding(
                rule,
                "enum \(old.name) (\(facts.atRef(old.location))) was removed from enums: \(pair.holders) still hold its values (\(shown))",
                at: facts.nearestKey("enums"),
                fix: "keep it under `enums:` (retire the values nothing writes any more), or " + facts.acceptHint(rule, old.name),
                subject: .enumValues(enumName: pair.subjectName, missing: old.rawValues, extra: [])),
                subjects: pair.subjects(old.rawValues))]
        }
        var changes: [BreakingChange] = []
        let columns = Set(new.sql.columns.map(\.qualifiedName))
        for column in old.sql.columns where !columns.contains(column.qualifiedName) {
            let name = "\(column.schema).\(column.table).\(column.column)"
            changes.append(BreakingChange(finding: Finding(
                rule,
                "column \(name) of \(pair.name) (\(facts.atRef(column.location))) was removed from \(pair.entry).sql: its rows "
                    + "still hold \(pair.name) values, and nothing checks them any more",
                at: facts.nearestKey(in: pair, "sql"),
                fix: "keep the column under `sql:`, or " + facts.acceptHint(rule, name),
                subject: .enumColumn(enumName: pair.subjectName, column: column.schema == "public" ? "\(column.table).\(column.column)" : name)),
                subjects: pair.subjects() + [name, "\(column.table).\(column.column)"]))
        }
        if let type = old.sql.enumType, new.sql.enumType?.qualified.lowercased() != type.qualified.lowercased() {
            changes.append(BreakingChange(finding: Finding(
                rule,
                "ENUM type \(type.qualified) of \(pair.name) (\(pair.oldEntry).sql at \(facts.ref)) was removed from "
                    + "\(pair.entry).sql: its columns still hold \(pair.name) values, and nothing checks them any more",
                at: facts.nearestKey(in: pair, "sql"),
                fix: "keep `sql: { enum_type: \(type.qualified) }`, or " + facts.acceptHint(rule, type.qualified),
                // Where the values are kept: the type, as a column names its table and column.
                subject: .enumColumn(enumName: pair.subjectName, column: type.qualified)),
                subjects: pair.subjects() + [type.qualified, type.name]))
        }
        let kept = Set(new.rawValues + new.retired.map(\.raw))
        let renamed = Set(TypeRenamedRule.renames(pair).map(\.old.raw))
        for value in old.values where !kept.contains(value.raw) && !renamed.contains(value.raw) {
            changes.append(BreakingChange(finding: Finding(
                rule,
                "\(pair.removedValue(value.raw, at: facts.atRef(value.location))) without being moved to "
                    + "\(pair.entry).retired: \(pair.holders) still hold it",
                at: facts.nearestKey(in: pair, "values"),
                fix: "add it to `retired:` under \(pair.entry) (readable, never written again), or "
                    + facts.acceptHint(rule, pair.acceptValue(value.raw)),
                subject: pair.subject(value.raw)),
                subjects: pair.subjects([value.raw])))
        }
        for value in old.retired where !kept.contains(value.raw) {
            changes.append(BreakingChange(finding: Finding(
                rule,
                "retired \(pair.valueNoun(value.raw)) (\(facts.atRef(value.location))) is no longer listed: old rows may "
                    + "still hold it, and nothing stops it from coming back with another meaning",
                at: facts.nearestKey(in: pair, "retired", "values"),
                fix: "keep it in `retired:`, or " + facts.acceptHint(rule, pair.acceptValue(value.raw)),
                subject: pair.subject(value.raw)),
                subjects: pair.subjects([value.raw])))
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
        // A shared enum's value removed, its retired value dropped, a column of its `sql:` dropped.
        RuleExample(registryAtRef: BreakingExamples.withChatRoomStatus(BreakingExamples.chatRoomStatus(values: ["active", "closed"])),
                    registry: BreakingExamples.withChatRoomStatus(BreakingExamples.chatRoomStatus(values: ["active"],
                                                                                                  valuesKey: "↓values:"))),
        RuleExample(registryAtRef: BreakingExamples.withChatRoomStatus(BreakingExamples.chatRoomStatus(values: ["active"],
                                                                                                       retired: ["closed"])),
                    registry: BreakingExamples.withChatRoomStatus(BreakingExamples.chatRoomStatus(values: ["active"], retired: [],
                                                                                                  retiredKey: "↓retired:"))),
        RuleExample(registryAtRef: BreakingExamples.withChatRoomStatus(BreakingExamples.chatRoomStatus(
                        values: ["active"], sql: "[{ table: chat_rooms, column: status }, { table: chat_room_events, column: new_status }]")),
                    registry: BreakingExamples.withChatRoomStatus(BreakingExamples.chatRoomStatus(
                        values: ["active"], sql: "{ table: chat_rooms, column: status }").replacingOccurrences(of: "sql:", with: "↓sql:"))),
        // A whole shared enum removed: reported at `enums:` when another enum keeps the key.
        RuleExample(registryAtRef: BreakingExamples.withChatRoomStatus(BreakingExamples.chatRoomStatus(values: ["active"])
                        + BreakingExamples.inviteStatus),
                    registry: BreakingExamples.withChatRoomStatus("↓enums:\n" + BreakingExamples.inviteStatus)),
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
        // A shared enum's value moved to `retired`; a value added; its contract renamed with its column kept.
        RuleExample(registryAtRef: BreakingExamples.withChatRoomStatus(BreakingExamples.chatRoomStatus(values: ["active", "closed"])),
                    registry: BreakingExamples.withChatRoomStatus(BreakingExamples.chatRoomStatus(values: ["active", "archived"],
                                                                                                  retired: ["closed"]))),
        RuleExample(registryAtRef: BreakingExamples.withChatRoomStatus(BreakingExamples.chatRoomStatus(values: ["active", "closed"])),
                    registry: BreakingExamples.withChatRoomStatus(BreakingExamples.chatRoomStatus(values: ["closed", "active"],
                                                                                                  name: "RoomStatus"))),
        // Accepted on purpose, by the enum's name and the value.
        RuleExample(registryAtRef: BreakingExamples.withChatRoomStatus(BreakingExamples.chatRoomStatus(values: ["active", "closed"])),
                    registry: BreakingExamples.withChatRoomStatus(BreakingExamples.chatRoomStatus(values: ["active"]) + """
                        accept_breaking:
                          - { rule: breaking-type-removed, value: ChatRoomStatus.closed, reason: "rooms are archived, never closed" }

                        """)),
    ]
}
