import ContractsCore

extension Registry {
    /// The enum the notification contract names, seen through the contract, for the renderers of what only pushes
    /// have (deep-link accessors, push payload builders); nil when the registry has no contract. Found among
    /// `allEnums` by the contract's name.
    public var contractEnum: NotificationTypeSet? {
        guard let contract = notificationContract, let e = allEnums.first(where: { $0.name == contract.enumName }) else { return nil }
        return NotificationTypeSet(sharedEnum: e, contract: contract)
    }

    /// The enum a generated file of `source` is written from: the notification enum or an enum of `enums:`.
    func generatedEnum(_ source: GeneratedFileName.Source) -> SharedEnum? {
        switch source {
        case .notificationTypes: return contractEnum?.sharedEnum
        case .sharedEnum(let index): return enums[index]
        case .badges, .deepLinks, .payloads: return nil
        }
    }
}
