import ContractsCore

/// The shared enums (`enums:`) as the TypeScript rules see them, indexed once per check so that a file is read
/// once whatever the number of enums: the enum each table's column holds, the enums that have a column of a
/// given name (the candidates when a row's table is unknown), and the names of their TypeScript surfaces.
struct TSSharedEnums: Sendable {
    /// One enum that has a column of some name, with the table it has it on.
    struct Candidate: Sendable {
        let sharedEnum: SharedEnum
        let table: QueryTable
    }

    /// By column name (lowercased).
    let byColumn: [String: [Candidate]]
    /// By `schema.table.column` (lowercased).
    private let byTableColumn: [String: SharedEnum]
    /// The enums whose `typescript_type` or `typescript_const` is the key.
    let bySurfaceName: [String: [SharedEnum]]
    /// The enums by `typescript_type`, for arrays and sets typed with it.
    let byTypeName: [String: SharedEnum]

    init(_ registry: Registry) {
        var byColumn: [String: [Candidate]] = [:], byTableColumn: [String: SharedEnum] = [:]
        var bySurfaceName: [String: [SharedEnum]] = [:], byTypeName: [String: SharedEnum] = [:]
        for e in registry.enums {
            for c in e.sql.columns {
                let table = QueryTable(schema: c.schema, table: c.table)
                byColumn[c.column.lowercased(), default: []].append(Candidate(sharedEnum: e, table: table))
                let key = TSSharedEnums.key(table, c.column)
                if byTableColumn[key] == nil { byTableColumn[key] = e }
            }
            bySurfaceName[e.typescriptType, default: []].append(e)
            if let name = e.typescriptConst, name != e.typescriptType { bySurfaceName[name, default: []].append(e) }
            if byTypeName[e.typescriptType] == nil { byTypeName[e.typescriptType] = e }
        }
        self.byColumn = byColumn
        self.byTableColumn = byTableColumn
        self.bySurfaceName = bySurfaceName
        self.byTypeName = byTypeName
    }

    /// The enum `table.column` holds, if the registry names that column.
    func sharedEnum(_ table: QueryTable, _ column: String) -> SharedEnum? {
        byTableColumn[TSSharedEnums.key(table, column)]
    }

    /// Whether some enum has a column of this name.
    func hasColumn(_ name: String) -> Bool { byColumn[name.lowercased()] != nil }

    /// The column names as written in the registry: a file that mentions none has no literal to judge.
    static func columnNeedles(_ registry: Registry) -> [String] {
        registry.enums.flatMap { $0.sql.columns.map(\.column) }
    }

    private static func key(_ table: QueryTable, _ column: String) -> String {
        "\(table.schema).\(table.table).\(column)".lowercased()
    }
}

/// A table as a query names it: `.from('chat_rooms')` (schema `public`), `.schema('billing').from('invoices')`.
struct QueryTable: Hashable, Sendable {
    var schema: String
    var table: String

    /// `chat_rooms`, or `billing.invoices` outside `public`, as messages name it.
    var display: String { schema.lowercased() == "public" ? table : "\(schema).\(table)" }
}
