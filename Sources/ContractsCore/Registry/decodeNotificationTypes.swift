import Yams

extension RegistryDecoder {
    static let notificationTypeKeys = [
        "swift_enum", "typescript_const", "typescript_type", "payload_key", "sql", "fallback", "swift_properties", "values",
    ]
    static let valueKeys = ["raw", "case", "icon", "can_be_disabled", "preference_key", "badge", "deep_link"]

    /// `notification_types:` → the type set (references are resolved later, in `validateReferences`).
    func decodeNotificationTypes(_ node: Node) -> NotificationTypeSet? {
        guard let fields = reader.mapping(node, "notification_types", allowed: Self.notificationTypeKeys,
                                          required: ["swift_enum", "sql", "values"]) else { return nil }
        let swiftEnum = fields["swift_enum"].flatMap { typeName($0, "notification_types.swift_enum") } ?? "NotificationType"
        let tsConst = fields["typescript_const"].flatMap { typescriptName($0, "notification_types.typescript_const") }
            ?? "NOTIFICATION_TYPES"
        let tsType = fields["typescript_type"].flatMap { typescriptName($0, "notification_types.typescript_type") } ?? swiftEnum
        let payloadKey = fields["payload_key"].flatMap { reader.string($0, "notification_types.payload_key", format: .rawValue) }
            ?? "type"
        let sql = fields["sql"].flatMap(decodeSQLTarget)
        let fallback = fields["fallback"].flatMap { reader.string($0, "notification_types.fallback", format: .rawValue) }
        let properties = fields["swift_properties"].flatMap(decodeSwiftProperties) ?? AttributeProperties()
        let valueNodes = fields["values"].flatMap { reader.sequence($0, "notification_types.values") } ?? []
        if let node = fields["values"], valueNodes.isEmpty {
            reader.error("notification_types.values is empty; declare at least one type", at: node)
        }
        let values = valueNodes.compactMap(decodeValue)
        guard let sql else { return nil }
        return NotificationTypeSet(
            swiftEnum: swiftEnum, typescriptConst: tsConst, typescriptType: tsType, payloadKey: payloadKey, sql: sql,
            fallback: fallback, swiftProperties: properties, values: values, location: reader.location(node))
    }

    private func decodeSQLTarget(_ node: Node) -> SQLConstraintTarget? {
        guard let fields = reader.mapping(node, "notification_types.sql", allowed: ["table", "column", "constraint"],
                                          required: ["table", "column", "constraint"]) else { return nil }
        guard let tableNode = fields["table"], let table = reader.string(tableNode, "sql.table") else { return nil }
        let parts = table.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count <= 2, parts.allSatisfy(ValueFormat.sqlIdentifier.accepts) else {
            reader.error("sql.table '\(table.prefix(80))' must be `table` or `schema.table`, each part "
                + ValueFormat.sqlIdentifier.explanation, at: tableNode)
            return nil
        }
        let column = fields["column"].flatMap { reader.string($0, "sql.column", format: .sqlIdentifier) }
        let constraint = fields["constraint"].flatMap { reader.string($0, "sql.constraint", format: .sqlIdentifier) }
        guard let column, let constraint else { return nil }
        return SQLConstraintTarget(
            schema: parts.count == 2 ? parts[0] : "public", table: parts.last!, column: column, constraint: constraint,
            location: reader.location(node))
    }

    private func decodeSwiftProperties(_ node: Node) -> AttributeProperties? {
        guard let fields = reader.mapping(node, "notification_types.swift_properties",
                                          allowed: ["icon", "can_be_disabled", "preference_key", "badge"]) else { return nil }
        var properties = AttributeProperties()
        let name = { (key: String) in fields[key].flatMap { memberName($0, "swift_properties.\(key)") } }
        properties.icon = name("icon") ?? properties.icon
        properties.canBeDisabled = name("can_be_disabled") ?? properties.canBeDisabled
        properties.preferenceKey = name("preference_key") ?? properties.preferenceKey
        properties.badge = name("badge") ?? properties.badge
        return properties
    }

    private func decodeValue(_ node: Node) -> NotificationTypeValue? {
        guard let fields = reader.mapping(node, "a notification type", allowed: Self.valueKeys, required: ["raw"]),
              let rawNode = fields["raw"],
              let raw = reader.string(rawNode, "raw value", format: .rawValue) else { return nil }
        let swiftCase = fields["case"].flatMap { reader.string($0, "case", format: .identifier) } ?? Identifiers.camelCase(raw)
        let icon = fields["icon"].flatMap { reader.isNull($0) ? nil : reader.string($0, "icon", format: .symbolName) }
        let canBeDisabled = fields["can_be_disabled"].flatMap { reader.bool($0, "can_be_disabled") } ?? true
        let preferenceKey = fields["preference_key"].flatMap {
            reader.isNull($0) ? nil : reader.string($0, "preference_key", format: .rawValue)
        }
        let badge = fields["badge"].flatMap { reader.isNull($0) ? nil : reader.string($0, "badge", format: .identifier) }
        let deepLinks = fields["deep_link"].flatMap { reader.isNull($0) ? [] : reader.strings($0, "deep_link") } ?? []
        return NotificationTypeValue(
            raw: raw, swiftCase: swiftCase, icon: icon, canBeDisabled: canBeDisabled, preferenceKey: preferenceKey,
            badge: badge, deepLinks: deepLinks, location: reader.location(node))
    }
}
