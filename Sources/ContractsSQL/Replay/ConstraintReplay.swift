import ContractsCore

/// Replays every migration in order to find the CHECK constraint the database ends up with.
///
/// `generate` calls this to write the next constraint migration; `sql-constraint-drift` compares its
/// result with the registry.
public enum ConstraintReplay {
    /// The effective constraint on the registry's column, or nil when no readable check is left on it.
    /// Throws only when a migration cannot be read; files that do not parse are skipped here and
    /// reported by `SQLSourceCheck` as `sql-syntax-error`.
    public static func effective(in context: CheckContext) throws -> EffectiveConstraint? {
        guard let target = context.registry.notificationTypes?.sql else { return nil }
        let history = try MigrationHistory.load(context)
        return effective(of: state(of: history.facts.flatMap(\.constraintEvents), target: target),
                         preferring: target.constraintName)
    }

    /// The state after `events` (constraint events on `target`, in replay order).
    static func state(of events: [ConstraintEvent], target: SQLConstraintTarget) -> ConstraintState {
        var state = ConstraintState(table: target.table.lowercased(), column: target.column.lowercased())
        for event in events { state.apply(event) }
        return state
    }

    /// Readable active checks combined: their common values; named after the configured constraint when it
    /// is active, else the last one added.
    static func effective(of state: ConstraintState, preferring name: String) -> EffectiveConstraint? {
        let readable = state.active.filter { $0.definition.values != nil }
        guard let main = readable.first(where: { $0.name == name }) ?? readable.last else { return nil }
        var values = main.definition.values ?? []
        for other in readable where other.name != main.name {
            let allowed = Set(other.definition.values ?? [])
            values = values.filter(allowed.contains)
        }
        return EffectiveConstraint(name: main.name, values: values, location: main.definition.location,
                                   notValid: main.definition.notValid)
    }
}
