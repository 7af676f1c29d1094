import ContractsCore

extension LiveDatabaseReader {
    /// What the shared enums (`enums:`) hold in the live database, in at most four statements whatever the number of
    /// enums: the named columns with the CHECK constraints that read them, the ENUM types' labels, the columns of
    /// those types, and one bounded `SELECT DISTINCT` a column, joined by `UNION ALL`. Nothing is read without
    /// shared enums.
    static func readSharedEnums(_ enums: [SharedEnum], _ db: PostgresConnection)
        throws -> (columns: [LiveSnapshot.EnumColumn], types: [LiveSnapshot.EnumType]) {
        let named = enums.flatMap(\.sql.columns)
        var columns = try readColumns(named, db)
        var types = try readTypes(enums.compactMap(\.sql.enumType), db)
        // Every column that exists, each read once, however many entries name it.
        var slots: [String: [(type: Int?, index: Int)]] = [:], order: [LiveSnapshot.EnumColumn] = []
        func add(_ column: LiveSnapshot.EnumColumn, _ slot: (type: Int?, index: Int)) {
            guard column.tableExists, column.columnExists else { return }
            let key = [column.schema, column.table, column.column].joined(separator: "\u{0}")
            if slots[key] == nil { order.append(column) }
            slots[key, default: []].append(slot)
        }
        for (index, column) in columns.enumerated() { add(column, (nil, index)) }
        for (type, live) in types.enumerated() {
            for (index, column) in live.columns.enumerated() { add(column, (type, index)) }
        }
        let values = try readValues(order, db)
        for (position, column) in order.enumerated() {
            for slot in slots[[column.schema, column.table, column.column].joined(separator: "\u{0}")] ?? [] {
                if let type = slot.type { types[type].columns[slot.index].values = values[position] }
                else { columns[slot.index].values = values[position] }
            }
        }
        return (columns, types)
    }

    /// Whether each column's table and column exist, and the CHECK constraints on the table whose expression reads
    /// the column (`conkey`): which of them constrains it is the rules' to judge, as for the migrations.
    private static func readColumns(_ named: [SQLColumn], _ db: PostgresConnection) throws -> [LiveSnapshot.EnumColumn] {
        guard !named.isEmpty else { return [] }
        var columns = named.map { LiveSnapshot.EnumColumn(schema: $0.schema, table: $0.table, column: $0.column) }
        let rows = try db.query("""
            SELECT r.ord, c.oid IS NOT NULL, a.attnum IS NOT NULL, con.conname, pg_catalog.pg_get_constraintdef(con.oid)
            FROM unnest($1::text[], $2::text[], $3::text[]) WITH ORDINALITY AS r(nsp, rel, col, ord)
            LEFT JOIN pg_catalog.pg_namespace n ON n.nspname = r.nsp
            LEFT JOIN pg_catalog.pg_class c ON c.relnamespace = n.oid AND c.relname = r.rel AND c.relkind IN ('r', 'p')
            LEFT JOIN pg_catalog.pg_attribute a ON a.attrelid = c.oid AND a.attname = r.col AND a.attnum > 0 AND NOT a.attisdropped
            LEFT JOIN pg_catalog.pg_constraint con ON con.conrelid = c.oid AND con.contype = 'c' AND a.attnum = ANY (con.conkey)
            ORDER BY r.ord, con.conname
            """, [textArray(named.map(\.schema)), textArray(named.map(\.table)), textArray(named.map(\.column))])
        for row in rows {
            guard let index = row[0].flatMap(Int.init).map({ $0 - 1 }), columns.indices.contains(index) else { continue }
            columns[index].tableExists = row[1] == "t"
            columns[index].columnExists = row[2] == "t"
            if let name = row[3] { columns[index].constraints.append(.init(name: name, definition: row[4] ?? "")) }
        }
        return columns
    }

    /// Each ENUM type's labels in sort order (nil when there is no such type), and every column of a table (a
    /// partitioned one once, not each partition) whose type it is.
    private static func readTypes(_ named: [SQLTypeName], _ db: PostgresConnection) throws -> [LiveSnapshot.EnumType] {
        guard !named.isEmpty else { return [] }
        var types = named.map { LiveSnapshot.EnumType(schema: $0.schema, name: $0.name, labels: nil) }
        let parameters = [textArray(named.map(\.schema)), textArray(named.map(\.name))]
        let typed = """
            FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS r(nsp, typ, ord)
            LEFT JOIN pg_catalog.pg_namespace n ON n.nspname = r.nsp
            LEFT JOIN pg_catalog.pg_type t ON t.typnamespace = n.oid AND t.typname = r.typ AND t.typtype = 'e'
            """
        for row in try db.query("""
            SELECT r.ord, t.oid IS NOT NULL, e.enumlabel \(typed)
            LEFT JOIN pg_catalog.pg_enum e ON e.enumtypid = t.oid
            ORDER BY r.ord, e.enumsortorder
            """, parameters) {
            guard let index = row[0].flatMap(Int.init).map({ $0 - 1 }), types.indices.contains(index), row[1] == "t" else { continue }
            types[index].labels = (types[index].labels ?? []) + (row[2].map { [$0] } ?? [])
        }
        for row in try db.query("""
            SELECT r.ord, cn.nspname, c.relname, a.attname \(typed)
            JOIN pg_catalog.pg_attribute a ON a.atttypid = t.oid AND a.attnum > 0 AND NOT a.attisdropped
            JOIN pg_catalog.pg_class c ON c.oid = a.attrelid AND c.relkind IN ('r', 'p') AND NOT c.relispartition
            JOIN pg_catalog.pg_namespace cn ON cn.oid = c.relnamespace
            ORDER BY 1, 2, 3, 4
            """, parameters) {
            guard let index = row[0].flatMap(Int.init).map({ $0 - 1 }), types.indices.contains(index),
                  let schema = row[1], let table = row[2], let column = row[3] else { continue }
            types[index].columns.append(.init(schema: schema, table: table, column: column))
        }
        return types
    }

    /// The distinct non-null values of each column (at most `rowValueLimit` each), in one statement.
    private static func readValues(_ columns: [LiveSnapshot.EnumColumn], _ db: PostgresConnection) throws -> [[String]] {
        guard !columns.isEmpty else { return [] }
        let selects = try columns.enumerated().map { index, column in
            let name = try db.quotedIdentifier(column.column)
            let relation = try db.quotedIdentifier(column.schema) + "." + db.quotedIdentifier(column.table)
            return "(SELECT DISTINCT \(index), \(name)::text FROM \(relation) WHERE \(name) IS NOT NULL "
                + "ORDER BY 2 LIMIT \(LiveSnapshot.rowValueLimit))"
        }
        var values = Array(repeating: [String](), count: columns.count)
        for row in try db.query(selects.joined(separator: "\nUNION ALL ")) {
            guard let index = row[0].flatMap(Int.init), values.indices.contains(index), let value = row[1] else { continue }
            values[index].append(value)
        }
        return values
    }
}
