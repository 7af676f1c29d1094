import ContractsCore

/// `breaking-payload-changed`: a payload the base ref declares is gone, or one of its fields was removed, changed
/// type, or became required without a default (a new field too): shipped apps decode the shape the ref declared,
/// and a required key without a default fails decoding wherever an older sender leaves it out.
enum PayloadChangedRule: BreakingRule {
    static let rule = Rule.breakingPayloadChanged

    static func changes(_ facts: BreakingFacts) -> [BreakingChange] {
        var changes: [BreakingChange] = []
        for old in facts.atRef.payloads {
            guard let new = facts.working.payload(named: old.name) else {
                changes.append(change(facts, old.name, nil,
                                      "payload \(old.name) (\(facts.atRef(old.location))) was removed: shipped apps still decode it",
                                      at: facts.nearestKey("payloads"), fix: "keep the payload"))
                continue
            }
            for field in old.fields {
                guard let now = new.fields.first(where: { $0.key == field.key }) else {
                    changes.append(change(facts, old.name, field.key,
                                          "field `\(field.key)` of payload \(old.name) (\(facts.atRef(field.location))) was "
                                              + "removed: shipped apps still decode it",
                                          at: new.location, fix: "keep the field (`optional: true` or a `default` if it may be missing)"))
                    continue
                }
                if now.type != field.type {
                    changes.append(change(facts, old.name, field.key,
                                          "field `\(field.key)` of payload \(old.name) is \(now.type) now, \(field.type) at \(facts.ref): "
                                              + "shipped apps decode \(field.type)",
                                          at: now.location, fix: "keep `type: \(field.type)` (add a new field for the new type)"))
                }
                if isMissable(field), !isMissable(now) {
                    changes.append(change(facts, old.name, field.key,
                                          "field `\(field.key)` of payload \(old.name) is required without a default now, "
                                              + "\(field.optional ? "optional" : "defaulted") at \(facts.ref): results without it no longer decode",
                                          at: now.location, fix: "keep it optional, or give it a `default`"))
                }
            }
            let known = Set(old.keys)
            for field in new.fields where !known.contains(field.key) && !isMissable(field) {
                changes.append(change(facts, old.name, field.key,
                                      "payload \(old.name) has a new required field `\(field.key)` without a default: results "
                                          + "from code written before it no longer decode",
                                      at: field.location, fix: "add it with `optional: true` or a `default`"))
            }
        }
        return changes
    }

    /// Whether decoding survives the key being absent.
    private static func isMissable(_ field: PayloadField) -> Bool { field.optional || field.defaultValue != nil }

    private static func change(_ facts: BreakingFacts, _ payload: String, _ field: String?, _ message: String,
                               at location: SourceLocation, fix: String) -> BreakingChange {
        BreakingChange(finding: Finding(rule, message, at: location, fix: fix + ", or " + facts.acceptHint(rule, payload),
                                        subject: .payloadField(payload: payload, field: field)),
                       subjects: [payload] + (field.map { ["\(payload).\($0)"] } ?? []))
    }

    static let triggeringExamples = [
        RuleExample(registryAtRef: BreakingExamples.registry(values: ["message"], adding: BreakingExamples.badgeCounts),
                    registry: BreakingExamples.registry(values: ["message"], adding: """
                        ↓payloads:
                          Other:
                            fields:
                              count: int
                            type_name: Other

                        """)),
        // A field removed (`label`), one retyped, one whose default went away, one new required.
        RuleExample(registryAtRef: BreakingExamples.registry(values: ["message"], adding: BreakingExamples.badgeCounts),
                    registry: BreakingExamples.registry(values: ["message"], adding: """
                        payloads:
                          BadgeCounts:
                            ↓rpc: get_badge_counts
                            fields:
                              messages_total: ↓string
                              rides_total: ↓int
                              rides_open: ↓int

                        """)),
    ]
    static let nonTriggeringExamples = [
        // Fields reordered, a required field given a default, a new optional and a new defaulted field, a new payload.
        RuleExample(registryAtRef: BreakingExamples.registry(values: ["message"], adding: BreakingExamples.badgeCounts),
                    registry: BreakingExamples.registry(values: ["message"], adding: """
                        payloads:
                          BadgeCounts:
                            rpc: get_badge_counts
                            fields:
                              label: { type: string, optional: true }
                              rides_total: { type: int, default: 0 }
                              messages_total: { type: int, default: 0 }
                              rides_open: { type: int, optional: true }
                              favors_total: { type: int, default: 0 }
                          Other:
                            fields:
                              count: int
                            type_name: Other

                        """)),
        // A field removed, accepted on purpose for that field only.
        RuleExample(registryAtRef: BreakingExamples.registry(values: ["message"], adding: BreakingExamples.badgeCounts),
                    registry: BreakingExamples.registry(values: ["message"], adding: """
                        payloads:
                          BadgeCounts:
                            rpc: get_badge_counts
                            fields:
                              messages_total: int
                              rides_total: { type: int, default: 0 }
                        accept_breaking:
                          - { rule: breaking-payload-changed, value: BadgeCounts.label, reason: "label was never shown" }

                        """)),
    ]
}
