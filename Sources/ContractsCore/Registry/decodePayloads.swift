import Yams

extension RegistryDecoder {
    /// `payloads:` → payload shapes in registry order. Field types naming other payloads are resolved later.
    func decodePayloads(_ node: Node) -> [PayloadShape]? {
        guard let fields = reader.mapping(node, "payloads") else { return nil }
        return fields.pairs.compactMap { pair in
            guard ValueFormat.identifier.accepts(pair.key) else {
                reader.error("payload name '\(pair.key.prefix(80))' \(ValueFormat.identifier.explanation)", at: pair.keyNode)
                return nil
            }
            // Without a `type_name`, the payload's name is its generated type's name.
            if let problem = Identifiers.typeNameProblem(pair.key), !payloadHasTypeName(pair.value) {
                reader.error("payload name '\(pair.key)' \(problem); rename it or give it a type_name", at: pair.keyNode)
                return nil
            }
            return decodePayload(name: pair.key, pair.value)
        }
    }

    private func payloadHasTypeName(_ node: Node) -> Bool {
        node.mapping?.keys.contains { $0.string == "type_name" } ?? false
    }

    private func decodePayload(name: String, _ node: Node) -> PayloadShape? {
        guard let fields = reader.mapping(node, "payload \(name)", allowed: ["type_name", "rpc", "fields"],
                                          required: ["fields"]) else { return nil }
        let typeName = fields["type_name"].flatMap { self.typeName($0, "\(name).type_name") } ?? name
        let rpc = fields["rpc"].flatMap { reader.string($0, "\(name).rpc", format: .sqlIdentifier) }
        guard let fieldNodes = fields["fields"].flatMap({ reader.mapping($0, "fields of \(name)") }) else { return nil }
        let payloadFields = fieldNodes.pairs.compactMap { pair -> PayloadField? in
            guard Identifiers.isRawValue(pair.key) else {
                reader.error("field key '\(pair.key.prefix(80))' \(ValueFormat.rawValue.explanation)", at: pair.keyNode)
                return nil
            }
            return decodeField(key: pair.key, pair.value)
        }
        return PayloadShape(name: name, typeName: typeName, rpc: rpc, fields: payloadFields, location: reader.location(node))
    }

    /// A field is either a bare type (`request_id: uuid`) or a mapping with `type`, `default`, `optional`, `enum`.
    private func decodeField(key: String, _ node: Node) -> PayloadField? {
        var typeNode = node
        var defaultNode: Node?
        var optional = false
        var allowed: [String]?
        if case .mapping = node {
            guard let fields = reader.mapping(node, "field \(key)", allowed: ["type", "default", "optional", "enum", "swift_name"],
                                              required: ["type"]),
                  let type = fields["type"] else { return nil }
            typeNode = type
            defaultNode = fields["default"]
            optional = fields["optional"].flatMap { reader.bool($0, "optional") } ?? false
            allowed = fields["enum"].flatMap { reader.sequence($0, "enum of \(key)") }?
                .compactMap { reader.string($0, "enum value", format: .rawValue) }
        }
        guard let typeText = reader.string(typeNode, "type of \(key)"), let type = parseFieldType(typeText, at: typeNode)
        else { return nil }
        let defaultValue = defaultNode.flatMap { decodeDefault($0, for: type, key: key) }
        let swiftName = Identifiers.camelCase(key)
        return PayloadField(key: key, swiftName: swiftName, type: type, defaultValue: defaultValue, optional: optional,
                            allowedValues: allowed, location: reader.location(node))
    }

    /// `int`, `uuid`, `[T]`, or another payload's name (checked in `validateReferences`).
    private func parseFieldType(_ text: String, at node: Node) -> FieldType? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("["), trimmed.hasSuffix("]") {
            return parseFieldType(String(trimmed.dropFirst().dropLast()), at: node).map(FieldType.array)
        }
        if let scalar = ScalarType(rawValue: trimmed) { return .scalar(scalar) }
        guard Identifiers.isIdentifier(trimmed) else {
            reader.error("field type '\(text.prefix(80))' must be a scalar (\(ScalarType.allCases.map(\.rawValue).joined(separator: ", "))), "
                + "a payload name, or [type]", at: node)
            return nil
        }
        return .payload(trimmed)
    }

    private func decodeDefault(_ node: Node, for type: FieldType, key: String) -> DefaultValue? {
        let mismatch = { reader.error("default of \(key) does not fit its type \(type)", at: node) }
        switch type {
        case .array:
            if case .sequence(let items) = node, items.isEmpty { return .emptyArray }
            reader.error("default of \(key) must be [] (the only default an array takes)", at: node)
            return nil
        case .payload:
            reader.error("a field of payload type \(type) cannot have a default; make it optional", at: node)
            return nil
        case .scalar(let scalar):
            guard let text = reader.string(node, "default of \(key)") else { return nil }
            switch scalar {
            case .int:
                if let v = Int(text) { return .int(v) }
            case .double:
                if let v = Double(text) {
                    // `1e400` and `nan` parse, but `inf` and `nan` are neither Swift nor TypeScript literals.
                    guard v.isFinite else {
                        reader.error("default of \(key) '\(text.prefix(80))' is not a finite number", at: node)
                        return nil
                    }
                    return .double(v)
                }
            case .bool:
                if let v = reader.bool(node, "default of \(key)") { return .bool(v) }
                return nil
            case .string, .uuid, .timestamp:
                if !text.contains(where: { $0.isNewline || $0 == "\"" || $0 == "\\" || $0 == "'" || $0 == "`" || $0 == "$" }) {
                    return .string(text)
                }
            }
            mismatch()
            return nil
        }
    }
}

import Foundation
