import Yams

extension RegistryDecoder {
    /// The most payloads a registry may declare: every payload becomes a generated type and a needle the
    /// Swift checker looks for in every source, so the count bounds the work of every later stage.
    static let maximumPayloads = 1000
    /// The deepest array nesting of a field type (`[[int]]` is 2).
    static let maximumArrayDepth = 8

    /// `payloads:` → payload shapes in registry order. Field types naming other payloads are resolved later.
    func decodePayloads(_ node: Node) -> [PayloadShape]? {
        guard let fields = reader.mapping(node, "payloads") else { return nil }
        guard fields.pairs.count <= Self.maximumPayloads else {
            reader.error("the registry declares \(fields.pairs.count) payloads; at most \(Self.maximumPayloads) are supported", at: node)
            return nil
        }
        let payloads = fields.pairs.compactMap { pair -> PayloadShape? in
            guard ValueFormat.identifier.accepts(pair.key) else {
                reader.error("payload name '\(pair.key.prefix(80))' \(ValueFormat.identifier.explanation)", at: pair.keyNode)
                return nil
            }
            // Without a `type_name`, the payload's name is its generated type's name.
            if let problem = Identifiers.typeNameProblem(pair.key), !payloadHas("type_name", pair.value) {
                reader.error("payload name '\(pair.key)' \(problem); rename it or give it a type_name", at: pair.keyNode)
                return nil
            }
            return decodePayload(name: pair.key, pair.value)
        }
        // A payload meets the app's code through the type it is decoded into (`type_name`), the RPC that returns it
        // (`rpc`: whatever type the app decodes that result into), or the payload whose field is of its type.
        let nested = Set(payloads.flatMap(\.fields).compactMap(\.type.innermostPayload))
        let decoded = Set(payloads.map(\.name))
        for pair in fields.pairs where decoded.contains(pair.key) && !nested.contains(pair.key)
            && !payloadHas("type_name", pair.value) && !payloadHas("rpc", pair.value) {
            reader.error("payload \(pair.key) names neither the type the app decodes it into nor the RPC that returns it, "
                + "and no other payload's field is of its type; add `type_name: \(pair.key)` or `rpc: <function>`", at: pair.keyNode)
        }
        return payloads
    }

    private func payloadHas(_ key: String, _ node: Node) -> Bool {
        node.mapping?.keys.contains { $0.string == key } ?? false
    }

    private func decodePayload(name: String, _ node: Node) -> PayloadShape? {
        guard let fields = reader.mapping(node, "payload \(name)", allowed: RegistryKeys.payload,
                                          required: ["fields"]) else { return nil }
        let typeName = fields["type_name"].flatMap { self.typeName($0, "\(name).type_name") } ?? name
        let rpc = fields["rpc"].flatMap { reader.string($0, "\(name).rpc", format: .sqlIdentifier) }
        guard let fieldNodes = fields["fields"].flatMap({ reader.mapping($0, "fields of \(name)") }) else { return nil }
        let payloadFields = fieldNodes.pairs.compactMap { pair -> PayloadField? in
            guard Identifiers.isPayloadKey(pair.key) else {
                reader.error("field key '\(pair.key.prefix(80))' \(ValueFormat.payloadKey.explanation)", at: pair.keyNode)
                return nil
            }
            return decodeField(key: pair.key, pair.value, keyNode: pair.keyNode)
        }
        return PayloadShape(name: name, typeName: typeName, rpc: rpc, fields: payloadFields, location: reader.location(node),
                            generatesSwift: generatesSwift(fields, "payloads.\(name)"))
    }

    /// A field is either a bare type (`request_id: uuid`) or a mapping with `type`, `default`, `optional`, `enum`.
    private func decodeField(key: String, _ node: Node, keyNode: Node) -> PayloadField? {
        var typeNode = node
        var defaultNode: Node?
        var optional = false
        var allowed: [String]?
        var swiftName = Identifiers.swiftPropertyName(forKey: key)
        var swiftNameNode = keyNode
        if case .mapping = node {
            guard let fields = reader.mapping(node, "field \(key)", allowed: RegistryKeys.payloadField,
                                              required: ["type"]),
                  let type = fields["type"] else { return nil }
            typeNode = type
            defaultNode = fields["default"]
            optional = fields["optional"].flatMap { reader.bool($0, "optional") } ?? false
            allowed = fields["enum"].flatMap { reader.sequence($0, "enum of \(key)") }?
                .compactMap { reader.string($0, "enum value", format: .rawValue) }
            if let node = fields["swift_name"] {
                guard let name = reader.string(node, "swift_name of \(key)", format: .identifier) else { return nil }
                swiftName = name
                swiftNameNode = node
            }
        }
        guard let swiftName else {
            reader.error("field key '\(key)' makes no Swift property name; give it a swift_name", at: keyNode)
            return nil
        }
        // `self` as a parameter of the generated memberwise init shadows the instance: the Swift does not compile.
        // Every other keyword a key can spell compiles (backticked); the generated-Swift compile test covers them.
        if swiftName == "self" {
            reader.error("field key '\(key)' would be the Swift property `self`, which the generated initializer "
                + "cannot take as a parameter; choose another key", at: swiftNameNode)
            return nil
        }
        guard let typeText = reader.string(typeNode, "type of \(key)"), let type = parseFieldType(typeText, at: typeNode)
        else { return nil }
        let defaultValue = defaultNode.flatMap { decodeDefault($0, for: type, key: key) }
        return PayloadField(key: key, swiftName: swiftName, type: type, defaultValue: defaultValue, optional: optional,
                            allowedValues: allowed, location: reader.location(node))
    }

    /// `int`, `uuid`, `[T]`, `map<T>`, or another payload's name (checked in `validateReferences`).
    ///
    /// Brackets and `map<…>` are peeled in a loop, and nest at most `maximumArrayDepth` deep: the generators and
    /// `FieldType` itself recurse once per level (32,000 levels overflowed the stack).
    private func parseFieldType(_ text: String, at node: Node) -> FieldType? {
        var inner = text.trimmingCharacters(in: .whitespaces)
        var wrappers: [Bool] = [] // true: a map, false: an array; outermost first
        while (inner.hasPrefix("[") && inner.hasSuffix("]")) || (inner.hasPrefix("map<") && inner.hasSuffix(">")) {
            let isMap = inner.hasPrefix("map<")
            wrappers.append(isMap)
            if wrappers.count > Self.maximumArrayDepth {
                let what = wrappers.contains(true) ? "arrays and maps" : "arrays"
                reader.error("field type '\(text.prefix(80))' nests \(what) more than \(Self.maximumArrayDepth) deep", at: node)
                return nil
            }
            inner = (isMap ? inner.dropFirst(4).dropLast() : inner.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
        }
        let name = inner
        var type: FieldType
        if let scalar = ScalarType(rawValue: name) {
            type = .scalar(scalar)
        } else if Identifiers.isIdentifier(name) {
            type = .payload(name)
        } else {
            reader.error("field type '\(text.prefix(80))' must be a scalar (\(ScalarType.allCases.map(\.rawValue).joined(separator: ", "))), "
                + "a payload name, [type] or map<type>", at: node)
            return nil
        }
        for isMap in wrappers.reversed() { type = isMap ? .map(type) : .array(type) }
        return type
    }

    private func decodeDefault(_ node: Node, for type: FieldType, key: String) -> DefaultValue? {
        let mismatch = { reader.error("default of \(key) does not fit its type \(type)", at: node) }
        switch type {
        case .map:
            reader.error("a field of map type \(type) cannot have a default; make it optional", at: node)
            return nil
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
                // `$`, `'` and a backtick are written escaped where a literal needs it (Swift and TypeScript string
                // literals; no SQL output holds a payload default). A quote, a backslash or a line break is refused,
                // and said to be the problem: the text fits the type.
                if let bad = text.first(where: { $0.isNewline || $0 == "\"" || $0 == "\\" }) {
                    let what = bad.isNewline ? "a line break" : bad == "\"" ? "a double quote" : "a backslash"
                    reader.error("default of \(key) holds \(what), which a payload default may not hold", at: node)
                    return nil
                }
                return .string(text)
            }
            mismatch()
            return nil
        }
    }
}

import Foundation
