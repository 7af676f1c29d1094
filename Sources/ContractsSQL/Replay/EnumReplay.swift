import ContractsCore

/// An ENUM type as the replayed history leaves it.
enum EnumReplay {
    /// `type` and the type of column `target` (its index in the readers' targets) at the end.
    static func effective(_ state: EnumState, type: SQLTypeName, column target: Int?) -> EffectiveEnum {
        let name = type.qualified.lowercased()
        let found = state.types[name]
        let columnLocation = target.flatMap(state.columnLocation(of:))
        return EffectiveEnum(type: name, values: found?.values, columnType: target.flatMap(state.columnType(of:)),
                             location: found?.location ?? columnLocation)
    }
}
