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
    /// Whether the TypeScript attribute table carries it (the icon is the app's concern only).
    public var inTypeScript: Bool
    /// Whether the property is optional whatever the values (`preferenceKey`, the badge), as it always was.
    public var alwaysOptional: Bool
    /// A one-line description for generated doc comments.
    public var doc: String
    /// The value one type gives it; `.null` for none. A badge is `.string(case name)`.
    public var value: @Sendable (NotificationTypeValue) -> AttributeValue

    public init(key: String, property: String, kind: Kind, inTypeScript: Bool, alwaysOptional: Bool, doc: String,
                value: @escaping @Sendable (NotificationTypeValue) -> AttributeValue) {
        self.key = key
        self.property = property
        self.kind = kind
        self.inTypeScript = inTypeScript
        self.alwaysOptional = alwaysOptional
        self.doc = doc
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
            AttributeColumn(key: "icon", property: names.icon, kind: .string, inTypeScript: false, alwaysOptional: false,
                            doc: "SF Symbol shown with the notification.") { $0.icon.map(AttributeValue.string) ?? .null },
            AttributeColumn(key: "can_be_disabled", property: names.canBeDisabled, kind: .bool, inTypeScript: true,
                            alwaysOptional: false, doc: "Whether the user may turn this type off in settings.") {
                .bool($0.canBeDisabled)
            },
            AttributeColumn(key: "preference_key", property: names.preferenceKey, kind: .string, inTypeScript: true,
                            alwaysOptional: true,
                            doc: "The notification preference that turns this type on or off; nil when none does.") {
                $0.preferenceKey.map(AttributeValue.string) ?? .null
            },
        ]
        if hasBadges {
            columns.append(AttributeColumn(
                key: "badge", property: names.badge, kind: .badge, inTypeScript: true, alwaysOptional: true,
                doc: "The badge this type counts toward; nil when it counts toward none.") {
                $0.badge.map(AttributeValue.string) ?? .null
            })
        }
        for attribute in attributes {
            let kind: AttributeColumn.Kind
            switch attribute.type {
            case .string: kind = .string
            case .bool: kind = .bool
            case .int: kind = .int
            }
            let key = attribute.key
            columns.append(AttributeColumn(
                key: key, property: attribute.swiftProperty, kind: kind, inTypeScript: true, alwaysOptional: false,
                doc: "The registry attribute `\(key)` of each type.") { $0.attributeValues[key] ?? .null })
        }
        return columns
    }
}
