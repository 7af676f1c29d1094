/// The notification contract (`notifications:`): which enum the push payloads, the notification rows and `userInfo`
/// carry, under which key, and the Swift property names of the notification attributes its values have. It names
/// an enum of `enums:`; it adds what only pushes have (deep links, badges, push keys and emitters refer to its
/// values), and never a second copy of the enum.
public struct NotificationContract: Sendable, Equatable {
    /// The `enums:` entry it names.
    public var enumName: String
    /// Key that carries the raw value in push payloads, notification rows and `userInfo` (`type`; seed 001:
    /// `notification_type`).
    public var payloadKey: String
    /// Swift property names of the built-in per-case attributes.
    public var swiftProperties: AttributeProperties
    public var location: SourceLocation
    /// Where the enum's values are written in the registry, as messages name it: `notification_types` for the
    /// shorthand, `enums.<name>` for an entry `notifications.enum` names.
    public var entry: String

    public init(enumName: String, payloadKey: String = "type", swiftProperties: AttributeProperties = AttributeProperties(),
                location: SourceLocation, entry: String = "notification_types") {
        self.enumName = enumName
        self.entry = entry
        self.payloadKey = payloadKey
        self.swiftProperties = swiftProperties
        self.location = location
    }
}

extension Registry {
    /// The notification contract when `e` is the enum it names, else nil: what a generator or a rule that maps over
    /// `allEnums` asks where something only the notification enum has matters (payload key, deep links, badges).
    public func notificationContract(of e: SharedEnum) -> NotificationContract? {
        guard let contract = notificationContract, contract.enumName == e.name else { return nil }
        return contract
    }
}
