import ContractsCore

/// The registry's ENUM type as the replayed history leaves it.
enum EnumReplay {
    /// Nil when the registry names no ENUM type.
    static func effective(_ state: EnumState, _ registry: Registry) -> EffectiveEnum? {
        guard let type = registry.notificationTypes?.sql?.enumType else { return nil }
        let name = type.qualified.lowercased()
        let found = state.types[name]
        return EffectiveEnum(type: name, values: found?.values, columnType: state.columnType,
                             location: found?.location ?? state.columnLocation)
    }
}
