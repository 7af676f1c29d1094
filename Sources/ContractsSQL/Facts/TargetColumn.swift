import ContractsCore

/// The table and column the registry's CHECK constraint applies to, as the readers match it:
/// identifiers compared lowercased, a table written without schema taken as `public`.
struct TargetColumn: Sendable, Equatable {
    let schema: String
    let table: String
    let column: String
    /// `table.column`, as messages name it (built once: readers name it for every node they visit).
    let text: String

    /// The notification enum's column when no column holds it: no relation and no column has an empty name, so no
    /// statement meets it (the SQL facts' one column per reader, which the enums' list of columns replaces).
    static let unheld = TargetColumn(schema: "", table: "", column: "")

    private init(schema: String, table: String, column: String) {
        self.schema = schema
        self.table = table
        self.column = column
        text = "\(table).\(column)"
    }

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

/// A column of a shared enum (`enums:` with `sql` columns), as the SQL readers look for it beside the notification
/// types' column: read in the same pass over each migration.
struct SharedTarget: Sendable, Equatable {
    /// The registry's column, as `ConstraintReplay` and the messages take it.
    let sql: SQLConstraintTarget
    let column: TargetColumn
    /// The enum's name (`enums:` key) and its index in `Registry.enums`.
    let enumName: String
    let enumIndex: Int

    /// Every column of every shared enum, in registry order; a column listed twice is read once (the first).
    static func all(_ registry: Registry) -> [SharedTarget] {
        var out: [SharedTarget] = [], seen: Set<String> = []
        for (index, e) in registry.enums.enumerated() {
            for column in e.sql.columns {
                let sql = SQLConstraintTarget(schema: column.schema, table: column.table, column: column.column,
                                              constraint: column.constraint, location: column.location)
                let target = TargetColumn(sql)
                guard seen.insert("\(target.schema).\(target.table).\(target.column)").inserted else { continue }
                out.append(SharedTarget(sql: sql, column: target, enumName: e.name, enumIndex: index))
            }
            // An ENUM type's columns are not named in the registry: its literals are the ones cast to it
            // (`'admin'::member_role`). Its target names no table, so no relation, constraint or column matches it.
            if let type = e.sql.enumType {
                let sql = SQLConstraintTarget(schema: type.schema, table: "", column: "", constraint: nil,
                                              location: e.location, enumType: type)
                out.append(SharedTarget(sql: sql, column: TargetColumn(sql), enumName: e.name, enumIndex: index))
            }
        }
        return out
    }

    /// The ENUM type whose casts this target reads (`schema.name`, lowercased), or nil for a column.
    var castType: String? { sql.table.isEmpty ? sql.enumType.map { $0.qualified.lowercased() } : nil }
}
