/// One per-case attribute of the notification-type enum, built-in (`icon`, `can_be_disabled`,
/// `preference_key`, `badge`) or custom (`attributes:`): the one list the Swift and TypeScript emitters and
/// `swift-attribute-drift` go through, so a custom attribute is generated and checked exactly like a built-in.
public struct AttributeColumn: Sendable {
    /// What the property returns.
    public enum Kind: Sendable, Equatable {
        case string
        case bool
        case int
        /// A case of the badge enum.
        case badge
    }

    /// The registry key (`icon`, `entity_id_key`), for messages.
    public var key: String
    /// The Swift property (`icon`, `entityIdKey`); also the TypeScript attribute name.
    public var property: String
    public var kind: Kind
    /// Whether the property is optional whatever the values (`preferenceKey`, the badge): "none" is a value
    /// of these attributes, not a gap in the registry.
    public var alwaysOptional: Bool
    /// A one-line description for generated doc comments.
    public var doc: String
    /// The doc comment of its member in the TypeScript attribute interface, where the server's wording is
    /// shorter; nil for none. A custom attribute's is `doc`.
    public var typeScriptDoc: String?
    /// The value one type gives it; `.null` for none. A badge is `.string(case name)`.
    public var value: @Sendable (NotificationTypeValue) -> AttributeValue

    public init(key: String, property: String, kind: Kind, alwaysOptional: Bool, doc: String, typeScriptDoc: String?,
                value: @escaping @Sendable (NotificationTypeValue) -> AttributeValue) {
        self.key = key
        self.property = property
        self.kind = kind
        self.alwaysOptional = alwaysOptional
        self.doc = doc
        self.typeScriptDoc = typeScriptDoc
        self.value = value
    }

    /// Whether the property is optional for these values: always for some built-ins, else when a value is null.
    public func isOptional(over values: [NotificationTypeValue]) -> Bool {
        alwaysOptional || values.contains { value($0) == .null }
    }
}

extension NotificationTypeSet {
    /// The built-in four (named by `swift_properties`; the badge only with a badge enum), then the custom
    /// attributes in registry order.
    public func attributeColumns(hasBadges: Bool) -> [AttributeColumn] {
        let names = swiftProperties
        var columns = [
            AttributeColumn(key: "icon", property: names.icon, kind: .string, alwaysOptional: false,
                            doc: "SF Symbol shown with the notification.", typeScriptDoc: nil) {
                $0.icon.map(AttributeValue.string) ?? .null
            },
            AttributeColumn(key: "can_be_disabled", property: names.canBeDisabled, kind: .bool, alwaysOptional: false,
                            doc: "Whether the user may turn this type off in settings.", typeScriptDoc: nil) {
                .bool($0.canBeDisabled)
            },
            AttributeColumn(key: "preference_key", property: names.preferenceKey, kind: .string, alwaysOptional: true,
                            doc: "The notification preference that turns this type on or off; nil when none does.",
                            typeScriptDoc: "The user preference that turns it off, or null.") {
                $0.preferenceKey.map(AttributeValue.string) ?? .null
            },
        ]
        if hasBadges {
            columns.append(AttributeColumn(
                key: "badge", property: names.badge, kind: .badge, alwaysOptional: true,
                doc: "The badge this type counts toward; nil when it counts toward none.",
                typeScriptDoc: "The badge tab it counts toward, or null.") {
                $0.badge.map(AttributeValue.string) ?? .null
            })
        }
        return columns + sharedEnum.customAttributeColumns(of: "type")
    }

    /// The columns of the TypeScript attribute table, in its order: the built-ins the server needs (the badge,
    /// the preference key, whether it can be disabled), then the custom attributes in registry order. The badge
    /// is there without a badge enum too (null for every type); the icon is the app's concern only.
    public func typeScriptAttributeColumns() -> [AttributeColumn] {
        let columns = attributeColumns(hasBadges: true)
        let builtIns = ["badge", "preference_key", "can_be_disabled"].compactMap { key in
            columns.first { $0.key == key }
        }
        return builtIns + columns.filter { column in attributes.contains { $0.key == column.key } }
    }
}

extension SharedEnum {
    /// The custom attributes (`attributes:`) as columns, in registry order: every enum's attributes (a status with a
    /// colour or a label), after the built-ins for the notification enum. `noun`: what the doc comments call a value.
    public func customAttributeColumns(of noun: String = "value") -> [AttributeColumn] {
        attributes.map { attribute in
            let kind: AttributeColumn.Kind
            switch attribute.type {
            case .string: kind = .string
            case .bool: kind = .bool
            case .int: kind = .int
            }
            let key = attribute.key
            let doc = "The registry attribute `\(key)` of each \(noun)."
            return AttributeColumn(key: key, property: attribute.swiftProperty, kind: kind, alwaysOptional: false, doc: doc,
                                   typeScriptDoc: doc) { $0.attributeValues[key] ?? .null }
        }
    }
}
