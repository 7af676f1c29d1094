import ContractsCore

/// A string literal in a position where it is a notification type.
struct TypeLiteral: Sendable, Equatable {
    var value: String
    var location: SourceLocation
    /// Where it sits (`compared with notifications.type`, `argument 2 of create_notification`).
    var context: String
    /// Written to the column (inserted, assigned, passed to an emitter) rather than compared with it: a
    /// retired value may be read and cleaned up, never written.
    var isWrite: Bool
}

/// Finds literals compared with, assigned to or inserted into the target column, and literals passed
/// to the registry's SQL emitters. Nothing else: `'ride'` in an unrelated comparison is not a type.
///
/// Columns resolve by scope: `n.type` when `n` is the target table (or its alias), a bare `type` when
/// the innermost FROM list holds the target table, `NEW.type`/`OLD.type` in trigger functions on it.
/// The column may be wrapped as apps write it (`coalesce(new.kind, '')`, `lower(kind)`, `trim(kind)`,
/// `kind::text`, `nullif(kind, '')`); a written value may be a `CASE` or `coalesce` whose branches are literals.
/// An empty string compared with the column (`kind <> ''`) is a guard, not a type.
/// CHECK constraint definitions are skipped (they are `sql-constraint-drift`'s).
struct TypeLiteralReader {
    let target: TargetColumn
    /// Emitter function name (lowercased, no schema) → 1-based argument carrying the type.
    let emitters: [String: Int]
    /// Functions (schema-qualified, lowercased) that triggers on the target table execute.
    let triggerFunctions: Set<String>

    private struct Scope {
        var targetAliases: Set<String> = []
        var hasRelations = false
        var hasTarget = false
    }

    /// Records literals of one statement.
    private struct Collector {
        let statement: SQLStatement
        let source: SQLSource
        var found: [TypeLiteral] = []

        /// A comparison operand: a literal.
        mutating func compared(_ node: PgNode, _ context: String) {
            if let c = SQLExpression.stringConstant(node) { append(c.value, c.offset, context, isWrite: false) }
        }

        /// The array of `= ANY (...)` / `<> ALL (...)`: `ARRAY['a', 'b']`, or a text-array literal `'{a,b}'`.
        mutating func comparedArray(_ node: PgNode, _ context: String) {
            if let array = SQLExpression.uncast(node).node("A_ArrayExpr") {
                for item in array["elements"]?.items ?? [] { compared(item, context) }
            } else if let elements = SQLExpression.arrayLiteralElements(node) {
                for element in elements { append(element.value, element.offset, context, isWrite: false) }
            }
        }

        /// A value written to the column: each literal it can evaluate to.
        mutating func written(_ node: PgNode, _ context: String) {
            for constant in SQLExpression.valueConstants(node) {
                if let c = SQLExpression.stringConstant(constant) { append(c.value, c.offset, context, isWrite: true) }
            }
        }

        private mutating func append(_ value: String, _ offset: Int, _ context: String, isWrite: Bool) {
            if !isWrite, value.isEmpty { return }
            found.append(TypeLiteral(value: value, location: source.location(offset, statement.map), context: context,
                                     isWrite: isWrite))
        }
    }

    func literals(in statement: SQLStatement, source: SQLSource) -> [TypeLiteral] {
        var collector = Collector(statement: statement, source: source)
        var isTrigger = false
        if case .function(let name) = statement.origin { isTrigger = triggerFunctions.contains(name) }
        // `CREATE TRIGGER ... ON notifications ... WHEN (NEW.type = '...')`
        if statement.kind == "CreateTrigStmt", target.matches(relation: statement.node["relation"]) { isTrigger = true }
        if case .assignment(let variable) = statement.role,
           isTargetColumn(variable.split(separator: ".").map(String.init), [], isTrigger),
           let value = statement.node["targetList"]?.items.first?.node("ResTarget")?["val"] {
            collector.written(value, "assigned to \(variable)")
        }
        walk(statement.kind, statement.node, [], isTrigger, &collector)
        return collector.found
    }

    private func walk(_ kind: String, _ body: PgNode, _ scopes: [Scope], _ isTrigger: Bool,
                      _ collector: inout Collector) {
        var scopes = scopes
        let columnText = target.text
        switch kind {
        case "Constraint":
            return
        case "SelectStmt", "UpdateStmt", "DeleteStmt", "InsertStmt":
            scopes.append(scope(of: body))
            if kind == "InsertStmt", target.matches(relation: body["relation"]) { insertedValues(body, &collector) }
            // `UPDATE t SET kind = ...`, and an upsert's `ON CONFLICT ... DO UPDATE SET kind = ...`.
            let updated = kind == "UpdateStmt" ? body["targetList"] : body["onConflictClause"]?["targetList"]
            if kind == "UpdateStmt" || kind == "InsertStmt", target.matches(relation: body["relation"]) {
                for item in updated?.items ?? [] {
                    if let set = item.node("ResTarget"), set["name"]?.string?.lowercased() == target.column, let val = set["val"] {
                        collector.written(val, "assigned to \(columnText)")
                    }
                }
            }
        case "A_Expr":
            let left = body["lexpr"], right = body["rexpr"]
            let isColumn = { (node: PgNode?) in
                node.flatMap(SQLExpression.wrappedColumnFields).map { isTargetColumn($0, scopes, isTrigger) } ?? false
            }
            let kindName = body["kind"]?.string ?? ""
            let op = body["name"]?.items.last?.stringValue ?? ""
            if ["=", "<>", "!="].contains(op) {
                switch kindName {
                case "AEXPR_OP", "AEXPR_DISTINCT", "AEXPR_NOT_DISTINCT":
                    if isColumn(left), let right { collector.compared(right, "compared with \(columnText)") }
                    if isColumn(right), let left { collector.compared(left, "compared with \(columnText)") }
                case "AEXPR_IN" where isColumn(left):
                    for item in right?.items ?? [] { collector.compared(item, "compared with \(columnText)") }
                case "AEXPR_OP_ANY", "AEXPR_OP_ALL":
                    // `kind = ANY (ARRAY['a', 'b'])`, `kind <> ALL ('{a,b}'::text[])`
                    if isColumn(left), let right { collector.comparedArray(right, "compared with \(columnText)") }
                default:
                    break
                }
            }
        case "CaseExpr":
            if let arg = body["arg"], let fields = SQLExpression.wrappedColumnFields(arg), isTargetColumn(fields, scopes, isTrigger) {
                for when in body["args"]?.items ?? [] {
                    if let expr = when.node("CaseWhen")?["expr"] { collector.compared(expr, "compared with \(columnText)") }
                }
            }
        case "FuncCall":
            if let name = SQLExpression.functionName(body), let position = emitters[name] {
                let args = body["args"]?.items ?? []
                if position >= 1, position <= args.count { collector.written(args[position - 1], "argument \(position) of \(name)") }
            }
        default:
            break
        }
        walkChildren(body, scopes, isTrigger, &collector)
    }

    /// `INSERT INTO table (..., column, ...) VALUES (..., 'x', ...)` or `... SELECT ..., 'x', ...`.
    private func insertedValues(_ insert: PgNode, _ collector: inout Collector) {
        let columns = (insert["cols"]?.items ?? []).map { $0.node("ResTarget")?["name"]?.string?.lowercased() }
        guard let index = columns.firstIndex(of: target.column),
              let select = insert["selectStmt"]?.node("SelectStmt") else { return }
        let context = "inserted into \(target.table).\(target.column)"
        if let rows = select["valuesLists"]?.items, !rows.isEmpty {
            for row in rows where index < row.items.count { collector.written(row.items[index], context) }
        } else if let targets = select["targetList"]?.items, index < targets.count,
                  let val = targets[index].node("ResTarget")?["val"] {
            collector.written(val, context)
        }
    }

    private func isTargetColumn(_ fields: [String], _ scopes: [Scope], _ isTrigger: Bool) -> Bool {
        guard fields.last == target.column else { return false }
        switch fields.count {
        case 1:
            return scopes.last(where: \.hasRelations)?.hasTarget ?? false
        case 2:
            let qualifier = fields[0]
            if isTrigger, qualifier == "new" || qualifier == "old" { return true }
            return scopes.contains { $0.targetAliases.contains(qualifier) }
        default:
            return fields[fields.count - 2] == target.table && fields[fields.count - 3] == target.schema
        }
    }

    /// The relations a statement's own FROM (or UPDATE/DELETE target) names.
    private func scope(of statement: PgNode) -> Scope {
        var scope = Scope()
        func visit(_ item: PgNode) {
            if let relation = item.node("RangeVar") {
                scope.hasRelations = true
                if target.matches(relation: relation) {
                    scope.hasTarget = true
                    scope.targetAliases.insert(relation["alias"]?["aliasname"]?.string?.lowercased() ?? target.table)
                }
            } else if let join = item.node("JoinExpr") {
                join["larg"].map(visit)
                join["rarg"].map(visit)
            } else if item.tagged != nil {
                scope.hasRelations = true
            }
        }
        statement["relation"].map { visit(.object(PgFields([("RangeVar", $0)]))) }
        for key in ["fromClause", "usingClause"] { for item in statement[key]?.items ?? [] { visit(item) } }
        return scope
    }

    /// Walks every tagged node directly below `body` (through untagged objects and lists), in field order.
    /// Plain recursion, no closure: a closure would copy the reader (its dictionaries and sets) at every node.
    private func walkChildren(_ body: PgNode, _ scopes: [Scope], _ isTrigger: Bool, _ collector: inout Collector) {
        switch body {
        case .object(let dict):
            for (_, value) in dict.entries {  // sorted by key
                if let (kind, child) = value.tagged { walk(kind, child, scopes, isTrigger, &collector) }
                else { walkChildren(value, scopes, isTrigger, &collector) }
            }
        case .array(let list):
            for item in list {
                if let (kind, child) = item.tagged { walk(kind, child, scopes, isTrigger, &collector) }
                else { walkChildren(item, scopes, isTrigger, &collector) }
            }
        default:
            break
        }
    }
}
