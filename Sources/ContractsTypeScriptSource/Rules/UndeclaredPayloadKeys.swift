import ContractsCore

/// `ts-payload-key-drift`, the other direction: a key an edge function sends in a push that the registry declares
/// nowhere (deep-link parameters, `push_keys`, the type key, the link key), or a push key sent with a type its
/// `types:` leaves out. The app never reads such a key, so either it is dead data or the app's read and the
/// registry are missing.
///
/// Judged only when the registry declares `push_keys`: a registry without them says nothing about extra keys,
/// and flagging every `sender_id` of every real payload would bury the real drift.
/// Keys APNs and FCM define and recipient keys (`PushServiceKeys`: `aps`, `title`, `data`, `user_id`, ...) are
/// never judged; an object-valued key (`data: { ... }`) is a container whose own keys are judged instead; spreads
/// and computed keys are skipped.
extension PayloadKeyRule {
    static func undeclared(_ object: NotificationObject, type: NotificationTypeValue, _ source: TSSource,
                           _ contract: TSContract) -> [Finding] {
        let registry = contract.registry
        guard !registry.pushKeys.isEmpty else { return [] }
        let declared = contract.deepLinkKeys.union([contract.typeKey]).union([contract.linkKey].compactMap { $0 })
            .union(PushServiceKeys.all)
        var out: [Finding] = []
        // A near miss of a deep-link key (`rideId`) is the rename `wrong` reports: one mistake, one finding.
        let nearMissTargets = contract.deepLinkKeys.union([contract.typeKey])
        for (key, index) in sentKeys(object.properties, source) where !declared.contains(key) {
            if !registry.pushKeys.contains(where: { $0.key == key }), nearMissTargets.contains(where: { isNearMiss(key, $0) }) {
                continue
            }
            guard let pushKey = registry.pushKeys.first(where: { $0.key == key }) else {
                out.append(Finding(
                    .tsPayloadKeyDrift,
                    "push payload for '\(type.raw)' sends '\(key)', which the registry declares nowhere (deep-link parameters, push_keys, '\(contract.typeKey)'): the app never reads it; declare it in push_keys of \(registry.file), or stop sending it.",
                    at: source.location(of: index), registry: registry.pushKeys[0].location,
                    fix: "add `- { key: \(key) }` to push_keys", subject: .pushKey(key: key)))
                continue
            }
            guard !pushKey.types.isEmpty, !pushKey.types.contains(type.raw) else { continue }
            out.append(Finding(
                .tsPayloadKeyDrift,
                "push payload for '\(type.raw)' sends '\(key)', a push key declared only for \(pushKey.types.map { "'\($0)'" }.joined(separator: ", ")): the app does not expect it in '\(type.raw)'; add '\(type.raw)' to its types, or stop sending it.",
                at: source.location(of: index), registry: pushKey.location,
                fix: "add \(type.raw) to the types of push key \(key)", subject: .pushKey(key: key)))
        }
        return out
    }

    /// The constant keys of a payload object and, for object-valued keys (`data: { ... }`, not `aps`), their keys.
    private static func sentKeys(_ properties: [TSProperty], _ source: TSSource) -> [(String, Int)] {
        properties.filter { $0.kind == .keyValue || $0.kind == .shorthand }.flatMap { p -> [(String, Int)] in
            guard p.kind == .keyValue, source.isPunct(p.value.lowerBound, "{") else { return [(p.key, p.keyIndex)] }
            guard p.key != "aps" else { return [] }
            return sentKeys(source.properties(ofObjectAt: p.value.lowerBound), source)
        }
    }
}
