import Yams

extension RegistryDecoder {
    /// `notification_types:` → the type set (references are resolved later, in `validateReferences`).
    func decodeNotificationTypes(_ node: Node) -> NotificationTypeSet? {
        guard let fields = reader.mapping(node, "notification_types", allowed: RegistryKeys.notificationTypes,
                                          required: ["swift_enum", "sql", "values"]) else { return nil }
        let swiftEnum = fields["swift_enum"].flatMap { typeName($0, "notification_types.swift_enum") } ?? "NotificationType"
        let tsConst = fields["typescript_const"].flatMap { typescriptName($0, "notification_types.typescript_const") }
            ?? "NOTIFICATION_TYPES"
        let tsType = fields["typescript_type"].flatMap { typescriptName($0, "notification_types.typescript_type") } ?? swiftEnum
        let payloadKey = fields["payload_key"].flatMap { reader.string($0, "notification_types.payload_key", format: .jsonKey) }
            ?? "type"
        let sql = fields["sql"].flatMap(decodeSQLTarget)
        let fallback = fields["fallback"].flatMap { reader.string($0, "notification_types.fallback", format: .wireValue) }
        let properties = fields["swift_properties"].flatMap { decodeSwiftProperties($0, "notification_types.swift_properties") }
            ?? AttributeProperties()
        let attributes = fields["attributes"].flatMap { decodeAttributes($0, "notification_types.attributes") } ?? []
        let valueNodes = fields["values"].flatMap { reader.sequence($0, "notification_types.values") } ?? []
        if let node = fields["values"], valueNodes.isEmpty {
            reader.error("notification_types.values is empty; declare at least one type", at: node)
        }
        let values = valueNodes.compactMap { decodeEnumValue($0, .notificationTypes, attributes: attributes) }
        let retired = fields["retired"].flatMap { reader.sequence($0, "notification_types.retired") }?.compactMap { item in
            reader.string(item, "retired value", format: .wireValue).map { RetiredValue(raw: $0, location: reader.location(item)) }
        } ?? []
        guard let sql else { return nil }
        return NotificationTypeSet(
            swiftEnum: swiftEnum, typescriptConst: tsConst, typescriptType: tsType, payloadKey: payloadKey, sql: sql,
            fallback: fallback, swiftProperties: properties, values: values, location: reader.location(node),
            attributes: attributes, retired: retired, generatesSwift: generatesSwift(fields, "notification_types"))
    }

    /// `attributes:` → custom per-case attributes: `key: swiftProperty` or `key: { swift: property, type: string|bool|int }`.
    func decodeAttributes(_ node: Node, _ what: String) -> [CustomAttribute]? {
        guard let fields = reader.mapping(node, what) else { return nil }
        return fields.pairs.compactMap { pair in
            guard ValueFormat.rawValue.accepts(pair.key) else {
                reader.error("attribute key '\(pair.key.prefix(80))' \(ValueFormat.rawValue.explanation)", at: pair.keyNode)
                return nil
            }
            if RegistryKeys.value.contains(pair.key) {
                reader.error("attribute key '\(pair.key)' is a built-in key of enum values; choose another key", at: pair.keyNode)
                return nil
            }
            if case .scalar = pair.value {
                guard let property = memberName(pair.value, "attributes.\(pair.key)") else { return nil }
                return CustomAttribute(key: pair.key, swiftProperty: property, type: .string, location: reader.location(pair.keyNode))
            }
            guard let f = reader.mapping(pair.value, "attributes.\(pair.key)", allowed: RegistryKeys.attribute, required: ["swift"]),
                  let property = f["swift"].flatMap({ memberName($0, "attributes.\(pair.key).swift") }) else { return nil }
            var type = AttributeType.string
            if let typeNode = f["type"], let text = reader.string(typeNode, "attributes.\(pair.key).type") {
                guard let parsed = AttributeType(rawValue: text) else {
                    reader.error("attribute type '\(text.prefix(40))' must be one of string, bool, int", at: typeNode)
                    return nil
                }
                type = parsed
            }
            return CustomAttribute(key: pair.key, swiftProperty: property, type: type, location: reader.location(pair.keyNode))
        }
    }

    private func decodeSQLTarget(_ node: Node) -> SQLConstraintTarget? {
        guard let fields = reader.mapping(node, "notification_types.sql", allowed: RegistryKeys.notificationTypesSQL,
                                          required: ["table", "column"]) else { return nil }
        guard let table = fields["table"].flatMap({ qualifiedSQLName($0, "sql.table", shape: "table") }) else { return nil }
        let column = fields["column"].flatMap { reader.string($0, "sql.column", format: .sqlIdentifier) }
        let constraint = fields["constraint"].flatMap { reader.string($0, "sql.constraint", format: .sqlIdentifier) }
        if fields["constraint"] != nil, constraint == nil { return nil }
        var enumType: SQLTypeName?
        if let typeNode = fields["enum_type"] {
            guard let type = qualifiedSQLName(typeNode, "sql.enum_type", shape: "type") else { return nil }
            enumType = SQLTypeName(schema: type.schema, name: type.name)
        }
        guard let column else { return nil }
        return SQLConstraintTarget(
            schema: table.schema, table: table.name, column: column, constraint: constraint,
            location: reader.location(node), enumType: enumType)
    }

    /// `name` or `schema.name` (schema `public` when absent), each part a lowercase SQL identifier; `shape` names the
    /// thing in the error (`table`, `type`).
    func qualifiedSQLName(_ node: Node, _ what: String, shape: String) -> (schema: String, name: String)? {
        guard let text = reader.string(node, what) else { return nil }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 2, parts.allSatisfy(ValueFormat.sqlIdentifier.accepts) else {
            reader.error("\(what) '\(text.prefix(80))' must be `\(shape)` or `schema.\(shape)`, each part "
                + ValueFormat.sqlIdentifier.explanation, at: node)
            return nil
        }
        return (parts.count == 2 ? parts[0] : "public", parts.last!)
    }

    func decodeSwiftProperties(_ node: Node, _ what: String) -> AttributeProperties? {
        guard let fields = reader.mapping(node, what, allowed: RegistryKeys.swiftProperties) else { return nil }
        var properties = AttributeProperties()
        let name = { (key: String) in fields[key].flatMap { memberName($0, "swift_properties.\(key)") } }
        properties.icon = name("icon") ?? properties.icon
        properties.canBeDisabled = name("can_be_disabled") ?? properties.canBeDisabled
        properties.preferenceKey = name("preference_key") ?? properties.preferenceKey
        properties.badge = name("badge") ?? properties.badge
        return properties
    }

    /// Where a value is decoded, for what it accepts and how its errors read.
    enum ValueOwner {
        /// `notification_types.values`: always a mapping, with every notification key.
        case notificationTypes
        /// `enums.<name>.values`; `notification` when `notifications.enum` names it (then the notification keys are
        /// accepted too).
        case sharedEnum(name: String, notification: Bool)
    }

    /// One value: its raw string (short form, in `enums:`), or a mapping with `raw`, `case`, `scope`, `icon`, the
    /// custom attributes, and on the notification enum's values `can_be_disabled`, `preference_key`, `badge` and
    /// `deep_link`.
    func decodeEnumValue(_ node: Node, _ owner: ValueOwner, attributes: [CustomAttribute]) -> SharedEnumValue? {
        var rawNode = node
        var fields: YAMLFields?
        switch owner {
        case .notificationTypes:
            guard let mapping = reader.mapping(node, "a notification type", allowed: RegistryKeys.value + attributes.map(\.key),
                                               required: ["raw"]), let raw = mapping["raw"] else { return nil }
            rawNode = raw
            fields = mapping
        case .sharedEnum(let name, let notification):
            if case .mapping = node {
                if !notification, !refuseNotificationKeys(node, enumName: name) { return nil }
                guard let mapping = reader.mapping(node, "an enum value", allowed: RegistryKeys.value + attributes.map(\.key),
                                                   required: ["raw"]), let raw = mapping["raw"] else { return nil }
                rawNode = raw
                fields = mapping
            }
        }
        guard let raw = reader.string(rawNode, "raw value", format: .wireValue) else { return nil }
        let swiftCase: String
        if let caseNode = fields?["case"] {
            guard let named = reader.string(caseNode, "case", format: .identifier) else { return nil }
            swiftCase = named
        } else if let derived = Identifiers.derivedCaseName(raw) {
            swiftCase = derived
        } else {
            let example = Identifiers.suggestedCaseName(raw)
            if case .notificationTypes = owner {
                reader.error("raw value '\(raw.prefix(80))' does not make a Swift case name; give one with `case:` "
                    + "(for example `case: \(example)`)", at: rawNode)
            } else {
                reader.error("raw value '\(raw.prefix(80))' does not make a Swift case name; give one with the long form "
                    + "`{ raw: \(raw.prefix(80)), case: \(example) }`", at: rawNode)
            }
            return nil
        }
        guard let fields else { return SharedEnumValue(raw: raw, swiftCase: swiftCase, location: reader.location(node)) }
        // Icons and preference keys are free strings (`notifyMessages`, an asset name with spaces): every
        // emitter escapes them, so only raw values, identifiers and SQL names keep a format.
        let icon = fields["icon"].flatMap { reader.isNull($0) ? nil : reader.string($0, "icon") }
        let canBeDisabled = fields["can_be_disabled"].flatMap { reader.bool($0, "can_be_disabled") } ?? true
        let preferenceKey = fields["preference_key"].flatMap {
            reader.isNull($0) ? nil : reader.string($0, "preference_key")
        }
        let badge = fields["badge"].flatMap { reader.isNull($0) ? nil : reader.string($0, "badge", format: .identifier) }
        let deepLinks = fields["deep_link"].flatMap { reader.isNull($0) ? [] : reader.strings($0, "deep_link") } ?? []
        var scope = ValueScope.all
        if let scopeNode = fields["scope"], let text = reader.string(scopeNode, "scope") {
            if let parsed = ValueScope(rawValue: text) {
                scope = parsed
            } else {
                reader.error("scope '\(text.prefix(40))' must be one of all, app, server", at: scopeNode)
            }
        }
        var attributeValues: [String: AttributeValue] = [:]
        for attribute in attributes {
            guard let valueNode = fields[attribute.key] else { continue }
            if let value = attributeValue(valueNode, attribute) { attributeValues[attribute.key] = value }
        }
        return SharedEnumValue(
            raw: raw, swiftCase: swiftCase, icon: icon, canBeDisabled: canBeDisabled, preferenceKey: preferenceKey,
            badge: badge, deepLinks: deepLinks, location: reader.location(node), scope: scope,
            attributeValues: attributeValues)
    }

    /// Refuses, at their key, the keys that only mean something for the notification enum's values; false when one
    /// was there.
    private func refuseNotificationKeys(_ node: Node, enumName: String) -> Bool {
        guard case .mapping(let mapping) = node else { return true }
        var clean = true
        for (keyNode, _) in mapping {
            guard let key = keyNode.string, RegistryKeys.notificationValueOnly.contains(key) else { continue }
            reader.error("'\(key)' belongs to notification values: it is accepted only on the values of the enum "
                + "`notifications.enum` names, and enums.\(enumName) is not it", at: keyNode)
            clean = false
        }
        return clean
    }

    /// One value's setting of a custom attribute, of the attribute's type, or null.
    private func attributeValue(_ node: Node, _ attribute: CustomAttribute) -> AttributeValue? {
        if reader.isNull(node) { return .null }
        switch attribute.type {
        case .string: return reader.string(node, attribute.key).map(AttributeValue.string)
        case .bool: return reader.bool(node, attribute.key).map(AttributeValue.bool)
        case .int: return reader.int(node, attribute.key).map(AttributeValue.int)
        }
    }
}
