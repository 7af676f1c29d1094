import ContractsCore

/// A name of the schema that a function's body uses: a table or view its statements name (`INSERT INTO t`, `UPDATE t`,
/// `DELETE FROM t`, `FROM t`), or a column tied to one such relation for sure (`INSERT INTO t (a)`, `SET a = …`,
/// `t.a`, or `a` where `t` is the only relation in reach and no variable or parameter is called `a`).
///
/// PostgreSQL resolves these when the function runs (a `LANGUAGE sql` body is also checked when it is created), so
/// the `unknown-table` and `unknown-column` rules judge them against the schema the whole history leaves.
struct BodyName: Sendable, Equatable {
    enum Role: UInt8, Sendable, Equatable {
        /// The relation itself.
        case relation
        case selected, filtered, ordered, written, conflict, returned
        /// A relation the body creates (`CREATE TEMP TABLE x`): its name is unknown to every body, not missing.
        case created
    }

    var schema: String
    var relation: String
    /// Nil for `.relation` and `.created`.
    var column: String?
    var role: Role
    var location: SourceLocation
}

/// Reads `BodyName`s from a function body's statements (`SQLStatement`s of one function), with the scoping PostgreSQL
/// gives them. Only what is read for sure: a CTE, a table-valued function, a subquery, a relation the body creates, a
/// qualifier that is no relation in reach (`NEW`, `OLD`, a record variable, a block label) or an unqualified name with
/// more than one relation in reach, or one that is a variable or a parameter, yields nothing.
struct BodyNameReader {
    /// The function's variables and parameters (lowercased); nil: not known, so no unqualified column is judged.
    let variables: Set<String>?
    /// The schema an unqualified relation name resolves to; nil: not known (a `SET search_path` the reader cannot
    /// follow), so none is judged.
    let searchSchema: String?
    let source: SQLSource
    private(set) var names: [BodyName] = []
    private var created: Set<String> = []
    /// A string the body runs as SQL (`EXECUTE`) may create relations whose names the reader cannot know: no relation
    /// of the body is then called missing, and no unqualified one is tied to the schema (a temporary table of that
    /// name would be searched first).
    private var createsUnknown = false
    private var map = OffsetMap.identity

    /// PL/pgSQL's own variables, which no `DECLARE` lists (`TG_OP` in a trigger function, `SQLSTATE` in a handler).
    static let builtins: Set<String> = [
        "found", "new", "old", "tg_op", "tg_name", "tg_when", "tg_level", "tg_relid", "tg_relname", "tg_table_name",
        "tg_table_schema", "tg_nargs", "tg_argv", "tg_event", "tg_tag", "sqlstate", "sqlerrm", "row_count", "result_oid",
        "pg_context", "returned_sqlstate", "message_text",
    ]

    init(variables: Set<String>?, searchSchema: String?, source: SQLSource) {
        self.variables = variables
        self.searchSchema = searchSchema
        self.source = source
    }

    /// The names `statements` (one function's body) use, in order. Of a PL/pgSQL body, only its SQL statements as
    /// written (`PLpgSQLReader.statementsOnly` reads no others): a body reads the same whether or not another rule
    /// reads its conditions and assignments too.
    /// `dynamic`: the texts of the body's `EXECUTE` queries (`PLpgSQLReader.dynamic`).
    static func names(in statements: [SQLStatement], variables: Set<String>?, searchSchema: String?, source: SQLSource,
                      plpgsql: Bool = false, dynamic: [String] = []) -> [BodyName] {
        var reader = BodyNameReader(variables: variables, searchSchema: searchSchema, source: source)
        for query in dynamic { reader.dynamicQuery(query) }
        let statements = plpgsql ? statements.filter { $0.role == .statement && $0.start == 0 } : statements
        // Relations the body creates first: a statement before the `CREATE` may be in a loop after it.
        for statement in statements {
            reader.map = statement.map
            reader.createdRelation(statement.kind, statement.node)
        }
        for statement in statements {
            reader.map = statement.map
            reader.statement(statement.kind, statement.node, chain: [], ctes: [])
        }
        return reader.names
    }

    // MARK: - Scopes

    /// A relation a statement reads or writes, as visible by its alias (or its name).
    private enum Item {
        /// A table or view of the schema (`schema`, `name`).
        case relation(schema: String, name: String)
        /// Anything whose columns are not the schema's (a CTE, a subquery, a function, a relation created in the body).
        case opaque
    }

    private struct Scope {
        var items: [(visible: String, item: Item)] = []
    }

    private mutating func createdRelation(_ kind: String, _ node: PgNode) {
        var rangeVar: PgNode?
        var name: String?
        switch kind {
        case "CreateStmt": rangeVar = node["relation"]
        case "CreateForeignTableStmt": rangeVar = node["base"]?["relation"]
        case "CreateTableAsStmt": rangeVar = (node["into"].map { $0.node("IntoClause") ?? $0 })?["rel"]
        case "ViewStmt": rangeVar = node["view"]
        case "CreateSeqStmt": rangeVar = node["sequence"]
        case "SelectStmt": rangeVar = (node["intoClause"].map { $0.node("IntoClause") ?? $0 })?["rel"]
        case "RenameStmt":
            // A relation renamed: its new name is one the body creates.
            guard ["OBJECT_TABLE", "OBJECT_VIEW", "OBJECT_MATVIEW", "OBJECT_FOREIGN_TABLE", "OBJECT_SEQUENCE"].contains(node["renameType"]?.string ?? "")
            else { return }
            rangeVar = node["relation"]
            name = node["newname"]?.string
        case "ImportForeignSchemaStmt":
            createsUnknown = true
            return
        default: return
        }
        guard let rangeVar, let name = name ?? rangeVar["relname"]?.string else { return }
        created.insert(name)
        names.append(BodyName(schema: rangeVar["schemaname"]?.string ?? searchSchema ?? "public", relation: name, column: nil,
                              role: .created, location: location(rangeVar["location"]?.int ?? 0)))
    }

    /// An `EXECUTE`'s query `text` (an expression): the relations the SQL it runs creates, when it is one string
    /// constant PostgreSQL parses (`EXECUTE 'CREATE TEMP TABLE t (…)'`); else, when the statement it runs may create
    /// relations (its leading text is not written in the body, or a constant of it reads `CREATE TABLE`, `CREATE
    /// VIEW`, `CREATE SEQUENCE`, `RENAME`, `IMPORT FOREIGN SCHEMA`: `EXECUTE format('CREATE TEMP TABLE %I …', x)`),
    /// relations the body cannot name (`createsUnknown`).
    private mutating func dynamicQuery(_ text: String) {
        guard case .success(let tree) = PgQuery.parse("SELECT " + text),
              let select = tree["stmts"]?.items.first?["stmt"]?.node("SelectStmt"),
              let targets = select["targetList"]?.items, targets.count == 1,
              let value = targets[0].node("ResTarget")?["val"] else {
            createsUnknown = true
            return
        }
        if let literal = Self.stringConstant(value) {
            guard case .success(let statements) = PgQuery.parse(literal) else {
                if Self.mayCreate(literal) { createsUnknown = true }
                return
            }
            let kept = map
            map = .identity
            for raw in statements["stmts"]?.items ?? [] {
                guard let (kind, node) = raw["stmt"]?.tagged else { continue }
                createdRelation(kind, node)
            }
            map = kept
            return
        }
        // The statement's first word is written in the body (`format('%s', sql)` hides it).
        guard let lead = Self.leadingConstant(value), lead.drop(while: { $0.isWhitespace || $0 == "(" }).first?.isLetter == true else {
            createsUnknown = true
            return
        }
        var constants: [String] = []
        value.forEachTagged { kind, body, _ in
            if kind == "A_Const", let text = body["sval"]?["sval"]?.string ?? body["sval"]?.string { constants.append(text) }
        }
        if constants.contains(where: Self.mayCreate) { createsUnknown = true }
    }

    /// The text of a string constant (`'…'`, `E'…'`, `$q$…$q$`).
    private static func stringConstant(_ node: PgNode) -> String? {
        guard let constant = node.node("A_Const") else { return nil }
        return constant["sval"]?["sval"]?.string ?? constant["sval"]?.string
    }

    /// The string constant an SQL text built at run time starts with: the constant itself, `format`'s template, the
    /// first operand of `||`. Nil when it starts with something else (a variable, another function's value).
    private static func leadingConstant(_ node: PgNode) -> String? {
        if let text = stringConstant(node) { return text }
        if let call = node.node("FuncCall"), (call["funcname"]?.items ?? []).last?.stringValue?.lowercased() == "format",
           let first = call["args"]?.items.first {
            return stringConstant(first)
        }
        if let expression = node.node("A_Expr"), (expression["name"]?.items ?? []).last?.stringValue == "||", let left = expression["lexpr"] {
            return leadingConstant(left)
        }
        if let cast = node.node("TypeCast"), let argument = cast["arg"] { return leadingConstant(argument) }
        return nil
    }

    /// Whether SQL text (or a piece of it) may create or rename a relation.
    private static func mayCreate(_ text: String) -> Bool {
        let words = SchemaStatement.words(text)
        if words.contains("rename") || (words.contains("import") && words.contains("foreign")) { return true }
        return words.contains("create") && !words.isDisjoint(with: ["table", "view", "sequence"])
    }

    private mutating func statement(_ kind: String, _ node: PgNode, chain: [Scope], ctes: Set<String>) {
        switch kind {
        case "SelectStmt": select(node, chain: chain, ctes: ctes)
        case "InsertStmt": insert(node, chain: chain, ctes: ctes)
        case "UpdateStmt": update(node, chain: chain, ctes: ctes)
        case "DeleteStmt": delete(node, chain: chain, ctes: ctes)
        default: break
        }
    }

    /// The CTEs of a `WITH`: their names are visible to the statement (and to one another, `RECURSIVE` or not: a
    /// name that is no CTE is only ever not judged), their bodies judged.
    private mutating func with(_ clause: PgNode?, chain: [Scope], ctes: Set<String>) -> Set<String> {
        guard let clause = clause.map({ $0.node("WithClause") ?? $0 }) else { return ctes }
        let entries = (clause["ctes"]?.items ?? []).compactMap { $0.node("CommonTableExpr") }
        let visible = ctes.union(entries.compactMap { $0["ctename"]?.string })
        for entry in entries {
            guard let (kind, body) = entry["ctequery"]?.tagged else { continue }
            statement(kind, body, chain: chain, ctes: visible)
        }
        return visible
    }

    private mutating func select(_ node: PgNode, chain: [Scope], ctes: Set<String>) {
        let ctes = with(node["withClause"], chain: chain, ctes: ctes)
        if let op = node["op"]?.string, op != "SETOP_NONE" {
            for side in ["larg", "rarg"] {
                if let arm = node[side] { select(arm.node("SelectStmt") ?? arm, chain: chain, ctes: ctes) }
            }
            return
        }
        for row in node["valuesLists"]?.items ?? [] { expression(row, chain: chain, ctes: ctes, role: .selected) }
        var scope = Scope()
        for item in node["fromClause"]?.items ?? [] { fromItem(item, into: &scope, chain: chain, ctes: ctes) }
        let inner = chain + [scope]
        let targets = node["targetList"]?.items ?? []
        let aliases = Set(targets.compactMap { $0.node("ResTarget")?["name"]?.string })
        for target in targets { expression(target.node("ResTarget")?["val"], chain: inner, ctes: ctes, role: .selected) }
        expression(node["whereClause"], chain: inner, ctes: ctes, role: .filtered)
        expression(node["havingClause"], chain: inner, ctes: ctes, role: .filtered)
        for item in node["distinctClause"]?.items ?? [] { expression(item, chain: inner, ctes: ctes, role: .selected) }
        // `GROUP BY` and `ORDER BY` may name an output column's alias.
        for item in node["groupClause"]?.items ?? [] { expression(item, chain: inner, ctes: ctes, role: .ordered, aliases: aliases) }
        for item in node["sortClause"]?.items ?? [] {
            expression(item.node("SortBy")?["node"] ?? item, chain: inner, ctes: ctes, role: .ordered, aliases: aliases)
        }
    }

    /// One `FROM` entry: what it makes visible, and the names its subqueries and join conditions use.
    private mutating func fromItem(_ item: PgNode, into scope: inout Scope, chain: [Scope], ctes: Set<String>) {
        guard let (kind, body) = item.tagged else { return }
        switch kind {
        case "RangeVar":
            let visible = body["alias"]?["aliasname"]?.string ?? body["relname"]?.string ?? ""
            let item = relation(body, ctes: ctes, role: .relation)
            // `FROM t AS x(a, b)` renames the columns: its names are not the table's.
            scope.items.append((visible, (body["alias"]?["colnames"]?.items.isEmpty ?? true) ? item : .opaque))
        case "RangeSubselect":
            if let (kind, query) = body["subquery"]?.tagged {
                // A `LATERAL` subquery also sees the entries before it: none of its unqualified names is then judged.
                let reach = body["lateral"]?.isTrue == true ? chain + [scope, Scope(items: [("", .opaque)])] : chain
                statement(kind, query, chain: reach, ctes: ctes)
            }
            scope.items.append((body["alias"]?["aliasname"]?.string ?? "", .opaque))
        case "JoinExpr":
            var joined = Scope()
            if let left = body["larg"] { fromItem(left, into: &joined, chain: chain, ctes: ctes) }
            if let right = body["rarg"] { fromItem(right, into: &joined, chain: chain, ctes: ctes) }
            expression(body["quals"], chain: chain + [Scope(items: scope.items + joined.items)], ctes: ctes, role: .filtered)
            if let alias = body["alias"]?["aliasname"]?.string {
                // An alias on a join hides the names inside it.
                scope.items.append((alias, .opaque))
            } else {
                scope.items += joined.items
            }
        default:
            // A function (`RangeFunction`), `XMLTABLE`, a sample: columns of their own.
            scope.items.append((body["alias"]?["aliasname"]?.string ?? "", .opaque))
        }
    }

    /// A relation a statement names: its use, and what it makes visible.
    private mutating func relation(_ rangeVar: PgNode, ctes: Set<String>, role: BodyName.Role) -> Item {
        guard let name = rangeVar["relname"]?.string else { return .opaque }
        let schema: String
        if let written = rangeVar["schemaname"]?.string {
            schema = written
            // Not called missing: a string the body runs may have created it.
            if createsUnknown { return created.contains(name) ? .opaque : .relation(schema: schema, name: name) }
        } else if createsUnknown {
            return .opaque
        } else {
            // A CTE, a relation the body creates, one of `pg_catalog` (searched first), or a search path not followed.
            guard !ctes.contains(name), !created.contains(name), !name.hasPrefix("pg_"), let searchSchema else { return .opaque }
            schema = searchSchema
        }
        guard !created.contains(name) else { return .opaque }
        // At the relation's own name, past its schema (and catalog).
        var at = map.fileOffset(rangeVar["location"]?.int ?? 0)
        let qualifiers = (rangeVar["schemaname"] != nil ? 1 : 0) + (rangeVar["catalogname"] != nil ? 1 : 0)
        if qualifiers > 0 { at = Self.skipQualifiers(qualifiers, in: source.utf8, from: at) }
        names.append(BodyName(schema: schema, relation: name, column: nil, role: role, location: source.location(ofByte: at)))
        return .relation(schema: schema, name: name)
    }

    private mutating func insert(_ node: PgNode, chain: [Scope], ctes: Set<String>) {
        let ctes = with(node["withClause"], chain: chain, ctes: ctes)
        guard let target = node["relation"] else { return }
        let item = relation(target, ctes: ctes, role: .relation)
        let visible = target["alias"]?["aliasname"]?.string ?? target["relname"]?.string ?? ""
        for column in node["cols"]?.items ?? [] {
            guard let column = column.node("ResTarget"), let name = column["name"]?.string else { continue }
            use(item, name, role: .written, at: column["location"]?.int)
        }
        // `VALUES` and the `SELECT` that feeds the insert do not see its target.
        if let (kind, query) = node["selectStmt"]?.tagged { statement(kind, query, chain: chain, ctes: ctes) }
        let own = chain + [Scope(items: [(visible, item)])]
        if let conflict = node["onConflictClause"].map({ $0.node("OnConflictClause") ?? $0 }) {
            let infer = conflict["infer"].map { $0.node("InferClause") ?? $0 }
            for element in infer?["indexElems"]?.items ?? [] {
                guard let name = element.node("IndexElem")?["name"]?.string else { continue }
                use(item, name, role: .conflict, at: infer?["location"]?.int, find: name)
            }
            expression(infer?["whereClause"], chain: own, ctes: ctes, role: .filtered)
            // `DO UPDATE SET` sees the target and `excluded` (the row proposed).
            let update = chain + [Scope(items: [(visible, item), ("excluded", item)])]
            for target in conflict["targetList"]?.items ?? [] {
                guard let target = target.node("ResTarget") else { continue }
                if let name = target["name"]?.string { use(item, name, role: .written, at: target["location"]?.int) }
                expression(target["val"], chain: update, ctes: ctes, role: .selected)
            }
            expression(conflict["whereClause"], chain: update, ctes: ctes, role: .filtered)
        }
        for target in node["returningList"]?.items ?? [] {
            expression(target.node("ResTarget")?["val"], chain: own, ctes: ctes, role: .returned)
        }
    }

    private mutating func update(_ node: PgNode, chain: [Scope], ctes: Set<String>) {
        let ctes = with(node["withClause"], chain: chain, ctes: ctes)
        guard let target = node["relation"] else { return }
        let item = relation(target, ctes: ctes, role: .relation)
        var scope = Scope(items: [(target["alias"]?["aliasname"]?.string ?? target["relname"]?.string ?? "", item)])
        for entry in node["fromClause"]?.items ?? [] { fromItem(entry, into: &scope, chain: chain, ctes: ctes) }
        let inner = chain + [scope]
        for set in node["targetList"]?.items ?? [] {
            guard let set = set.node("ResTarget") else { continue }
            if let name = set["name"]?.string { use(item, name, role: .written, at: set["location"]?.int) }
            expression(set["val"], chain: inner, ctes: ctes, role: .selected)
        }
        expression(node["whereClause"], chain: inner, ctes: ctes, role: .filtered)
        for target in node["returningList"]?.items ?? [] {
            expression(target.node("ResTarget")?["val"], chain: inner, ctes: ctes, role: .returned)
        }
    }

    private mutating func delete(_ node: PgNode, chain: [Scope], ctes: Set<String>) {
        let ctes = with(node["withClause"], chain: chain, ctes: ctes)
        guard let target = node["relation"] else { return }
        let item = relation(target, ctes: ctes, role: .relation)
        var scope = Scope(items: [(target["alias"]?["aliasname"]?.string ?? target["relname"]?.string ?? "", item)])
        for entry in node["usingClause"]?.items ?? [] { fromItem(entry, into: &scope, chain: chain, ctes: ctes) }
        let inner = chain + [scope]
        expression(node["whereClause"], chain: inner, ctes: ctes, role: .filtered)
        for target in node["returningList"]?.items ?? [] {
            expression(target.node("ResTarget")?["val"], chain: inner, ctes: ctes, role: .returned)
        }
    }

    // MARK: - Expressions

    /// Every column reference of an expression; a subquery (`EXISTS (…)`, `IN (…)`, `(SELECT …)`) judged in the
    /// scopes around it.
    private mutating func expression(_ node: PgNode?, chain: [Scope], ctes: Set<String>, role: BodyName.Role,
                                     aliases: Set<String> = []) {
        guard let node else { return }
        switch node {
        case .array(let list):
            for item in list { expression(item, chain: chain, ctes: ctes, role: role, aliases: aliases) }
        case .object(let fields):
            if let (kind, body) = node.tagged {
                switch kind {
                case "ColumnRef":
                    columnRef(body, chain: chain, role: role, aliases: aliases)
                case "SubLink":
                    expression(body["testexpr"], chain: chain, ctes: ctes, role: role, aliases: aliases)
                    if let (kind, query) = body["subselect"]?.tagged { statement(kind, query, chain: chain, ctes: ctes) }
                case "SelectStmt", "InsertStmt", "UpdateStmt", "DeleteStmt":
                    statement(kind, body, chain: chain, ctes: ctes)
                default:
                    expression(body, chain: chain, ctes: ctes, role: role, aliases: aliases)
                }
            } else {
                for (_, value) in fields.entries { expression(value, chain: chain, ctes: ctes, role: role, aliases: aliases) }
            }
        default:
            break
        }
    }

    private mutating func columnRef(_ ref: PgNode, chain: [Scope], role: BodyName.Role, aliases: Set<String>) {
        let fields = ref["fields"]?.items ?? []
        let parts = fields.compactMap(\.stringValue)
        guard parts.count == fields.count else { return }  // `t.*`, `*`
        switch parts.count {
        case 1:
            let name = parts[0]
            guard let variables, !variables.contains(name), !Self.builtins.contains(name), !aliases.contains(name) else { return }
            let reach = chain.flatMap(\.items)
            // A whole-row reference (`SELECT t FROM t`), or more or less than one relation in reach.
            guard !reach.contains(where: { $0.visible == name }), reach.count == 1 else { return }
            use(reach[0].item, name, role: role, at: ref["location"]?.int)
        case 2:
            let (qualifier, name) = (parts[0], parts[1])
            // A record variable (`NEW.x`, `r.x`) or a parameter qualified by its function's name is no relation.
            if variables?.contains(qualifier) != false || Self.builtins.contains(qualifier) { return }
            for scope in chain.reversed() {
                guard let found = scope.items.last(where: { $0.visible == qualifier }) else { continue }
                use(found.item, name, role: role, at: ref["location"]?.int, qualifiers: 1)
                return
            }
        default:
            return
        }
    }

    /// A column of `item` used at fragment offset `offset` (nil: no location given, nothing judged). `qualifiers`:
    /// how many names (`t.`) come before the column's own at that offset; `find`: the column's name, looked for
    /// after the offset (an `ON CONFLICT (a)` list, whose names carry no location).
    private mutating func use(_ item: Item, _ column: String, role: BodyName.Role, at offset: Int?, qualifiers: Int = 0,
                              find: String? = nil) {
        guard case .relation(let schema, let name) = item, let offset else { return }
        var at = map.fileOffset(offset)
        if qualifiers > 0 { at = Self.skipQualifiers(qualifiers, in: source.utf8, from: at) }
        if let find { at = Self.find(find, in: source.utf8, from: at) ?? at }
        names.append(BodyName(schema: schema, relation: name, column: column, role: role, location: source.location(ofByte: at)))
    }

    private func location(_ offset: Int) -> SourceLocation { source.location(offset, map) }

    /// The offset of the last name of `a.b` (or `"A" . b`) whose first name starts at `from`; `from` when the text there
    /// is not such a name.
    static func skipQualifiers(_ count: Int, in bytes: [UInt8], from: Int) -> Int {
        var at = from
        for _ in 0 ..< count {
            guard at < bytes.count else { return from }
            if bytes[at] == UInt8(ascii: "\"") {
                at += 1
                while at < bytes.count {
                    if bytes[at] == UInt8(ascii: "\"") {
                        if at + 1 < bytes.count, bytes[at + 1] == UInt8(ascii: "\"") { at += 2; continue }
                        break
                    }
                    at += 1
                }
                at += 1
            } else {
                let start = at
                while at < bytes.count, isWordByte(bytes[at]) { at += 1 }
                guard at > start else { return from }
            }
            while at < bytes.count, isSpace(bytes[at]) { at += 1 }
            guard at < bytes.count, bytes[at] == UInt8(ascii: ".") else { return from }
            at += 1
            while at < bytes.count, isSpace(bytes[at]) { at += 1 }
        }
        return at
    }

    /// The offset of `word` as a whole word (any case) within 400 bytes after `from`.
    static func find(_ word: String, in bytes: [UInt8], from: Int) -> Int? {
        let needle = Array(word.utf8)
        guard !needle.isEmpty, from >= 0 else { return nil }
        var at = from
        let end = min(bytes.count, from + 400)
        while at + needle.count <= end {
            let before = at == 0 || !isWordByte(bytes[at - 1])
            let after = at + needle.count == bytes.count || !isWordByte(bytes[at + needle.count])
            if before, after, (0 ..< needle.count).allSatisfy({ bytes[at + $0] | 0x20 == needle[$0] | 0x20 }) { return at }
            at += 1
        }
        return nil
    }

    private static func isWordByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "_") || b == UInt8(ascii: "$") || b >= 0x80
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    // MARK: - The function's context

    /// The parameter names of a `CREATE FUNCTION` (lowercased as PostgreSQL folds them: the parser already has).
    static func parameters(of definition: PgNode) -> [String] {
        (definition["parameters"]?.items ?? []).compactMap { $0.node("FunctionParameter")?["name"]?.string }
    }

    /// The schema unqualified relation names of the function resolve to: `public`, or the one schema its
    /// `SET search_path` names besides `pg_temp`, `$user` and Supabase's own (`extensions`, whose relations are unknown
    /// anyway); nil when it names none (`''`) or several (not judged).
    static func searchSchema(of definition: PgNode) -> String? {
        for option in definition["options"]?.items ?? [] {
            guard let set = option.node("DefElem"), set["defname"]?.string == "set",
                  let statement = set["arg"]?.node("VariableSetStmt"), statement["name"]?.string == "search_path" else { continue }
            guard statement["kind"]?.string == "VAR_SET_VALUE" else { return statement["kind"]?.string == "VAR_SET_DEFAULT" ? "public" : nil }
            var schemas: [String] = []
            for argument in statement["args"]?.items ?? [] {
                guard let text = argument.node("A_Const")?["sval"]?["sval"]?.string ?? argument.node("A_Const")?["sval"]?.string else { continue }
                for part in text.split(separator: ",") {
                    let name = String(part.drop { $0 == " " || $0 == "\"" }.reversed().drop { $0 == " " || $0 == "\"" }.reversed())
                    if !name.isEmpty, name != "pg_temp", name != "$user", !SchemaReplay.platformSchemas.contains(name) { schemas.append(name) }
                }
            }
            return schemas.count == 1 ? schemas[0] : nil
        }
        return "public"
    }
}
