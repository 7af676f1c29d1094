import Yams

extension RegistryDecoder {
    /// `notifications:` as written: the enum it names (with the node, for errors) and the contract's own keys.
    struct NotificationContractEntry {
        var contract: NotificationContract
        var enumNode: Node
    }

    /// `notifications: { enum, payload_key, swift_properties }` → the contract (the enum is looked up afterwards,
    /// in `notificationTypes(from:enums:)`).
    func decodeNotificationContract(_ node: Node) -> NotificationContractEntry? {
        guard let fields = reader.mapping(node, "notifications", allowed: RegistryKeys.notifications, required: ["enum"]),
              let enumNode = fields["enum"],
              let name = reader.string(enumNode, "notifications.enum", format: .identifier) else { return nil }
        let payloadKey = fields["payload_key"].flatMap { reader.string($0, "notifications.payload_key", format: .jsonKey) }
            ?? "type"
        let properties = fields["swift_properties"].flatMap { decodeSwiftProperties($0, "notifications.swift_properties") }
            ?? AttributeProperties()
        return NotificationContractEntry(
            contract: NotificationContract(enumName: name, payloadKey: payloadKey, swiftProperties: properties,
                                           location: reader.location(node), entry: "enums.\(name)"),
            enumNode: enumNode)
    }

    /// The notification enum: the entry of `enums` the contract names, taken out of the list and seen through the
    /// contract. Nil (with an error at `notifications.enum`) when no entry has that name. It may be held in several
    /// columns (`notifications.kind` and `scheduled_notifications.kind`): the SQL rules judge each. An enum with no column or no Swift enum (a
    /// push type only the payload carries) is judged where it is: the push data, the edge functions, `userInfo`.
    func notificationTypes(from entry: NotificationContractEntry, enums: inout [SharedEnum]) -> NotificationTypeSet? {
        let name = entry.contract.enumName
        guard let index = enums.firstIndex(where: { $0.name == name }) else {
            let known = enums.map(\.name)
            let hint = known.isEmpty ? "the registry has no `enums:` entry" : "the entries are \(known.joined(separator: ", "))"
            reader.error("notifications.enum names '\(name)', which is not an entry of enums (\(hint)); "
                + "declare it under enums, or name one of them", at: entry.enumNode)
            return nil
        }
        let named = enums[index]
        enums.remove(at: index)
        return NotificationTypeSet(sharedEnum: named, contract: entry.contract)
    }
}
