import ContractsCore

/// `payload-shape-drift`, SQL push builders: a key a function puts in a push payload
/// (`jsonb_build_object('type', 'event_reminder', 'reminder_id', r.id, ...)`) that the registry declares
/// nowhere (deep-link parameters, `push_keys`, the type key, the link key), or a push key sent with a type
/// its `types:` leaves out. The same check as the TypeScript side's, for pushes the database builds.
///
/// Judged only when the registry declares `push_keys` (it then lists every key a push may carry). An object is a
/// push payload when it carries the type key and either a registered type as a constant or a push-only key
/// (`aps`, a deep-link or push key); an RPC's returned objects are payload shapes and judged as such. Keys APNs and
/// FCM define and recipient keys (`PushServiceKeys`) are never judged; an object-valued key (`'data', jsonb_build_object(...)`) is a container whose own
/// keys are judged, except `aps`.
enum PushKeyRule {
    static func findings(_ facts: SQLFacts, _ registry: Registry) -> [Finding] {
        guard !registry.pushKeys.isEmpty, let types = registry.notificationTypes else { return [] }
        let links = registry.deepLinks
        let typeKey = types.payloadKey
        let pushOnly = Set((links?.payloadKeys ?? []) + registry.pushKeys.map(\.key) + ["aps"] + [links?.linkKey].compactMap { $0 })
        let declared = pushOnly.union([typeKey]).union(PushServiceKeys.all)
        let rpcs = Set(registry.payloads.compactMap(\.rpc).map { $0.lowercased() })
        var out: [Finding] = []
        for name in facts.live.keys.sorted() {
            let defined = facts.live[name]!
            if rpcs.contains(String(name.split(separator: ".").last ?? "")) { continue }
            for builds in defined.function.pushBuilds {
                // The calls of one statement, outermost first: a call judged as part of another is not judged again.
                var judged = Set<Int>()
                for build in builds {
                    guard let offset = build.offset, !judged.contains(offset) else { continue }
                    let pairs = build.pairs
                    guard let typeEntry = pairs.first(where: { $0.key == typeKey }) else { continue }
                    let type = typeEntry.constant.flatMap(types.value(raw:))
                    guard type != nil || pairs.contains(where: { pushOnly.contains($0.key) }) else { continue }
                    judged.insert(offset)
                    for entry in sent(pairs, judged: &judged) where !declared.contains(entry.key) || registry.pushKeys.contains(where: { $0.key == entry.key }) {
                        let location = entry.location
                        let what = type.map { "push payload for '\($0.raw)'" } ?? "push payload"
                        guard let pushKey = registry.pushKeys.first(where: { $0.key == entry.key }) else {
                            out.append(Finding(
                                .payloadShapeDrift,
                                "\(what) built in \(name) sends '\(entry.key)', which the registry declares nowhere (deep-link parameters, push_keys, '\(typeKey)'): the app never reads it",
                                at: location, registry: registry.pushKeys[0].location,
                                fix: "declare it in push_keys (`- { key: \(entry.key) }`), or stop sending it",
                                subject: .pushKey(key: entry.key)))
                            continue
                        }
                        guard let type, !pushKey.types.isEmpty, !pushKey.types.contains(type.raw) else { continue }
                        out.append(Finding(
                            .payloadShapeDrift,
                            "\(what) built in \(name) sends '\(entry.key)', a push key declared only for \(pushKey.types.map { "'\($0)'" }.joined(separator: ", ")): the app does not expect it in '\(type.raw)'",
                            at: location, registry: pushKey.location,
                            fix: "add \(type.raw) to the types of push key \(entry.key), or stop sending it",
                            subject: .pushKey(key: entry.key)))
                    }
                }
            }
        }
        return out
    }

    /// The keys a payload sends: its own, and for a nested build call (not `aps`) that call's keys instead.
    private static func sent(_ pairs: [PushBuild.Pair], judged: inout Set<Int>) -> [PushBuild.Pair] {
        pairs.flatMap { entry -> [PushBuild.Pair] in
            guard let call = entry.nested.first else { return [entry] }
            if let offset = call.offset { judged.insert(offset) }
            return entry.key == "aps" ? [] : sent(call.pairs, judged: &judged)
        }
    }
}

extension PushKeyRule: DriftRule {
    typealias Facts = SQLAnalysis
    static let rule = Rule.payloadShapeDrift
    static func findings(_ analysis: SQLAnalysis) -> [Finding] { findings(analysis.facts, analysis.registry) }

    static let pushKeys = """
        push_keys:
          - { key: ride_id, type: int }

        """
    static let triggeringExamples = [
        RuleExample(["database/001_init.sql": """
            CREATE FUNCTION public.push_for(r bigint) RETURNS jsonb LANGUAGE sql AS $$
              SELECT jsonb_build_object('type', 'ride_update', 'ride_id', r, ↓'seats', 2)
            $$;
            """], registryAdding: pushKeys),
    ]
    static let nonTriggeringExamples = [
        // Keys APNs defines (`aps`) and an object that is no push (no type key) are not judged.
        RuleExample(["database/001_init.sql": """
            CREATE FUNCTION public.push_for(r bigint) RETURNS jsonb LANGUAGE sql AS $$
              SELECT jsonb_build_object('type', 'ride_update', 'ride_id', r,
                                        'aps', jsonb_build_object('badge', 1))
            $$;
            CREATE FUNCTION public.row_for(r bigint) RETURNS jsonb LANGUAGE sql AS $$
              SELECT jsonb_build_object('seats', 2)
            $$;
            """], registryAdding: pushKeys),
    ]
}
