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

/// One place an enum's values are held in SQL, as the readers look for it: a column of a table, or an ENUM type
/// (its values are the literals cast to it). Every enum of the registry has one entry per column and one for its
/// ENUM type, the notification enum first (`Registry.allEnums`' order), all read in one pass over each migration;
/// an enum that neither holds has one entry for its emitters' arguments when an emitter names it.
struct SQLTarget: Sendable, Equatable {
    enum Surface: Sendable, Equatable {
        /// A table's column: the registry's entry (its constraint, and the enum's ENUM type when it names one) and
        /// the column as the readers match it.
        case column(SQLConstraintTarget, TargetColumn)
        /// An ENUM type (`schema.name` as the registry names it): its values are the literals cast to it
        /// (`'admin'::member_role`), wherever they stand.
        case enumType(SQLTypeName)
        /// No column or type holds the enum: its values in SQL are its emitters' arguments alone.
        case emitters
    }

    let surface: Surface
    /// The enum's index in `Registry.allEnums` and its name (`enums:` key).
    let enumIndex: Int
    let enumName: String
    /// Whether the enum is the notification contract's (its rules' wording is the notification types').
    let isNotification: Bool

    /// Every target of every enum, in registry order (`Registry.allEnums`): each enum's columns, then its ENUM type;
    /// a column listed twice is read once (the first). `emitted`: the enums an SQL emitter names (an enum with no
    /// column or type gets an entry for them).
    static func all(_ registry: Registry) -> [SQLTarget] {
        var out: [SQLTarget] = [], seen: Set<String> = []
        let emitted = Set(registry.emitters.sql.compactMap { SQLTarget.enumIndex(of: $0, registry) })
        let notification = registry.notificationTypes != nil
        for (index, e) in registry.allEnums.enumerated() {
            let isNotification = notification && index == 0
            let entry = { (surface: Surface) in SQLTarget(surface: surface, enumIndex: index, enumName: e.name, isNotification: isNotification) }
            for column in e.sql.columns {
                let sql = SQLConstraintTarget(schema: column.schema, table: column.table, column: column.column,
                                              constraint: column.constraint, location: column.location, enumType: e.sql.enumType)
                let target = TargetColumn(sql)
                guard seen.insert("\(target.schema).\(target.table).\(target.column)").inserted else { continue }
                out.append(entry(.column(sql, target)))
            }
            if let type = e.sql.enumType { out.append(entry(.enumType(type))) }
            if e.sql.columns.isEmpty, e.sql.enumType == nil, emitted.contains(index) { out.append(entry(.emitters)) }
        }
        return out
    }

    /// The enum an SQL emitter's argument holds (its index in `Registry.allEnums`): the one `enum:` names, else the
    /// notification enum; nil when neither exists.
    static func enumIndex(of emitter: FunctionEmitter, _ registry: Registry) -> Int? {
        if let name = emitter.enumName { return registry.allEnums.firstIndex { $0.name == name } }
        return registry.notificationTypes == nil ? nil : 0
    }

    /// The column, as the readers match it (nil for an ENUM type or emitters).
    var column: TargetColumn? {
        if case .column(_, let column) = surface { return column }
        return nil
    }

    /// The registry's column (nil for an ENUM type or emitters).
    var sql: SQLConstraintTarget? {
        if case .column(let sql, _) = surface { return sql }
        return nil
    }

    /// The ENUM type whose casts this target reads (`schema.name`, lowercased), or nil for a column.
    var castType: String? {
        if case .enumType(let type) = surface { return type.qualified.lowercased() }
        return nil
    }

    /// Part of `FactsReader.key`: everything the readers take from it.
    var key: String {
        let surface: String
        switch self.surface {
        case .column(let sql, let column):
            surface = ["c", column.schema, column.table, column.column, sql.constraintName,
                       sql.enumType.map { $0.qualified.lowercased() } ?? ""].joined(separator: "\u{1}")
        case .enumType(let type): surface = "t\u{1}" + type.qualified.lowercased()
        case .emitters: surface = "e"
        }
        return "\(enumIndex)\u{1}\(surface)"
    }
}
