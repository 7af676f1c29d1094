import Yams

extension RegistryDecoder {
    /// `accept_breaking:` → accepted breaking changes: each a `breaking-*` rule id, or
    /// `{ rule, value, reason }` (`value` scopes it to one raw value, deep-link case, payload or `Payload.field`,
    /// shared enum or `Enum.value`).
    func decodeAcceptBreaking(_ node: Node) -> [AcceptedBreak]? {
        guard let items = reader.sequence(node, "accept_breaking") else { return nil }
        return items.compactMap { item in
            if case .scalar = item {
                guard let rule = breakingRule(item) else { return nil }
                return AcceptedBreak(rule: rule, value: nil, reason: nil, location: reader.location(item))
            }
            guard let fields = reader.mapping(item, "an accept_breaking entry", allowed: RegistryKeys.acceptBreakingEntry,
                                              required: ["rule"]),
                  let rule = fields["rule"].flatMap(breakingRule) else { return nil }
            let value = fields["value"].flatMap { reader.string($0, "accept_breaking value") }
            let reason = fields["reason"].flatMap { reader.string($0, "accept_breaking reason") }
            return AcceptedBreak(rule: rule, value: value, reason: reason, location: reader.location(item))
        }
    }

    /// A `breaking-*` rule id, with a "did you mean" for a misspelt one.
    private func breakingRule(_ node: Node) -> String? {
        guard let id = reader.string(node, "accept_breaking rule") else { return nil }
        let ids = Rule.breaking.map(\.id)
        guard ids.contains(id) else {
            let hint = Suggestion.closest(to: id, among: ids).map { "; did you mean '\($0)'?" }
                ?? "; one of \(ids.joined(separator: ", "))"
            reader.error("accept_breaking names '\(id.prefix(80))', which is not a breaking-change rule\(hint)", at: node)
            return nil
        }
        return id
    }

    /// Where the list-holding keys sit (`notification_types.values`, `deep_links.cases`, `payloads`, each shared
    /// enum's `enums.NAME.values`, ...), read straight from the YAML nodes: the decoders report any problem with them.
    func keyLocations(_ root: Node) -> RegistryKeyLocations {
        var found: [String: SourceLocation] = [:]
        func visit(_ node: Node, _ prefix: String, _ keys: [String: [String]]) {
            guard case .mapping(let mapping) = node else { return }
            for (key, value) in mapping {
                guard case .scalar(let scalar) = key else { continue }
                let path = prefix.isEmpty ? scalar.string : prefix + "." + scalar.string
                guard let children = keys[path] else { continue }
                found[path] = reader.location(key)
                if !children.isEmpty { visit(value, path, keys) }
            }
        }
        var keys: [String: [String]] = [
            "notification_types": ["values"], "notification_types.values": [], "notification_types.retired": [],
            "notification_types.fallback": [], "deep_links": ["cases"], "deep_links.cases": [], "payloads": [],
            "accept_breaking": [], "enums": [],
        ]
        if case .mapping(let top) = root, case .mapping(let enums)? = top.first(where: { $0.key.string == "enums" })?.value {
            for case .scalar(let name) in enums.keys {
                keys["enums"]?.append(name.string)
                keys["enums.\(name.string)"] = ["values", "retired", "fallback", "sql"]
                for child in ["values", "retired", "fallback", "sql"] { keys["enums.\(name.string).\(child)"] = [] }
            }
        }
        visit(root, "", keys)
        return RegistryKeyLocations(found)
    }
}
