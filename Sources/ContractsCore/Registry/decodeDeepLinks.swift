import Yams

extension RegistryDecoder {
    /// Names the generated parsers use for their own arguments (`init?(caseName:payload:)`, `init?(userInfo:)`).
    static let reservedParameterNames: Set<String> = ["payload", "userInfo", "caseName", "url"]

    /// `deep_links:` → the deep-link set.
    func decodeDeepLinks(_ node: Node) -> DeepLinkSet? {
        guard let fields = reader.mapping(node, "deep_links", allowed: RegistryKeys.deepLinks,
                                          required: ["cases"]) else { return nil }
        let swiftEnum = fields["swift_enum"].flatMap { typeName($0, "deep_links.swift_enum") } ?? "DeepLink"
        let scheme = fields["url_scheme"].flatMap { reader.string($0, "deep_links.url_scheme", format: .urlScheme) }
        let linkKey = fields["link_key"].flatMap { reader.string($0, "deep_links.link_key", format: .jsonKey) } ?? "deep_link"
        let cases = fields["cases"].flatMap { reader.sequence($0, "deep_links.cases") }?.compactMap(decodeCase) ?? []
        return DeepLinkSet(swiftEnum: swiftEnum, urlScheme: scheme, linkKey: linkKey, cases: cases,
                           location: reader.location(node), generatesSwift: generatesSwift(fields, "deep_links"))
    }

    private func decodeCase(_ node: Node) -> DeepLinkCase? {
        guard let fields = reader.mapping(node, "a deep-link case", allowed: RegistryKeys.deepLinkCase, required: ["name"]),
              let name = fields["name"].flatMap({ reader.string($0, "deep-link case name", format: .identifier) })
        else { return nil }
        let params = fields["params"].flatMap { reader.sequence($0, "params of \(name)") }?.compactMap(decodeParam) ?? []
        return DeepLinkCase(name: name, params: params, location: reader.location(node))
    }

    private func decodeParam(_ node: Node) -> DeepLinkParam? {
        guard let fields = reader.mapping(node, "a deep-link parameter",
                                          allowed: RegistryKeys.deepLinkParam,
                                          required: ["name", "payload_key"]),
              let name = fields["name"].flatMap({ reader.string($0, "parameter name", format: .identifier) }),
              let key = fields["payload_key"].flatMap({ reader.string($0, "payload_key", format: .jsonKey) })
        else { return nil }
        if Self.reservedParameterNames.contains(name), let nameNode = fields["name"] {
            reader.error("parameter name '\(name)' is used by the generated deep-link parser; choose another name", at: nameNode)
            return nil
        }
        guard let type = scalarType(fields["type"], "parameter type") else { return nil }
        let optional = fields["optional"].flatMap { reader.bool($0, "optional") } ?? false
        return DeepLinkParam(name: name, type: type, payloadKey: key, optional: optional, location: reader.location(node))
    }

    /// A scalar type key (`type: uuid`), `string` when absent; nil (reported) when it names no scalar type.
    func scalarType(_ node: Node?, _ what: String) -> ScalarType? {
        guard let node else { return .string }
        guard let text = reader.string(node, what) else { return nil }
        guard let scalar = ScalarType(rawValue: text) else {
            let allowed = ScalarType.allCases.map(\.rawValue)
            let hint = Suggestion.closest(to: text, among: allowed).map { "; did you mean '\($0)'?" } ?? ""
            reader.error("unknown \(what) '\(text.prefix(40))' (one of \(allowed.joined(separator: ", ")))\(hint)", at: node)
            return nil
        }
        return scalar
    }
}
