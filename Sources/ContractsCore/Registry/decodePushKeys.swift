import Yams

extension RegistryDecoder {
    /// `push_keys:` → keys push payloads carry beyond deep-link parameters: `{ key, type, optional, types }`.
    func decodePushKeys(_ node: Node) -> [PushKey]? {
        reader.sequence(node, "push_keys")?.compactMap { item in
            guard let fields = reader.mapping(item, "a push key", allowed: ["key", "type", "optional", "types"],
                                              required: ["key"]),
                  let key = fields["key"].flatMap({ reader.string($0, "push key", format: .jsonKey) }) else { return nil }
            var type = ScalarType.string
            if let typeNode = fields["type"], let text = reader.string(typeNode, "push key type") {
                guard let scalar = ScalarType(rawValue: text) else {
                    let allowed = ScalarType.allCases.map(\.rawValue)
                    let hint = Suggestion.closest(to: text, among: allowed).map { "; did you mean '\($0)'?" } ?? ""
                    reader.error("unknown push key type '\(text.prefix(40))' (one of \(allowed.joined(separator: ", ")))\(hint)",
                                 at: typeNode)
                    return nil
                }
                type = scalar
            }
            let optional = fields["optional"].flatMap { reader.bool($0, "optional") } ?? false
            let types = fields["types"].flatMap { reader.sequence($0, "types of push key \(key)") }?
                .compactMap { reader.string($0, "raw value", format: .rawValue) } ?? []
            return PushKey(key: key, type: type, optional: optional, types: types, location: reader.location(item))
        }
    }
}
