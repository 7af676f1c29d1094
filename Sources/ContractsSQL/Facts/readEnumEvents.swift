import ContractsCore

/// Reads the ENUM-type events of one statement that runs at migration time (top level or DO block): every
/// ENUM type is followed (a type renamed to the registry's name counts), and the target column's type.
enum EnumEventReader {
    static func events(in statement: SQLStatement, target: TargetColumn, source: SQLSource, folder: String) -> [EnumEvent] {
        events(in: statement, columns: [(0, target)], source: source, folder: folder)
    }

    /// The type events once, and each column's type changes (`EnumEvent.target`: the column's index given here).
    static func events(in statement: SQLStatement, columns: [(index: Int, column: TargetColumn)], source: SQLSource,
                       folder: String) -> [EnumEvent] {
        guard statement.origin.runsAtMigration else { return [] }
        let here = source.location(statement.start, statement.map)
        switch statement.kind {
        case "CreateEnumStmt", "AlterEnumStmt", "RenameStmt", "DropStmt" where statement.node["removeType"]?.string == "OBJECT_TYPE":
            return typeEvents(statement, here, folder)
        default:
            return columns.flatMap { index, column in
                columnEvents(statement, column, here, folder).map { var event = $0; event.target = index; return event }
            }
        }
    }

    private static func typeEvents(_ statement: SQLStatement, _ here: SourceLocation, _ folder: String) -> [EnumEvent] {
        let event = { (action: EnumEvent.Action) in EnumEvent(action: action, location: here, folder: folder) }
        let node = statement.node
        switch statement.kind {
        case "CreateEnumStmt":
            guard let type = typeName(node["typeName"]?.items) else { return [] }
            return [event(.create(type: type, values: (node["vals"]?.items ?? []).compactMap(\.stringValue)))]
        case "AlterEnumStmt":
            guard let type = typeName(node["typeName"]?.items), let new = node["newVal"]?.string else { return [] }
            if let old = node["oldVal"]?.string { return [event(.renameValue(type: type, from: old, to: new))] }
            return [event(.addValue(type: type, value: new, neighbor: node["newValNeighbor"]?.string,
                                    after: node["newValIsAfter"]?.isTrue ?? false,
                                    ifNotExists: node["skipIfNewValExists"]?.isTrue ?? false))]
        case "RenameStmt" where node["renameType"]?.string == "OBJECT_TYPE":
            guard let from = typeName(node["object"]?.items), let to = node["newname"]?.string else { return [] }
            let schema = from.split(separator: ".").first.map(String.init) ?? "public"
            return [event(.renameType(from: from, to: schema + "." + to.lowercased()))]
        case "DropStmt" where node["removeType"]?.string == "OBJECT_TYPE":
            let cascade = node["behavior"]?.string == "DROP_CASCADE"
            return (node["objects"]?.items ?? []).compactMap { object in
                typeName((object.node("TypeName") ?? object)["names"]?.items).map { event(.drop(type: $0, cascade: cascade)) }
            }
        default:
            return []
        }
    }

    private static func columnEvents(_ statement: SQLStatement, _ target: TargetColumn, _ here: SourceLocation,
                                     _ folder: String) -> [EnumEvent] {
        let event = { (action: EnumEvent.Action) in EnumEvent(action: action, location: here, folder: folder) }
        let node = statement.node
        switch statement.kind {
        case "DropStmt" where node["removeType"]?.string == "OBJECT_TABLE":
            let dropsTarget = (node["objects"]?.items ?? []).contains { object in
                let parts = object.items.compactMap(\.stringValue).map { $0.lowercased() }
                return parts.last == target.table && (parts.count > 1 ? parts[parts.count - 2] : "public") == target.schema
            }
            return dropsTarget ? [event(.columnType(nil))] : []
        case "CreateStmt" where target.matches(relation: node["relation"]):
            let column = (node["tableElts"]?.items ?? []).lazy.compactMap { $0.node("ColumnDef") }
                .first { $0["colname"]?.string?.lowercased() == target.column }
            return [event(.columnType(column.flatMap { columnTypeName($0) }))]
        case "AlterTableStmt" where target.matches(relation: node["relation"]):
            return (node["cmds"]?.items ?? []).compactMap { item -> EnumEvent? in
                guard let cmd = item.node("AlterTableCmd") else { return nil }
                switch cmd["subtype"]?.string {
                case "AT_AddColumn":
                    guard let def = cmd["def"]?.node("ColumnDef"), def["colname"]?.string?.lowercased() == target.column else { return nil }
                    return event(.columnType(columnTypeName(def)))
                case "AT_AlterColumnType" where cmd["name"]?.string?.lowercased() == target.column:
                    return cmd["def"]?.node("ColumnDef").flatMap(columnTypeName).map { event(.columnType($0)) }
                case "AT_DropColumn" where cmd["name"]?.string?.lowercased() == target.column:
                    return event(.columnType(nil))
                default:
                    return nil
                }
            }
        default:
            return []
        }
    }

    /// A column definition's type, qualified (`public.remote_match_status`, `pg_catalog.text`); array types
    /// keep a `[]` suffix so they never equal the ENUM type itself.
    private static func columnTypeName(_ column: PgNode) -> String? {
        guard let type = column["typeName"]?.node("TypeName") ?? column["typeName"],
              let name = typeName(type["names"]?.items) else { return nil }
        return type["arrayBounds"] == nil ? name : name + "[]"
    }

    /// `[schema?, name]` → `schema.name`, lowercased, `public` by default.
    static func typeName(_ parts: [PgNode]?) -> String? {
        let names = (parts ?? []).compactMap(\.stringValue).map { $0.lowercased() }
        guard let last = names.last else { return nil }
        return (names.count > 1 ? names[names.count - 2] : "public") + "." + last
    }
}
