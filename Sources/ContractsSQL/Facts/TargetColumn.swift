import ContractsCore

/// The table and column the registry's CHECK constraint applies to, as the readers match it:
/// identifiers compared lowercased, a table written without schema taken as `public`.
struct TargetColumn: Sendable, Equatable {
    let schema: String
    let table: String
    let column: String
    /// `table.column`, as messages name it (built once: readers name it for every node they visit).
    let text: String

    init(_ target: SQLConstraintTarget) {
        schema = target.schema.lowercased()
        table = target.table.lowercased()
        column = target.column.lowercased()
        text = "\(table).\(column)"
    }

    /// Whether a `RangeVar` body names the table.
    func matches(relation: PgNode?) -> Bool {
        guard let relation, let name = relation["relname"]?.string?.lowercased() else { return false }
        return name == table && (relation["schemaname"]?.string?.lowercased() ?? "public") == schema
    }
}
