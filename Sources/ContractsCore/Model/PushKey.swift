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
