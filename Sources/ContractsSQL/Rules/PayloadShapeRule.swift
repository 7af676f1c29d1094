import ContractsCore

/// `payload-shape-drift` (SQL side): the object a payload's RPC returns, in the RPC's last definition,
/// has other keys than the payload's fields.
enum PayloadShapeRule {
    static func findings(_ facts: SQLFacts, _ registry: Registry) -> [Finding] {
        registry.payloads.flatMap { payload -> [Finding] in
            guard let rpc = payload.rpc, let defined = facts.live[SQLFacts.qualifiedName(rpc)] else { return [] }
            return ReturnedObjectReader.objects(in: defined.definition, source: defined.migration.source).compactMap { object in
                let missing = payload.keys.filter { !object.keys.contains($0) }
                let extra = object.keys.filter { !payload.keys.contains($0) }
                guard !missing.isEmpty || !extra.isEmpty else { return nil }
                var parts: [String] = []
                if !missing.isEmpty { parts.append("missing \(ConstraintDriftRule.quoted(missing))") }
                if !extra.isEmpty { parts.append("not in the payload \(ConstraintDriftRule.quoted(extra))") }
                return Finding(.payloadShapeDrift,
                               "\(rpc) returns an object whose keys differ from payload \(payload.name): \(parts.joined(separator: "; "))",
                               at: object.location, registry: payload.location,
                               fix: "make \(rpc) return exactly the payload's fields, or change the payload in the registry")
            }
        }
    }
}
