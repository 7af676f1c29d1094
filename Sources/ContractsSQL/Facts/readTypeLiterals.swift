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
    /// Which of the reader's targets it meets (its index in `FactsReader.targets`: an enum's column, its ENUM type,
    /// or its emitters).
    var target: Int = 0

    /// The context of a literal cast to an ENUM type (`'admin'::member_role`), read wherever it stands: compared
    /// or written, the reader cannot tell.
    static let castContext = "cast to "

    /// Compared with the column, for certain: neither written nor a cast that may be either. A literal that is
    /// not one is judged as a write (`sql-unknown-literal`), so a broken write never passes for a dead branch.
    var isRead: Bool { !isWrite && !context.hasPrefix(Self.castContext) }
}

/// A bare name a statement writes to a target column (`TypeLiteral.target`).
struct WrittenName: Sendable, Equatable {
    var name: String
    var target: Int
}

/// An argument of a function that reaches a target column: its 1-based position, its parameter's name (lowercased;
/// nil when unnamed), and the target (`TypeLiteral.target`).
struct SinkArgument: Sendable, Hashable {
    var position: Int
    var name: String?
    var target: Int
}

/// A declared SQL emitter's argument (`emitters.sql`): its 1-based position and the target its values meet (the
/// first target of the enum it names: `TypeLiteral.target`).
struct EmitterArgument: Sendable, Hashable {
    var position: Int
    var target: Int
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
///
/// One walk reads every target (`FactsReader.targets`: every enum's columns and ENUM types), whatever their number,
/// and each literal says which target it met. A column name several targets share (`status`) resolves by its
/// table, as above; a bare `status` in a statement over two such tables meets both.
struct TypeLiteralReader {
    /// Each target's column (nil for an ENUM type's or emitters' target: no column meets it).
    let columns: [TargetColumn?]
    /// Emitter function name (lowercased, no schema) → the argument carrying a value, and the target it meets.
    let emitters: [String: EmitterArgument]
    /// Functions the migrations define that write a parameter to a target (`SQLSinks`): name (lowercased, no schema) →
    /// the arguments that reach a target, judged like a declared emitter's.
    var sinks: [String: [SinkArgument]] = [:]
    /// Functions (schema-qualified, lowercased) that triggers on a target's table execute. A function read as a
    /// trigger takes `NEW.x`/`OLD.x` as every target's column `x`: the rules keep the literals of the targets whose
    /// table really has a trigger executing it.
    let triggerFunctions: Set<String>
    /// Column name → the targets with that column.
    private let byColumn: [String: [Int]]
    /// ENUM type (`schema.name`, lowercased) → the target whose literals are the ones cast to it.
    private let byCastType: [String: Int]

    /// A reader of one column (target 0), its emitters' arguments meeting it.
    init(target: TargetColumn, emitters: [String: Int], triggerFunctions: Set<String>) {
        self.init(columns: [target], castTypes: [nil], emitters: emitters.mapValues { EmitterArgument(position: $0, target: 0) },
                  triggerFunctions: triggerFunctions)
    }

    /// A reader of `targets` (`FactsReader.targets`), every one in one walk.
    init(targets: [SQLTarget], emitters: [String: EmitterArgument], triggerFunctions: Set<String>) {
        self.init(columns: targets.map(\.column), castTypes: targets.map(\.castType), emitters: emitters,
                  triggerFunctions: triggerFunctions)
    }

    /// `castTypes`: for each target, the ENUM type whose casts it reads instead of a column (nil for a column).
    init(columns: [TargetColumn?], castTypes: [String?], emitters: [String: EmitterArgument], triggerFunctions: Set<String>) {
        self.columns = columns
        self.emitters = emitters
        self.triggerFunctions = triggerFunctions
        var byColumn: [String: [Int]] = [:], byCastType: [String: Int] = [:]
        for (i, column) in columns.enumerated() {
            if let column { byColumn[column.column, default: []].append(i) }
            if i < castTypes.count, let type = castTypes[i] { byCastType[type] = i }
        }
        self.byColumn = byColumn
        self.byCastType = byCastType
    }

    private struct Scope {
        /// `(alias, target)`: the statement's relations that are a target's table, under the name they are used by.
        var targetAliases: [(alias: String, target: Int)] = []
        var hasRelations = false
        /// The targets whose table the scope's relations include.
        var present: [Int] = []
    }

    /// Records literals of one statement.
    private struct Collector {
        let statement: SQLStatement
        let source: SQLSource
        var found: [TypeLiteral] = []
        /// Bare names written to a target (`VALUES (p_user_id, p_type)`): a function's parameters among them are sinks.
        var writtenNames: [WrittenName] = []

        /// A comparison operand: a literal.
        mutating func compared(_ node: PgNode, _ context: String, _ target: Int) {
            if let c = SQLExpression.stringConstant(node) { append(c.value, c.offset, context, isWrite: false, target) }
        }

        /// The array of `= ANY (...)` / `<> ALL (...)`: `ARRAY['a', 'b']`, or a text-array literal `'{a,b}'`.
        mutating func comparedArray(_ node: PgNode, _ context: String, _ target: Int) {
            if let array = SQLExpression.uncast(node).node("A_ArrayExpr") {
                for item in array["elements"]?.items ?? [] { compared(item, context, target) }
            } else if let elements = SQLExpression.arrayLiteralElements(node) {
                for element in elements { append(element.value, element.offset, context, isWrite: false, target) }
            }
        }

        /// A value written to the column: each literal it can evaluate to.
        mutating func written(_ node: PgNode, _ context: String, _ target: Int) {
            if let fields = SQLExpression.columnFields(node), fields.count == 1 {
                writtenNames.append(WrittenName(name: fields[0], target: target))
            } else if let number = SQLExpression.uncast(node).node("ParamRef")?["number"]?.int {
                writtenNames.append(WrittenName(name: "$\(number)", target: target))
            }
            for constant in SQLExpression.valueConstants(node) {
                if let c = SQLExpression.stringConstant(constant) { append(c.value, c.offset, context, isWrite: true, target) }
            }
        }

        private mutating func append(_ value: String, _ offset: Int, _ context: String, isWrite: Bool, _ target: Int) {
            if !isWrite, value.isEmpty { return }
            found.append(TypeLiteral(value: value, location: source.location(offset, statement.map), context: context,
                                     isWrite: isWrite, target: target))
        }
    }

    func literals(in statement: SQLStatement, source: SQLSource) -> [TypeLiteral] {
        read(statement, source: source).literals
    }

    /// The literals, and the bare names written to a target.
    func read(_ statement: SQLStatement, source: SQLSource) -> (literals: [TypeLiteral], names: [WrittenName]) {
        var collector = Collector(statement: statement, source: source)
        // The targets whose row `NEW`/`OLD` is: every target in a function read as a trigger (the rules keep the
        // targets whose table has a trigger executing it), the trigger's table's in `CREATE TRIGGER ... WHEN`.
        var trigger: [Int] = []
        if case .function(let name) = statement.origin, triggerFunctions.contains(name) { trigger = columns.indices.filter { columns[$0] != nil } }
        // `CREATE TRIGGER ... ON notifications ... WHEN (NEW.type = '...')`
        if statement.kind == "CreateTrigStmt" {
            trigger = columns.indices.filter { columns[$0]?.matches(relation: statement.node["relation"]) == true }
        }
        if case .assignment(let variable) = statement.role,
           let value = statement.node["targetList"]?.items.first?.node("ResTarget")?["val"] {
            for i in targetColumns(variable.split(separator: ".").map(String.init), [], trigger) {
                collector.written(value, "assigned to \(variable)", i)
            }
        }
        walk(statement.kind, statement.node, [], trigger, &collector)
        return (collector.found, collector.writtenNames)
    }

    private func walk(_ kind: String, _ body: PgNode, _ scopes: [Scope], _ trigger: [Int],
                      _ collector: inout Collector) {
        var scopes = scopes
        switch kind {
        case "Constraint":
            return
        case "SelectStmt", "UpdateStmt", "DeleteStmt", "InsertStmt":
            scopes.append(scope(of: body))
            guard kind == "UpdateStmt" || kind == "InsertStmt" else { break }
            for (i, target) in columns.enumerated() {
                guard let target, target.matches(relation: body["relation"]) else { continue }
                if kind == "InsertStmt" { insertedValues(body, i, &collector) }
                // `UPDATE t SET kind = ...`, and an upsert's `ON CONFLICT ... DO UPDATE SET kind = ...`.
                let updated = kind == "UpdateStmt" ? body["targetList"] : body["onConflictClause"]?["targetList"]
                for item in updated?.items ?? [] {
                    if let set = item.node("ResTarget"), set["name"]?.string?.lowercased() == target.column, let val = set["val"] {
                        collector.written(val, "assigned to \(target.text)", i)
                    }
                }
            }
        case "A_Expr":
            let left = body["lexpr"], right = body["rexpr"]
            let columnTargets = { (node: PgNode?) -> [Int] in
                node.flatMap(SQLExpression.wrappedColumnFields).map { targetColumns($0, scopes, trigger) } ?? []
            }
            let kindName = body["kind"]?.string ?? ""
            let op = body["name"]?.items.last?.stringValue ?? ""
            if ["=", "<>", "!="].contains(op) {
                switch kindName {
                case "AEXPR_OP", "AEXPR_DISTINCT", "AEXPR_NOT_DISTINCT":
                    if let right { for i in columnTargets(left) { collector.compared(right, "compared with \(columns[i]!.text)", i) } }
                    if let left { for i in columnTargets(right) { collector.compared(left, "compared with \(columns[i]!.text)", i) } }
                case "AEXPR_IN":
                    for i in columnTargets(left) {
                        for item in right?.items ?? [] { collector.compared(item, "compared with \(columns[i]!.text)", i) }
                    }
                case "AEXPR_OP_ANY", "AEXPR_OP_ALL":
                    // `kind = ANY (ARRAY['a', 'b'])`, `kind <> ALL ('{a,b}'::text[])`
                    if let right { for i in columnTargets(left) { collector.comparedArray(right, "compared with \(columns[i]!.text)", i) } }
                default:
                    break
                }
            }
        case "CaseExpr":
            if let arg = body["arg"], let fields = SQLExpression.wrappedColumnFields(arg) {
                for i in targetColumns(fields, scopes, trigger) {
                    for when in body["args"]?.items ?? [] {
                        if let expr = when.node("CaseWhen")?["expr"] { collector.compared(expr, "compared with \(columns[i]!.text)", i) }
                    }
                }
            }
        case "TypeCast" where !byCastType.isEmpty:
            // `'admin'::member_role`, `CAST('admin' AS public.member_role)`: a value of the ENUM type, whatever it meets.
            if let type = body["typeName"]?.node("TypeName") ?? body["typeName"], type["arrayBounds"] == nil,
               let name = EnumEventReader.typeName(type["names"]?.items), let i = byCastType[name], let arg = body["arg"] {
                collector.compared(arg, TypeLiteral.castContext + name, i)
            }
        case "FuncCall":
            if let name = SQLExpression.functionName(body), let emitter = emitters[name] {
                let args = body["args"]?.items ?? [], position = emitter.position
                if position >= 1, position <= args.count {
                    collector.written(args[position - 1], "argument \(position) of \(name)", emitter.target)
                }
            }
            if let name = SQLExpression.functionName(body), let arguments = sinks[name] {
                for (index, arg) in (body["args"]?.items ?? []).enumerated() {
                    let named = arg.node("NamedArgExpr")
                    let parameter = named?["name"]?.string?.lowercased()
                    // A declared emitter's own position is read above.
                    let emitter = emitters[name]
                    for sink in arguments where parameter == nil
                        ? sink.position == index + 1 && !(emitter?.position == sink.position && emitter?.target == sink.target)
                        : sink.name == parameter {
                        guard let value = named?["arg"] ?? (named == nil ? arg : nil) else { continue }
                        let place = parameter.map { "argument \($0) of \(name)" } ?? "argument \(index + 1) of \(name)"
                        collector.written(value, place, sink.target)
                    }
                }
            }
        default:
            break
        }
        walkChildren(body, scopes, trigger, &collector)
    }

    /// `INSERT INTO table (..., column, ...) VALUES (..., 'x', ...)` or `... SELECT ..., 'x', ...`.
    private func insertedValues(_ insert: PgNode, _ t: Int, _ collector: inout Collector) {
        guard let target = columns[t] else { return }
        let columns = (insert["cols"]?.items ?? []).map { $0.node("ResTarget")?["name"]?.string?.lowercased() }
        guard let index = columns.firstIndex(of: target.column),
              let select = insert["selectStmt"]?.node("SelectStmt") else { return }
        let context = "inserted into \(target.table).\(target.column)"
        if let rows = select["valuesLists"]?.items, !rows.isEmpty {
            for row in rows where index < row.items.count { collector.written(row.items[index], context, t) }
        } else if let items = select["targetList"]?.items, index < items.count,
                  let val = items[index].node("ResTarget")?["val"] {
            collector.written(val, context, t)
        }
    }

    /// The targets whose column `fields` (a column reference, lowercased) names, in order.
    private func targetColumns(_ fields: [String], _ scopes: [Scope], _ trigger: [Int]) -> [Int] {
        guard let column = fields.last, let candidates = byColumn[column] else { return [] }
        switch fields.count {
        case 1:
            guard let scope = scopes.last(where: \.hasRelations) else { return [] }
            return candidates.filter(scope.present.contains)
        case 2:
            let qualifier = fields[0], rowVariable = qualifier == "new" || qualifier == "old"
            return candidates.filter { i in
                (rowVariable && trigger.contains(i))
                    || scopes.contains { $0.targetAliases.contains { $0.alias == qualifier && $0.target == i } }
            }
        default:
            return candidates.filter { fields[fields.count - 2] == columns[$0]!.table && fields[fields.count - 3] == columns[$0]!.schema }
        }
    }

    /// The relations a statement's own FROM (or UPDATE/DELETE target) names.
    private func scope(of statement: PgNode) -> Scope {
        var scope = Scope()
        func visit(_ item: PgNode) {
            if let relation = item.node("RangeVar") {
                scope.hasRelations = true
                for (i, target) in columns.enumerated() {
                    guard let target, target.matches(relation: relation) else { continue }
                    if !scope.present.contains(i) { scope.present.append(i) }
                    scope.targetAliases.append((relation["alias"]?["aliasname"]?.string?.lowercased() ?? target.table, i))
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
    private func walkChildren(_ body: PgNode, _ scopes: [Scope], _ trigger: [Int], _ collector: inout Collector) {
        switch body {
        case .object(let dict):
            for (_, value) in dict.entries {  // sorted by key
                if let (kind, child) = value.tagged { walk(kind, child, scopes, trigger, &collector) }
                else { walkChildren(value, scopes, trigger, &collector) }
            }
        case .array(let list):
            for item in list {
                if let (kind, child) = item.tagged { walk(kind, child, scopes, trigger, &collector) }
                else { walkChildren(item, scopes, trigger, &collector) }
            }
        default:
            break
        }
    }
}
