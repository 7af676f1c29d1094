import ContractsCore

/// Reads the constraint events of one statement that runs at migration time (top level or DO block).
enum ConstraintEventReader {
    static func events(in statement: SQLStatement, target: TargetColumn, constraintName: String,
                       source: SQLSource, folder: String) -> [ConstraintEvent] {
        guard statement.origin.runsAtMigration else { return [] }
        let here = source.location(statement.start, statement.map)
        func event(_ action: ConstraintEvent.Action, at location: SourceLocation? = nil) -> ConstraintEvent {
            ConstraintEvent(action: action, location: location ?? here, folder: folder, guardCondition: statement.guardCondition)
        }
        let node = statement.node
        switch statement.kind {
        case "CreateStmt" where target.matches(relation: node["relation"]):
            var checks: [CheckDefinition] = []
            for element in node["tableElts"]?.items ?? [] {
                if let column = element.node("ColumnDef"), column["colname"]?.string?.lowercased() == target.column {
                    for constraint in column["constraints"]?.items ?? [] {
                        if let check = check(constraint, statement, target, constraintName, source, inlineOnColumn: true) {
                            checks.append(check)
                        }
                    }
                } else if let check = check(element, statement, target, constraintName, source, inlineOnColumn: false) {
                    checks.append(check)
                }
            }
            return [event(.createTable(ifNotExists: node["if_not_exists"].map(\.isTrue) ?? false, checks: checks))]
        case "AlterTableStmt" where target.matches(relation: node["relation"]):
            return (node["cmds"]?.items ?? []).flatMap { item -> [ConstraintEvent] in
                guard let cmd = item.node("AlterTableCmd") else { return [] }
                switch cmd["subtype"]?.string {
                case "AT_AddConstraint":
                    return cmd["def"].flatMap { check($0, statement, target, constraintName, source, inlineOnColumn: false) }
                        .map { [event(.add($0), at: $0.location)] } ?? []
                case "AT_AddColumn":
                    // `ADD COLUMN plan text CHECK (plan IN (...))`: the column's own checks.
                    guard let column = cmd["def"]?.node("ColumnDef"), column["colname"]?.string?.lowercased() == target.column else {
                        return []
                    }
                    return (column["constraints"]?.items ?? []).compactMap { constraint in
                        check(constraint, statement, target, constraintName, source, inlineOnColumn: true)
                            .map { event(.add($0), at: $0.location) }
                    }
                case "AT_DropConstraint":
                    return cmd["name"]?.string.map { [event(.drop(name: $0, ifExists: cmd["missing_ok"]?.isTrue ?? false))] } ?? []
                case "AT_ValidateConstraint":
                    return cmd["name"]?.string.map { [event(.validate($0))] } ?? []
                case "AT_DropColumn" where cmd["name"]?.string?.lowercased() == target.column:
                    return [event(.dropAll)]
                default:
                    return []
                }
            }
        case "RenameStmt" where node["renameType"]?.string == "OBJECT_TABCONSTRAINT" && target.matches(relation: node["relation"]):
            guard let from = node["subname"]?.string, let to = node["newname"]?.string else { return [] }
            return [event(.rename(from: from, to: to))]
        case "DropStmt" where node["removeType"]?.string == "OBJECT_TABLE":
            let dropsTarget = (node["objects"]?.items ?? []).contains { object in
                let parts = object.items.compactMap(\.stringValue).map { $0.lowercased() }
                return parts.last == target.table && (parts.count > 1 ? parts[parts.count - 2] : "public") == target.schema
            }
            return dropsTarget ? [event(.dropAll)] : []
        default:
            return []
        }
    }

    /// A CHECK constraint about the target column: its expression references the column, and either
    /// only that column or the constraint carries the configured name.
    private static func check(_ node: PgNode, _ statement: SQLStatement, _ target: TargetColumn, _ constraintName: String,
                              _ source: SQLSource, inlineOnColumn: Bool) -> CheckDefinition? {
        guard let constraint = node.node("Constraint"), constraint["contype"]?.string == "CONSTR_CHECK",
              let expr = constraint["raw_expr"] else { return nil }
        let columns = SQLExpression.referencedColumns(expr)
        let name = constraint["conname"]?.string
        let single = columns == [target.column]
        guard inlineOnColumn || columns.contains(target.column) else { return nil }
        guard single || name == constraintName || (inlineOnColumn && columns.isEmpty) else { return nil }
        return CheckDefinition(
            name: name, values: CheckSetReducer.values(of: expr, column: target.column),
            notValid: constraint["skip_validation"]?.isTrue ?? false, singleColumn: single,
            location: source.location(constraint["location"]?.int ?? statement.start, statement.map))
    }
}
