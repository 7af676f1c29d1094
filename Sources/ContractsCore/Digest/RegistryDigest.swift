import Foundation

/// The digest generated files carry in their header: SHA-256 over the registry's meaning (the model without
/// source positions, plus the generator version), so comments and layout in registry.yaml don't make
/// generated files stale, and any change that affects output does.
public enum RegistryDigest {
    /// Bumped when the generators' output changes for the same registry.
    public static let generatorVersion = "1"

    /// `sha256:<hex>` of the registry's canonical form.
    public static func of(_ registry: Registry) -> String {
        var model = registry
        model.file = ""
        let text = "naars-contracts \(generatorVersion)\n" + canonical(model)
        return "sha256:" + SHA256.hex(Data(text.utf8))
    }

    /// Fields added after version 1 of the registry format, left out of the digest while they hold their default
    /// (empty, nil, `all`), so a registry that does not use them keeps the digest its generated files carry.
    static let laterFields: Set<String> = [
        "pushKeys", "attributes", "retired", "enumType", "scope", "attributeValues", "swift", "label",
    ]

    /// Fields no generated file depends on, never in the digest: accepting a breaking change or moving a key
    /// must not make generated files stale.
    static let outsideDigest: Set<String> = ["acceptBreaking", "keyLocations"]

    /// A deterministic rendering of a model value that leaves out every `SourceLocation`.
    static func canonical(_ value: Any) -> String {
        if value is SourceLocation { return "_" }
        if let text = value as? String { return String(reflecting: text) }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct?, .class?:
            let fields = mirror.children.compactMap { child -> String? in
                let label = child.label ?? ""
                if outsideDigest.contains(label) { return nil }
                let text = canonical(child.value)
                if laterFields.contains(label), ["[]", "nil", "all"].contains(text) { return nil }
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
