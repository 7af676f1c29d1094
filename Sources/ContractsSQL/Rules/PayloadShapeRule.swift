import ContractsCore

/// `payload-shape-drift` (SQL side): the objects a payload's RPC returns, in the RPC's last definition,
/// against the payload's fields. A function often returns on several paths (an error path, a success path):
/// - every returned object must carry every required field and no key the payload lacks (one finding per object);
/// - an `optional: true` field may be missing from any path, but at least one path must return it: an
///   optional field that no path returns is reported once, at the first returned object.
enum PayloadShapeRule {
    static func findings(_ facts: SQLFacts, _ registry: Registry) -> [Finding] {
        registry.payloads.flatMap { payload -> [Finding] in
            guard let rpc = payload.rpc, let defined = facts.live[SQLFacts.qualifiedName(rpc)] else { return [] }
            // Read when the facts were (their reader knew the registry's RPCs); from the tree otherwise.
            let objects = defined.function.returned
                ?? ReturnedObjectReader.objects(in: defined.definition, source: defined.migration.source)
            let required = payload.fields.filter { !$0.optional }.map(\.key)
            var findings: [Finding] = objects.compactMap { object in
                let missing = required.filter { !object.keys.contains($0) }
                let extra = object.keys.filter { !payload.keys.contains($0) }
                guard !missing.isEmpty || !extra.isEmpty else { return nil }
                var parts: [String] = []
                if !missing.isEmpty { parts.append("missing \(ConstraintDriftRule.quoted(missing))") }
                if !extra.isEmpty { parts.append("not in the payload \(ConstraintDriftRule.quoted(extra))") }
                return Finding(.payloadShapeDrift,
                               "\(rpc) returns an object whose keys differ from payload \(payload.name): \(parts.joined(separator: "; "))",
                               at: object.location, registry: payload.location,
                               fix: "make \(rpc) return exactly the payload's fields, or change the payload in the registry",
                               subject: .payloadFields(payload: payload.name, missing: missing, extra: extra))
            }
            let neverReturned = payload.fields.filter { field in
                field.optional && !objects.contains { $0.keys.contains(field.key) }
            }.map(\.key)
            if let first = objects.first, !neverReturned.isEmpty {
                findings.append(Finding(
                    .payloadShapeDrift,
                    "\(rpc) never returns the optional \(neverReturned.count == 1 ? "field" : "fields") "
                        + "\(ConstraintDriftRule.quoted(neverReturned)) of payload \(payload.name) on any path",
                    at: first.location, registry: payload.location,
                    fix: "return \(ConstraintDriftRule.quoted(neverReturned)) where \(rpc) has it, or remove it from the payload",
                    subject: .payloadFields(payload: payload.name, missing: neverReturned, extra: [])))
            }
            return findings
        }
    }
}

extension PayloadShapeRule: DriftRule {
    typealias Facts = SQLAnalysis
    static let rule = Rule.payloadShapeDrift
    static func findings(_ analysis: SQLAnalysis) -> [Finding] { findings(analysis.facts, analysis.registry) }

    static let payload = """
        payloads:
          RideSummary:
            rpc: get_ride_summary
            fields: { ride_id: int, seats: int }

        """
    static let triggeringExamples = [
        RuleExample(["database/001_init.sql": """
            CREATE FUNCTION public.get_ride_summary() RETURNS jsonb LANGUAGE sql AS $$
              SELECT ↓jsonb_build_object('ride_id', 1, 'seat', 2)
            $$;
            """], registryAdding: payload),
    ]
    static let nonTriggeringExamples = [
        RuleExample(["database/001_init.sql": """
            CREATE FUNCTION public.get_ride_summary() RETURNS jsonb LANGUAGE sql AS $$
              SELECT jsonb_build_object('ride_id', 1, 'seats', 2)
            $$;
            CREATE FUNCTION public.get_other() RETURNS jsonb LANGUAGE sql AS $$
              SELECT jsonb_build_object('anything', 1)
            $$;
            """], registryAdding: payload),
    ]
}
