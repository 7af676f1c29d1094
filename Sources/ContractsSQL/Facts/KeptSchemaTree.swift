import ContractsCore

/// What a schema statement of a kind `SchemaOperation` does not read into plain values (a view, `CREATE TABLE … AS`,
/// `ALTER TABLE`, a rename, `SET SCHEMA`, a schema, an extension) keeps of its tree (`SchemaStatement.node`): only
/// what `SchemaReplay` reads of its kind, so each migration's schema statements, remembered in the memo's bundle and
/// decoded on every run (`MigrationFactsCodec`), stay small.
///
/// A statement kind's kept fields are those its `SchemaReplay` step reads, nothing else: no locations, no CHECK,
/// index or policy expressions; a default expression is only whether it is a NULL constant
/// (`SchemaReplay.isNullConstant`). A statement that changes nothing the replay follows (an `ALTER TABLE … ENABLE ROW
/// LEVEL SECURITY`, a rename of an index or a type) keeps nothing (nil).
///
/// A view's query (`SchemaReplay.readSelect`) keeps what names its columns and what it depends on, not its
/// expressions:
/// - each output column's name-deciding spine (`SchemaReplay.figureColumnName`: the column reference, the function's
///   name, the cast's type name, the CASE's ELSE result, a scalar subquery's first column);
/// - its FROM items (relations with their aliases, joins with their USING/NATURAL/alias, other items with their alias);
/// - every other part (WHERE, GROUP BY, HAVING, ORDER BY, join conditions, function arguments) reduced to the column
///   references of the query's own level, each once, and one `SubLink` mark when it holds a subquery (the replay
///   then knows the view's dependencies only in part);
/// - its CTEs' names, the first VALUES row's width, the sides of a UNION;
/// - every relation the query names anywhere (`_reads`: a view is dropped with them by `CASCADE`).
///
/// `SchemaReplayKeptTests` replays every fixture's migrations from these trees and from the whole ones: the same
/// schema and the same errors.
enum KeptSchemaTree {
    typealias Entry = (key: String, value: PgNode)

    /// The tree `SchemaReplay` reads of a statement of `kind`; nil when the replay would change nothing for it.
    static func kept(_ kind: String, _ node: PgNode) -> PgNode? {
        switch kind {
        case "AlterTableStmt": return alterTable(node)
        case "RenameStmt": return rename(node)
        case "ViewStmt":
            return fields(node, ["view", "query", "aliases", "replace"]) { key, value in
                switch key {
                case "view": return rangeVar(value)
                case "query": return query(value)
                default: return bare(value)
                }
            }
        case "CreateTableAsStmt":
            return fields(node, ["into", "query", "if_not_exists", "objtype"]) { key, value in
                switch key {
                case "into":
                    return retagged(value, "IntoClause") { into in
                        fields(into, ["rel", "colNames"]) { key, value in key == "rel" ? rangeVar(value) : bare(value) }
                    }
                case "query": return query(value)
                default: return value
                }
            }
        case "CreateSchemaStmt":
            // Only whether it creates objects of its own (`CREATE SCHEMA s CREATE TABLE …`) is read of its elements.
            return fields(node, ["schemaname", "schemaElts"]) { key, value in
                key == "schemaElts" ? (value.items.isEmpty ? nil : .array([.number(1)])) : value
            }
        case "AlterObjectSchemaStmt":
            guard relationKinds.contains(node["objectType"]?.string ?? "") || functionKinds.contains(node["objectType"]?.string ?? "")
                    || node["objectType"]?.string == "OBJECT_EXTENSION"
            else { return nil }
            return fields(node, ["newschema", "objectType", "relation", "object"]) { key, value in
                switch key {
                case "relation": return rangeVar(value)
                case "object": return value.stringValue != nil ? value : retagged(value, "ObjectWithArgs", objectWithArgs)
                default: return value
                }
            }
        case "CreateExtensionStmt":
            // Its name, and the schema it installs into (`WITH SCHEMA x`).
            return fields(node, ["extname", "options"]) { key, value in
                guard key == "options" else { return value }
                return mapItems(value) { option in
                    guard let element = option.node("DefElem"), element["defname"]?.string == "schema" else { return nil }
                    return tag("DefElem", fields(element, ["defname", "arg"]) { bare($1) })
                }
            }
        case "CreateSeqStmt":
            return fields(node, ["sequence", "if_not_exists"]) { key, value in key == "sequence" ? rangeVar(value) : value }
        case "ImportForeignSchemaStmt":
            return fields(node, ["local_schema"]) { $1 }
        default:
            return nil
        }
    }

    private static let relationKinds: Set<String> = ["OBJECT_TABLE", "OBJECT_VIEW", "OBJECT_MATVIEW", "OBJECT_FOREIGN_TABLE", "OBJECT_SEQUENCE"]
    private static let functionKinds: Set<String> = ["OBJECT_FUNCTION", "OBJECT_PROCEDURE"]

    // MARK: - Tables

    private static func columnDefinition(_ body: PgNode) -> PgNode {
        fields(body, ["colname", "typeName", "constraints"]) { key, value in
            switch key {
            case "typeName": return typeName(value)
            case "constraints": return mapItems(value) { item in item.node("Constraint").flatMap(constraint).map { tag("Constraint", $0) } }
            default: return value
            }
        }
    }

    /// A constraint as `SchemaReplay` reads it (a column's NOT NULL, default, identity, generated value, a primary
    /// or foreign key); nil for the kinds it does not read (CHECK, UNIQUE, EXCLUDE, …).
    private static func constraint(_ body: PgNode) -> PgNode? {
        switch body["contype"]?.string {
        case "CONSTR_PRIMARY": return fields(body, ["contype", "keys"]) { bare($1) }
        case "CONSTR_FOREIGN":
            return fields(body, ["contype", "conname", "fk_attrs", "pk_attrs", "pktable"]) { key, value in
                key == "pktable" ? rangeVar(value) : bare(value)
            }
        case "CONSTR_DEFAULT":
            return fields(body, ["contype", "raw_expr"]) { key, value in key == "raw_expr" ? defaultMarker(value) : value }
        case "CONSTR_NOTNULL", "CONSTR_NULL", "CONSTR_IDENTITY", "CONSTR_GENERATED": return fields(body, ["contype"]) { $1 }
        default: return nil
        }
    }

    /// The `ALTER TABLE` commands `SchemaReplay.alterTable` follows.
    private static let alterCommands: Set<String> = [
        "AT_AddColumn", "AT_DropColumn", "AT_AlterColumnType", "AT_SetNotNull", "AT_DropNotNull", "AT_ColumnDefault",
        "AT_AddIdentity", "AT_DropIdentity", "AT_AddConstraint", "AT_DropConstraint", "AT_AddInherit", "AT_DropInherit",
        "AT_AddOf", "AT_DropOf",
    ]

    private static func alterTable(_ node: PgNode) -> PgNode? {
        let commands = mapItems(node["cmds"] ?? .array([])) { item -> PgNode? in
            guard let command = item.node("AlterTableCmd"), let subtype = command["subtype"]?.string, alterCommands.contains(subtype) else { return nil }
            return tag("AlterTableCmd", fields(command, ["subtype", "name", "missing_ok", "behavior", "def"]) { key, value in
                guard key == "def" else { return value }
                switch subtype {
                case "AT_AddColumn": return retagged(value, "ColumnDef", columnDefinition)
                case "AT_AlterColumnType":
                    return retagged(value, "ColumnDef") { fields($0, ["typeName"]) { typeName($1) } }
                case "AT_ColumnDefault": return defaultMarker(value)
                case "AT_AddConstraint": return value.node("Constraint").flatMap(constraint).map { tag("Constraint", $0) }
                default: return nil
                }
            })
        }
        // Nothing the replay follows (`ENABLE ROW LEVEL SECURITY`, `OWNER TO`, an index or a CHECK added).
        guard !commands.items.isEmpty else { return nil }
        return fields(node, ["relation", "missing_ok", "cmds"]) { key, value in
            switch key {
            case "relation": return rangeVar(value)
            case "cmds": return commands
            default: return value
            }
        }
    }

    private static func rename(_ node: PgNode) -> PgNode? {
        let kind = node["renameType"]?.string ?? ""
        guard relationKinds.contains(kind) || functionKinds.contains(kind)
            || ["OBJECT_COLUMN", "OBJECT_TABCONSTRAINT", "OBJECT_SCHEMA"].contains(kind) else { return nil }
        return fields(node, ["renameType", "relation", "subname", "newname", "object"]) { key, value in
            switch key {
            case "relation": return rangeVar(value)
            case "object": return retagged(value, "ObjectWithArgs", objectWithArgs)
            default: return value
            }
        }
    }

    private static func objectWithArgs(_ body: PgNode) -> PgNode {
        fields(body, ["objname", "objargs", "args_unspecified"]) { key, value in
            key == "objargs" ? mapItems(value, typeName) : bare(value)
        }
    }

    /// A `TypeName` (tagged or not) as `SchemaReplay.formatType` reads it.
    private static func typeName(_ node: PgNode) -> PgNode {
        retagged(node, "TypeName") { body in
            fields(body, ["names", "typmods", "arrayBounds", "pct_type", "setof"]) { bare($1) }
        }
    }

    private static func rangeVar(_ node: PgNode) -> PgNode {
        retagged(node, "RangeVar") { body in
            // Only a temporary relation's persistence is read (the replay keeps no temporary relation).
            fields(body, ["relname", "schemaname", "relpersistence", "alias"]) { key, value in
                key == "alias" ? alias(value) : key == "relpersistence" && value.string != "t" ? nil : value
            }
        }
    }

    private static func alias(_ body: PgNode) -> PgNode {
        fields(body, ["aliasname", "colnames"]) { bare($1) }
    }

    /// A default expression: a NULL constant stays one, anything else is `1`.
    private static func defaultMarker(_ expression: PgNode) -> PgNode {
        SchemaReplay.isNullConstant(expression)
            ? tag("A_Const", .object(PgFields([(key: "isnull", value: .number(1))])))
            : .number(1)
    }

    // MARK: - Queries

    /// A view's query (a tagged `SelectStmt`); another statement (`CREATE TABLE … AS EXECUTE`) keeps only its kind.
    private static func query(_ node: PgNode) -> PgNode {
        guard let (kind, body) = node.tagged else { return .null }
        return tag(kind, kind == "SelectStmt" ? select(body) : .object(PgFields([])))
    }

    /// A `SelectStmt`'s body as `SchemaReplay.readSelect` reads it.
    static func select(_ body: PgNode) -> PgNode {
        var entries: [Entry] = []
        if let op = body["op"], op.string != "SETOP_NONE" { entries.append((key: "op", value: op)) }
        for key in ["larg", "rarg"] {
            guard let side = body[key] else { continue }
            entries.append((key: key, value: side.node("SelectStmt").map { tag("SelectStmt", select($0)) } ?? select(side)))
        }
        if let ctes = body["withClause"]?["ctes"] {
            let names = mapItems(ctes) { cte -> PgNode? in
                guard let name = cte.node("CommonTableExpr")?["ctename"] else { return nil }
                return tag("CommonTableExpr", .object(PgFields([(key: "ctename", value: name)])))
            }
            entries.append((key: "withClause", value: .object(PgFields([(key: "ctes", value: names)]))))
        }
        if let first = body["valuesLists"]?.items.first {
            // Only the first row's width names the columns (`column1`, …).
            let row = PgNode.array(Array(repeating: .null, count: first.items.count))
            entries.append((key: "valuesLists", value: .array([tag("List", .object(PgFields([(key: "items", value: row)])))])))
        }
        if let from = body["fromClause"] { entries.append((key: "fromClause", value: mapItems(from, fromItem))) }
        if let targets = body["targetList"] { entries.append((key: "targetList", value: mapItems(targets, target))) }
        for key in ["whereClause", "groupClause", "havingClause", "sortClause"] {
            guard let part = body[key], let refs = references(part) else { continue }
            entries.append((key: key, value: refs))
        }
        var kept = PgNode.object(PgFields(entries))
        // Every relation named anywhere in the query (subqueries, CTEs, other VALUES rows), each once, as the replay
        // collects them for `reads`.
        func key(_ rangeVar: PgNode) -> String? {
            guard let name = rangeVar["relname"]?.string else { return nil }
            return (rangeVar["schemaname"]?.string.map { $0 + "." } ?? "\u{0}") + name
        }
        var present: Set<String> = []
        kept.forEachTagged { kind, body, _ in
            if kind == "RangeVar", let key = key(body) { present.insert(key) }
        }
        var reads: [PgNode] = []
        body.forEachTagged { kind, body, _ in
            guard kind == "RangeVar", let key = key(body), present.insert(key).inserted else { return }
            reads.append(tag("RangeVar", fields(body, ["relname", "schemaname"]) { $1 }))
        }
        if !reads.isEmpty {
            entries.append((key: "_reads", value: .array(reads)))
            kept = .object(PgFields(entries))
        }
        return kept
    }

    /// A FROM item as `readSelect`'s `visitFrom` reads it, with the column references of its conditions and arguments.
    private static func fromItem(_ node: PgNode) -> PgNode? {
        guard let (kind, body) = node.tagged else { return node }
        switch kind {
        case "RangeVar":
            return rangeVar(node)
        case "JoinExpr":
            var entries: [Entry] = []
            for key in ["usingClause", "isNatural"] { if let value = body[key] { entries.append((key: key, value: bare(value))) } }
            if let value = body["alias"] { entries.append((key: "alias", value: alias(value))) }
            for key in ["larg", "rarg"] { if let side = body[key], let kept = fromItem(side) { entries.append((key: key, value: kept)) } }
            if let refs = references(body, except: ["usingClause", "isNatural", "alias", "larg", "rarg"]) {
                entries.append((key: "_refs", value: refs))
            }
            return tag(kind, .object(PgFields(entries)))
        default:
            // A subquery, a function, a sample: its alias names it; what it reads is not followed.
            var entries: [Entry] = []
            if let value = body["alias"] { entries.append((key: "alias", value: alias(value))) }
            if let refs = references(body, except: ["alias"]) { entries.append((key: "_refs", value: refs)) }
            return tag(kind, .object(PgFields(entries)))
        }
    }

    /// An output column: its alias, the spine of its value that names it, and the column references of the rest.
    private static func target(_ item: PgNode) -> PgNode? {
        guard let (kind, body) = item.tagged else { return references(item) ?? .array([]) }
        guard kind == "ResTarget" else { return tag(kind, .object(PgFields(references(body).map { [(key: "_refs", value: $0)] } ?? []))) }
        var entries: [Entry] = []
        if let name = body["name"] { entries.append((key: "name", value: name)) }
        if let value = body["val"] { entries.append((key: "val", value: spine(value))) }
        if let refs = references(body, except: ["name", "val"]) { entries.append((key: "_refs", value: refs)) }
        return tag(kind, .object(PgFields(entries)))
    }

    /// The fields of an expression `SchemaReplay.figureColumnName` reads, by kind (`arg` and `defresult` are
    /// expressions of their own, kept the same way).
    private static let nameFields: [String: Set<String>] = [
        "ColumnRef": ["fields"], "A_Indirection": ["arg", "indirection"], "FuncCall": ["funcname"], "A_Expr": ["kind"],
        "TypeCast": ["arg", "typeName"], "CollateClause": ["arg"], "CaseExpr": ["defresult"], "MinMaxExpr": ["op"],
        "SQLValueFunction": ["op"],
    ]

    /// An expression as `figureColumnName` reads it, with the column references it holds (`_refs`) for `readSelect`.
    private static func spine(_ node: PgNode) -> PgNode {
        guard let (kind, body) = node.tagged else { return bare(node) }
        if kind == "ColumnRef" { return tag(kind, fields(body, ["fields"]) { bare($1) }) }
        if kind == "SubLink" {
            // The replay knows nothing of the query's dependencies past a subquery, so no references are kept; a
            // scalar subquery is named by its first column.
            var entries: [Entry] = []
            if let type = body["subLinkType"] { entries.append((key: "subLinkType", value: type)) }
            if let select = body["subselect"]?.node("SelectStmt") {
                var inner: [Entry] = []
                if let targets = select["targetList"] {
                    inner.append((key: "targetList", value: .array(targets.items.first.flatMap(target).map { [$0] } ?? [])))
                }
                entries.append((key: "subselect", value: tag("SelectStmt", .object(PgFields(inner)))))
            }
            return tag(kind, .object(PgFields(entries)))
        }
        let named = nameFields[kind] ?? []
        var entries: [Entry] = []
        for (key, value) in (body.objectEntries ?? []) where named.contains(key) {
            switch key {
            case "arg", "defresult": entries.append((key: key, value: spine(value)))
            case "typeName": entries.append((key: key, value: fields(value, ["names"]) { bare($1) }))
            case "indirection":
                entries.append((key: key, value: mapItems(value) { item in
                    item.stringValue != nil || item.node("A_Star") != nil ? bare(item) : item.tagged.map { tag($0.kind, .object(PgFields([]))) } ?? .null
                }))
            default: entries.append((key: key, value: bare(value)))
            }
        }
        if let refs = references(body, except: ["arg", "defresult"]) { entries.append((key: "_refs", value: refs)) }
        return tag(kind, .object(PgFields(entries)))
    }

    /// The column references of `node` at this query level (`readSelect`'s `collect`), each once, and a `SubLink` mark
    /// when it holds a subquery; nil when there are none.
    private static func references(_ node: PgNode, except: Set<String> = []) -> PgNode? {
        var found: [PgNode] = [], seen: Set<String> = [], subquery = false
        func walk(_ node: PgNode) {
            switch node {
            case .object(let entries):
                if let (kind, body) = node.tagged {
                    if kind == "SubLink" || kind == "RangeSubselect" || kind == "SelectStmt" {
                        subquery = true
                        return
                    }
                    if kind == "ColumnRef" {
                        let kept = tag(kind, fields(body, ["fields"]) { bare($1) })
                        let parts = (body["fields"]?.items ?? []).map { $0.stringValue.map { "s" + $0 } ?? ($0.node("A_Star") != nil ? "*" : nil) }
                        if parts.allSatisfy({ $0 != nil }) {
                            guard seen.insert(parts.map { $0! }.joined(separator: "\u{0}")).inserted else { return }
                        }
                        found.append(kept)
                        return
                    }
                    walk(body)
                } else {
                    for entry in entries.entries { walk(entry.value) }
                }
            case .array(let list):
                for item in list { walk(item) }
            default:
                break
            }
        }
        if except.isEmpty {
            walk(node)
        } else {
            for (key, value) in node.objectEntries ?? [] where !except.contains(key) { walk(value) }
        }
        if subquery { found.append(tag("SubLink", .object(PgFields([])))) }
        return found.isEmpty ? nil : .array(found)
    }

    // MARK: - Trees

    private static func tag(_ kind: String, _ body: PgNode) -> PgNode {
        .object(PgFields([(key: kind, value: body)]))
    }

    /// `body`'s fields named in `keys`, each through `transform` (nil leaves it out).
    private static func fields(_ body: PgNode, _ keys: Set<String>, _ transform: (String, PgNode) -> PgNode?) -> PgNode {
        guard case .object(let fields) = body else { return body }
        var entries: [Entry] = []
        for entry in fields.entries where keys.contains(entry.key) {
            if let value = transform(entry.key, entry.value) { entries.append((key: entry.key, value: value)) }
        }
        return .object(PgFields(entries))
    }

    /// `node` through `transform`, tagged `kind` again if it was (libpg_query writes some nodes tagged, some not).
    private static func retagged(_ node: PgNode, _ kind: String, _ transform: (PgNode) -> PgNode) -> PgNode {
        if let body = node.node(kind) { return tag(kind, transform(body)) }
        return transform(node)
    }

    /// A list (an array, or a tagged `List`) with each item through `transform` (nil leaves it out).
    private static func mapItems(_ node: PgNode, _ transform: (PgNode) -> PgNode?) -> PgNode {
        switch node {
        case .array(let list): return .array(list.compactMap(transform))
        case .object:
            guard let items = node.node("List")?["items"] else { return node }
            return tag("List", .object(PgFields([(key: "items", value: .array(items.items.compactMap(transform)))])))
        default: return node
        }
    }

    /// `node` without its locations.
    private static func bare(_ node: PgNode) -> PgNode {
        switch node {
        case .object(let fields):
            var entries: [Entry] = []
            for entry in fields.entries where entry.key != "location" { entries.append((key: entry.key, value: bare(entry.value))) }
            return .object(PgFields(entries))
        case .array(let items):
            return .array(items.map(bare))
        default:
            return node
        }
    }
}

extension PgNode {
    /// An object's fields, in order; nil for anything else.
    fileprivate var objectEntries: [(key: String, value: PgNode)]? {
        if case .object(let fields) = self { return fields.entries }
        return nil
    }
}
