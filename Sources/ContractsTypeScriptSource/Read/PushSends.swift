import ContractsCore

/// A push payload an edge function builds, as the check that holds it against the app's reads sees it
/// (`PushContractCheck`): the type it is sent for, if any, and the keys it sends.
public struct PushSend: Sendable, Equatable, Codable {
    public struct Key: Sendable, Equatable, Codable {
        public var key: String
        public var location: SourceLocation
    }

    /// Whether it carries the type key at all.
    public var typed: Bool
    /// The types it is sent for, when the type key holds constants (`parentId ? 'town_hall_reply' :
    /// 'town_hall_post'`); empty for a push with no type key, or one whose type is computed (it may be any type).
    public var types: [String]
    /// Its keys, and those one object down (`data: { … }`), except the type key and inside `aps`.
    public var keys: [Key]
    /// It spreads another object in, computes a key, or passes `data` built elsewhere: it may send keys beyond `keys`.
    public var open: Bool
    /// Its opening brace.
    public var location: SourceLocation
}

extension TypeScriptSourceCheck {
    /// The push payloads of one file: the objects `ts-payload-key-drift` judges (not rows, not only a request to
    /// another function), and objects with `aps` and no type key, which only a push carries.
    public static func pushSends(path: String, text: String, registry: Registry) -> [PushSend] {
        var contract = TSContract(registry)
        // A push names its type under the type key, or carries `aps`.
        guard text.contains(contract.typeKey) || text.contains("aps") else { return [] }
        let source = TSLexes.source(path, text: text)
        contract.typeFunctions = source.typeFunctions(contract: contract)
        return source.notificationObjects(contract: contract).compactMap { object -> PushSend? in
            guard !object.isRow, !object.isOnlyInvokedBody else { return nil }
            let keys = object.properties.map(\.key)
            guard object.typeProperty != nil || keys.contains("aps") else { return nil }
            var types: [String] = []
            if let p = object.typeProperty, p.kind == .keyValue {
                let values = source.typeValues(in: p.value, contract: contract).map(\.raw)
                if !values.contains(nil) { types = values.compactMap { $0 } }
            }
            let nested = object.properties
                .filter { $0.kind == .keyValue && $0.key != "aps" && source.isPunct($0.value.lowerBound, "{") }
                .flatMap { source.properties(ofObjectAt: $0.value.lowerBound) }
            let all = object.properties + nested
            // `data: extra` or `{ data }`: a push service may lift the keys of `data` to the top level, unseen here.
            let hidesData = object.properties.contains { p in
                ["data", "payload"].contains(p.key) && (p.kind == .shorthand || (p.kind == .keyValue && !source.isPunct(p.value.lowerBound, "{")))
            }
            let sent = all.filter { ($0.kind == .keyValue || $0.kind == .shorthand) && $0.key != contract.typeKey }
            return PushSend(typed: object.typeProperty != nil, types: types,
                            keys: sent.map { .init(key: $0.key, location: source.location(of: $0.keyIndex)) },
                            open: all.contains { $0.kind == .spread || $0.kind == .computed } || hidesData,
                            location: source.location(of: object.open))
        }
    }

    /// `groupID`, `group_id`, `group-id` for `groupId`; or one edit away when both are long enough to tell apart.
    public static func isNearMiss(_ key: String, _ target: String) -> Bool { PayloadKeyRule.isNearMiss(key, target) }
}
