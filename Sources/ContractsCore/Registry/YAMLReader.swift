import Yams

/// Typed, located access to YAML nodes. Problems are recorded in the diagnostics, never thrown, so one
/// pass reports every problem of the registry.
struct YAMLReader {
    let diagnostics: RegistryDiagnostics

    /// The location of a node (its first character).
    func location(_ node: Node) -> SourceLocation {
        diagnostics.location(line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
    }

    func error(_ message: String, at node: Node) {
        diagnostics.error(message, at: location(node))
    }

    /// Reports and returns true for anchored or aliased nodes: the registry refuses them, so an alias
    /// bomb is never expanded.
    func isRefusedAnchor(_ node: Node) -> Bool {
        guard let anchor = node.anchor else { return false }
        error("YAML anchors and aliases (&\(anchor.rawValue) / *\(anchor.rawValue)) are not supported in the registry; write the value out", at: node)
        return true
    }

    /// A plain `null`, `~` or empty scalar (a quoted "null" is a string).
    func isNull(_ node: Node) -> Bool {
        guard case .scalar(let scalar) = node, scalar.style == .plain || scalar.style == .any else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    /// The text of a scalar. YAML 1.1 booleans are not applied: `raw: no` is the string "no".
    func string(_ node: Node, _ what: String) -> String? {
        if isRefusedAnchor(node) { return nil }
        guard case .scalar(let scalar) = node, !isNull(node) else {
            error("\(what) must be a string", at: node)
            return nil
        }
        return scalar.string
    }

    func bool(_ node: Node, _ what: String) -> Bool? {
        if isRefusedAnchor(node) { return nil }
        if case .scalar(let scalar) = node {
            switch scalar.string {
            case "true", "True", "TRUE": return true
            case "false", "False", "FALSE": return false
            default: break
            }
        }
        error("\(what) must be true or false", at: node)
        return nil
    }

    func int(_ node: Node, _ what: String) -> Int? {
        if isRefusedAnchor(node) { return nil }
        if case .scalar(let scalar) = node, let value = Int(scalar.string) { return value }
        error("\(what) must be a whole number", at: node)
        return nil
    }

    func sequence(_ node: Node, _ what: String) -> [Node]? {
        if isRefusedAnchor(node) { return nil }
        guard case .sequence(let sequence) = node else {
            error("\(what) must be a list", at: node)
            return nil
        }
        return Array(sequence)
    }

    /// A list of strings, or one string standing for a one-element list.
    func strings(_ node: Node, _ what: String) -> [String]? {
        if case .scalar = node { return string(node, what).map { [$0] } }
        guard let items = sequence(node, what) else { return nil }
        let values = items.compactMap { string($0, "each item of \(what)") }
        return values.count == items.count ? values : nil
    }

    /// A mapping whose keys are checked against `allowed` (unknown keys are reported with a suggestion)
    /// and `required`.
    func mapping(_ node: Node, _ what: String, allowed: [String]? = nil, required: [String] = []) -> YAMLFields? {
        if isRefusedAnchor(node) { return nil }
        guard case .mapping(let mapping) = node else {
            error("\(what) must be a mapping (key: value)", at: node)
            return nil
        }
        var pairs: [(key: String, keyNode: Node, value: Node)] = []
        for (keyNode, value) in mapping {
            if isRefusedAnchor(keyNode) { continue }
            guard case .scalar(let scalar) = keyNode else {
                error("keys of \(what) must be plain strings", at: keyNode)
                continue
            }
            if let allowed, !allowed.contains(scalar.string) {
                let hint = Suggestion.closest(to: scalar.string, among: allowed).map { "; did you mean '\($0)'?" }
                    ?? "; allowed: \(allowed.joined(separator: ", "))"
                error("unknown key '\(scalar.string)' in \(what)\(hint)", at: keyNode)
                continue
            }
            pairs.append((scalar.string, keyNode, value))
        }
        let fields = YAMLFields(node: node, pairs: pairs)
        for key in required where fields[key] == nil {
            error("\(what) needs '\(key)'", at: node)
        }
        return fields
    }
}

/// The known keys of a YAML mapping, in document order.
struct YAMLFields {
    let node: Node
    let pairs: [(key: String, keyNode: Node, value: Node)]

    subscript(key: String) -> Node? { pairs.first { $0.key == key }?.value }

    /// The node of the key itself, for errors about the key.
    func keyNode(_ key: String) -> Node? { pairs.first { $0.key == key }?.keyNode }
}
