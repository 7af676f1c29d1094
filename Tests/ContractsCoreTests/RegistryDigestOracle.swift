@testable import ContractsCore

/// The registry digest's canonical text as the tool wrote it before `DigestCanonical`: a `Mirror` walk over the
/// model. Kept only here, as the oracle the hand-written rendering must match byte for byte (generated files
/// carry digests of this text). It reads the same field sets as `RegistryDigest`, so a change to those sets moves
/// both sides alike; what it checks is the rendering itself.
enum RegistryDigestOracle {
    /// The text `RegistryDigest.of` hashed: the generator version, then the canonical form of what emitters read.
    static func text(_ registry: Registry) -> String {
        var outputs = registry.outputs
        outputs.swift = ""
        outputs.typescript = ""
        outputs.sql = nil
        let fields = Mirror(reflecting: registry).children.compactMap { child -> String? in
            guard let label = child.label, !RegistryDigest.unreadByEmitters.contains(label),
                  !RegistryDigest.outsideDigest.contains(label) else { return nil }
            let text = canonical(label == "outputs" ? outputs : child.value)
            if RegistryDigest.laterFields.contains(label), ["[]", "nil", "all", "public"].contains(text) { return nil }
            return "\(label)=\(text)"
        }
        return "naars-contracts \(RegistryDigest.generatorVersion)\n{" + fields.joined(separator: ",") + "}"
    }

    /// A deterministic rendering of a model value that leaves out every `SourceLocation`.
    static func canonical(_ value: Any) -> String {
        if value is SourceLocation { return "_" }
        if let text = value as? String { return String(reflecting: text) }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct?, .class?:
            let fields = mirror.children.compactMap { child -> String? in
                let label = child.label ?? ""
                if RegistryDigest.outsideDigest.contains(label) { return nil }
                let text = canonical(child.value)
                if RegistryDigest.laterFields.contains(label), ["[]", "nil", "all", "public"].contains(text) { return nil }
                return "\(label)=\(text)"
            }
            return "{" + fields.joined(separator: ",") + "}"
        case .optional?:
            return mirror.children.first.map { canonical($0.value) } ?? "nil"
        case .collection?, .set?:
            let items = mirror.children.map { canonical($0.value) }
            return "[" + (mirror.displayStyle == .set ? items.sorted() : items).joined(separator: ",") + "]"
        case .dictionary?:
            let entries = mirror.children.map { entry -> String in
                let pair = Array(Mirror(reflecting: entry.value).children)
                return pair.count == 2 ? "\(canonical(pair[0].value)):\(canonical(pair[1].value))" : canonical(entry.value)
            }
            return "[" + entries.sorted().joined(separator: ",") + "]"
        case .enum?:
            guard let payload = mirror.children.first else { return String(describing: value) }
            return ".\(payload.label ?? "")(\(canonical(payload.value)))"
        case .tuple?:
            return "(" + mirror.children.map { canonical($0.value) }.joined(separator: ",") + ")"
        default:
            return String(describing: value)
        }
    }
}
