import ContractsCore

/// `breaking-deeplink-changed`: a deep-link case the base ref has is gone, or one of its parameters was removed,
/// renamed on the wire (its `payload_key`: pushes and `scheme://case?key=value` URLs carry keys, not Swift
/// labels), retyped, or made required; a new required parameter counts as made required. Queued pushes, shared
/// links and shipped apps speak the old shape.
enum DeepLinkChangedRule: BreakingRule {
    static let rule = Rule.breakingDeepLinkChanged

    static func changes(_ facts: BreakingFacts) -> [BreakingChange] {
        var changes: [BreakingChange] = []
        for old in facts.atRef.deepLinks?.cases ?? [] {
            guard let new = facts.working.deepLink(named: old.name) else {
                changes.append(change(facts, old.name, nil,
                                      "deep-link case \(old.name) (\(facts.atRef(old.location))) was removed: queued pushes, "
                                          + "shared links and shipped apps still open it",
                                      at: facts.nearestKey("deep_links.cases", "deep_links"),
                                      fix: "keep the case"))
                continue
            }
            changes += parameterChanges(facts, old, new)
        }
        return changes
    }

    /// The changes to one case's parameters, matched by payload key (the wire name), then by Swift label.
    private static func parameterChanges(_ facts: BreakingFacts, _ old: DeepLinkCase, _ new: DeepLinkCase) -> [BreakingChange] {
        var changes: [BreakingChange] = []
        var matched = Set<String>()
        for param in old.params {
            let sameKey = new.params.first { $0.payloadKey == param.payloadKey }
            guard let now = sameKey ?? new.params.first(where: { $0.name == param.name }) else {
                changes.append(change(facts, old.name, param.name,
                                      "parameter \(param.name) (`\(param.payloadKey)`) of deep-link case \(old.name) "
                                          + "(\(facts.atRef(param.location))) was removed: shipped apps need it to open the link",
                                      at: new.location, fix: "keep the parameter (`optional: true` if it may be missing)"))
                continue
            }
            matched.insert(now.payloadKey)
            let what = "parameter \(param.name) of deep-link case \(old.name)"
            if sameKey == nil {
                changes.append(change(facts, old.name, param.name,
                                      "\(what) is read from `\(now.payloadKey)` now, `\(param.payloadKey)` at \(facts.ref): "
                                          + "shipped apps read `\(param.payloadKey)` from pushes and links",
                                      at: now.location, fix: "keep `payload_key: \(param.payloadKey)`"))
            }
            if now.type != param.type {
                changes.append(change(facts, old.name, param.name,
                                      "\(what) is a \(now.type.rawValue) now, a \(param.type.rawValue) at \(facts.ref)",
                                      at: now.location, fix: "keep `type: \(param.type.rawValue)`"))
            }
            if param.optional, !now.optional {
                changes.append(change(facts, old.name, param.name,
                                      "\(what) is required now, optional at \(facts.ref): pushes and links without "
                                          + "`\(now.payloadKey)` no longer open",
                                      at: now.location, fix: "keep `optional: true`"))
            }
        }
        for param in new.params where !param.optional && !matched.contains(param.payloadKey) {
            changes.append(change(facts, old.name, param.name,
                                  "deep-link case \(old.name) has a new required parameter \(param.name) (`\(param.payloadKey)`): "
                                      + "pushes and links made before it no longer open",
                                  at: param.location, fix: "add it with `optional: true`"))
        }
        return changes
    }

    private static func change(_ facts: BreakingFacts, _ caseName: String, _ param: String?, _ message: String,
                               at location: SourceLocation, fix: String) -> BreakingChange {
        BreakingChange(finding: Finding(rule, message, at: location, fix: fix + ", or " + facts.acceptHint(rule, caseName),
                                        subject: .deepLinkCase(name: caseName, parameter: param)),
                       subjects: [caseName] + (param.map { ["\(caseName).\($0)"] } ?? []))
    }

    private static let withoutProfile = """
        deep_links:
          swift_enum: DeepLink
          ↓cases:
            - name: ride
              params:
                - { name: id, type: uuid, payload_key: ride_id }

        """

    private static let changedParams = """
        deep_links:
          swift_enum: DeepLink
          cases:
            - name: ride
              params:
                - ↓{ name: id, type: uuid, payload_key: rideId }
                - ↓{ name: seat, type: int, payload_key: seat }
            - name: profile
              params:
                - ↓↓{ name: userId, type: string, payload_key: user_id }

        """

    static let triggeringExamples = [
        RuleExample(registryAtRef: BreakingExamples.registry(values: ["message"], adding: BreakingExamples.rideLink),
                    registry: BreakingExamples.registry(values: ["message"], adding: withoutProfile)),
        // A key renamed, a new required parameter, and one parameter both retyped and made required (two findings).
        RuleExample(registryAtRef: BreakingExamples.registry(values: ["message"], adding: BreakingExamples.rideLink),
                    registry: BreakingExamples.registry(values: ["message"], adding: changedParams)),
    ]
    static let nonTriggeringExamples = [
        // A Swift label renamed (same key), a new optional parameter, a new case, a required parameter made optional.
        RuleExample(registryAtRef: BreakingExamples.registry(values: ["message"], adding: BreakingExamples.rideLink),
                    registry: BreakingExamples.registry(values: ["message"], adding: """
                        deep_links:
                          swift_enum: DeepLink
                          cases:
                            - name: ride
                              params:
                                - { name: rideId, type: uuid, payload_key: ride_id, optional: true }
                                - { name: seat, type: int, payload_key: seat, optional: true }
                            - name: profile
                              params:
                                - { name: userId, type: uuid, payload_key: user_id, optional: true }
                            - name: settings
                              params: []

                        """)),
        // The removed case accepted on purpose, scoped to it.
        RuleExample(registryAtRef: BreakingExamples.registry(values: ["message"], adding: BreakingExamples.rideLink),
                    registry: BreakingExamples.registry(values: ["message"], adding: withoutProfile.replacingOccurrences(of: "↓", with: "") + """
                        accept_breaking:
                          - { rule: breaking-deeplink-changed, value: profile, reason: "profile links open the web page since 3.0" }

                        """)),
    ]
}
