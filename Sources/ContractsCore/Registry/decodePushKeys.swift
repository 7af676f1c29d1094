import Yams

extension RegistryDecoder {
    /// `push_keys:` → keys push payloads carry beyond deep-link parameters: `{ key, type, optional, types }`.
    func decodePushKeys(_ node: Node) -> [PushKey]? {
        reader.sequence(node, "push_keys")?.compactMap { item in
            guard let fields = reader.mapping(item, "a push key", allowed: RegistryKeys.pushKey,
                                              required: ["key"]),
                  let key = fields["key"].flatMap({ reader.string($0, "push key", format: .jsonKey) }) else { return nil }
            guard let type = scalarType(fields["type"], "push key type") else { return nil }
            let optional = fields["optional"].flatMap { reader.bool($0, "optional") } ?? false
            let types = fields["types"].flatMap { reader.sequence($0, "types of push key \(key)") }?
                .compactMap { reader.string($0, "raw value", format: .wireValue) } ?? []
            return PushKey(key: key, type: type, optional: optional, types: types, location: reader.location(item))
        }
    }
}
