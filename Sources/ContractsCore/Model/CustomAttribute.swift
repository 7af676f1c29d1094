/// A per-case attribute of the notification-type enum, generated as a `switch self` property and checked by
/// `swift-attribute-drift` (`attributes: { entity_id_key: entityIdKey }`).
public struct CustomAttribute: Sendable, Equatable {
    /// The key values set it with in the registry (`entity_id_key`).
    public var key: String
    /// The Swift property (`entityIdKey`).
    public var swiftProperty: String
    public var type: AttributeType
    public var location: SourceLocation

    public init(key: String, swiftProperty: String, type: AttributeType, location: SourceLocation) {
        self.key = key
        self.swiftProperty = swiftProperty
        self.type = type
        self.location = location
    }
}

/// The type of a custom attribute; a value that is null makes the property optional.
public enum AttributeType: String, Sendable, Equatable, CaseIterable {
    case string
    case bool
    case int
}
