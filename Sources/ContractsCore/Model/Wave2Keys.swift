/// A raw value old rows may still hold but that is no longer registered (protobuf's `reserved`):
/// reading or cleaning it up is fine, writing it is drift, and it can never come back in `values`.
public struct RetiredValue: Sendable, Equatable {
    public var raw: String
    public var location: SourceLocation

    public init(raw: String, location: SourceLocation) {
        self.raw = raw
        self.location = location
    }
}

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

/// The value one notification type gives a custom attribute.
public enum AttributeValue: Sendable, Equatable {
    case string(String)
    case bool(Bool)
    case int(Int)
    case null
}

/// Where a value exists: everywhere, in the app only (a UI-only case the database and server never hold), or on
/// the server only (the app decodes it to the fallback). A literal of a value out of scope on a surface is drift.
public enum ValueScope: String, Sendable, Equatable {
    case all
    case app
    case server

    /// Whether the Swift app declares the value.
    public var inApp: Bool { self != .server }
    /// Whether the database and the edge functions hold or send the value.
    public var onServer: Bool { self != .app }
}

/// A key a push payload carries beyond the deep-link parameters and the type key (`message_id`, `reminder_id`).
public struct PushKey: Sendable, Equatable {
    /// The JSON key as sent (`message_id`, `matchId`).
    public var key: String
    public var type: ScalarType
    public var optional: Bool
    /// Raw values of the types whose pushes carry it; empty: any type.
    public var types: [String]
    public var location: SourceLocation

    public init(key: String, type: ScalarType, optional: Bool, types: [String], location: SourceLocation) {
        self.key = key
        self.type = type
        self.optional = optional
        self.types = types
        self.location = location
    }
}
