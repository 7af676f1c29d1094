import ContractsCore

/// The columns of one table after every migration, for an RPC that returns its row type (`RETURNS SETOF
/// profiles`, `RETURNS profiles`): PostgREST sends each row as an object keyed by the columns the table has
/// when the function is called, so a column a later migration adds is returned too.
///
/// Replays `CREATE TABLE`, `ALTER TABLE … ADD/DROP COLUMN`, column and table renames and `DROP TABLE`, in
/// replay order. Nil whenever the columns are not known for sure: the table is never created, a migration that
/// mentions it does not parse, it is made `LIKE` or `INHERITS` another, or renamed from another table.
enum TableColumnReplay {
    /// Statement kinds that can change a table's columns.
    static let kinds: Set<String> = ["CreateStmt", "AlterTableStmt", "RenameStmt", "DropStmt"]

    static func columns(of table: (schema: String, name: String), in history: MigrationHistory) -> [String]? {
        var columns: [String]?
        let matches = { (relation: PgNode?) -> Bool in
            guard let relation, let name = relation["relname"]?.string?.lowercased() else { return false }
            return name == table.name && (relation["schemaname"]?.string?.lowercased() ?? "public") == table.schema
        }
        // The texts alone: a tree not kept is not made for this (`MigrationHistory.retainBytes`), and the file is not
        // parsed again (the history's load parsed it once): only its statements that name the table are, each alone.
        for index in 0 ..< history.count {
            let text = history.text(at: index)
            guard text.lowercased().contains(table.name) else { continue }
            // A statement that does not parse (at the top level, or a DO block) may be the one that changes it.
            let unparsed = index < history.facts.count ? history.facts[index].unparsed : history.migration(at: index).unparsed
            guard unparsed.isEmpty, let ranges = PgQuery.split(text) else { return nil }
            let utf8 = Array(text.utf8)
            let statements = ranges.map { String(decoding: utf8[$0.clamped(to: 0 ..< utf8.count)], as: UTF8.self) }
            for statement in statements where statement.lowercased().contains(table.name) {
                guard case .success(let tree) = PgQuery.parse(statement, keep: { kind, _, _ in kinds.contains(kind) }) else { return nil }
                guard replay(tree, table: table, matches: matches, columns: &columns) else { return nil }
            }
        }
        return columns
    }

    /// Applies one parse's statements to `columns`; false when the columns become unknown for good.
    private static func replay(_ tree: PgNode, table: (schema: String, name: String), matches: (PgNode?) -> Bool,
                               columns: inout [String]?) -> Bool {
        for raw in tree["stmts"]?.items ?? [] {
            guard let (kind, node) = raw["stmt"]?.tagged else { continue }
            switch kind {
            case "CreateStmt" where matches(node["relation"]):
                guard (node["inhRelations"]?.items ?? []).isEmpty else { return false }
                var created: [String] = []
                for element in node["tableElts"]?.items ?? [] {
                    if element.node("TableLikeClause") != nil { return false }
                    if let name = element.node("ColumnDef")?["colname"]?.string { created.append(name) }
                }
                columns = created
            case "AlterTableStmt" where matches(node["relation"]):
                for item in node["cmds"]?.items ?? [] {
                    guard let command = item.node("AlterTableCmd") else { continue }
                    switch command["subtype"]?.string {
                    case "AT_AddColumn":
                        if let name = command["def"]?.node("ColumnDef")?["colname"]?.string, columns?.contains(name) == false {
                            columns?.append(name)
                        }
                    case "AT_DropColumn":
                        columns?.removeAll { $0 == command["name"]?.string }
                    default:
                        break
                    }
                }
            case "RenameStmt" where matches(node["relation"]):
                switch node["renameType"]?.string {
                case "OBJECT_COLUMN":
                    if let old = node["subname"]?.string, let new = node["newname"]?.string {
                        columns = columns?.map { $0 == old ? new : $0 }
                    }
                case "OBJECT_TABLE":
                    columns = nil
                default:
                    break
                }
            case "RenameStmt" where node["renameType"]?.string == "OBJECT_TABLE" && node["newname"]?.string?.lowercased() == table.name:
                return false
            case "DropStmt" where node["removeType"]?.string == "OBJECT_TABLE":
                let dropped = (node["objects"]?.items ?? []).contains { object in
                    let parts = object.items.compactMap(\.stringValue).map { $0.lowercased() }
                    return parts.last == table.name && (parts.count > 1 ? parts[parts.count - 2] : "public") == table.schema
                }
                if dropped { columns = nil }
            default:
                break
            }
        }
        return true
    }
}
