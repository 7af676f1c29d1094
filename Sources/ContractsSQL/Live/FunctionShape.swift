import Foundation

/// A `CREATE FUNCTION` statement reduced to what the function does, for `db-function-drift`: the migration's
/// text and the live database's `pg_get_functiondef` re-print compare equal when only layout differs.
///
/// `pg_get_functiondef` writes `CREATE OR REPLACE`, qualifies the name, spells types its own way
/// (`integer` for `int`, `timestamp with time zone` for `timestamptz`), prints only non-default options
/// (no `VOLATILE`, no `CALLED ON NULL INPUT`) and keeps the body string as written. So the header is
/// compared part by part (language, result type, parameters, options that differ from the default) and
/// the body as a parse tree without locations, line numbers or comments.
struct FunctionShape: Equatable {
    var language: String
    var returns: PgNode
    var parameters: PgNode
    /// Options that differ from the default, by name (`volatility` → `stable`, `set search_path` → its value).
    var options: [String: String]
    var body: PgNode

    /// The shape of a `CREATE FUNCTION`/`PROCEDURE` statement's text; nil when it does not parse as one.
    static func of(_ text: String) -> FunctionShape? {
        guard case .success(let tree) = PgQuery.parse(text),
              let (kind, node) = tree["stmts"]?.items.first?["stmt"]?.tagged, kind == "CreateFunctionStmt" else { return nil }
        let options = node["options"]?.items.compactMap { $0.node("DefElem") } ?? []
        let option = { (name: String) in options.first { $0["defname"]?.string == name }?["arg"] }
        let language = (option("language")?.stringValue ?? "sql").lowercased()
        return FunctionShape(
            language: language,
            returns: node["returnType"].map(normalized) ?? .null,
            parameters: node["parameters"].map { withoutCasts(normalized($0)) } ?? .null,
            options: applying(options, to: [:]),
            body: body(node, option("as"), language: language, text: text))
    }

    /// The parts that differ, in the order a reader checks them (`body`, `parameters`, ...).
    func differences(from other: FunctionShape) -> [String] {
        var parts: [String] = []
        if language != other.language { parts.append("language") }
        if returns != other.returns { parts.append("result type") }
        if parameters != other.parameters { parts.append("parameters") }
        if options != other.options { parts.append("options") }
        if body != other.body { parts.append("body") }
        return parts
    }

    /// The shape after `ALTER FUNCTION ... <actions>` (a later migration's `SET row_security = off`,
    /// `SECURITY DEFINER`, `STABLE`): what the database holds is the definition with these applied.
    func altered(by actions: [PgNode]) -> FunctionShape {
        var copy = self
        copy.options = Self.applying(actions.compactMap { $0.node("DefElem") }, to: options)
        return copy
    }

    /// `options` with each `DefElem` applied: a default value (`VOLATILE`, `CALLED ON NULL INPUT`, `SECURITY
    /// INVOKER`, which `pg_get_functiondef` leaves out) or `RESET` removes the entry. Language, body, cost
    /// and rows are compared elsewhere or not at all.
    private static func applying(_ elements: [PgNode], to options: [String: String]) -> [String: String] {
        var options = options
        for option in elements {
            guard let name = option["defname"]?.string else { continue }
            let arg = option["arg"]
            let flag = (arg?.node("Boolean")?["boolval"]?.int ?? arg?.node("Integer")?["ival"]?.int ?? 0) != 0
            switch name {
            case "volatility", "parallel":
                let value = (arg?.stringValue ?? "").lowercased()
                options[name] = ["volatile", "unsafe"].contains(value) ? nil : value
            case "strict", "security", "leakproof", "window":
                options[name] = flag ? "on" : nil
            case "set":
                guard let set = arg?.node("VariableSetStmt") else { continue }
                let variable = "set " + (set["name"]?.string ?? "").lowercased()
                switch set["kind"]?.string {
                case "VAR_SET_VALUE":
                    options[variable] = describe(normalized(set["args"] ?? .null))
                case "VAR_RESET_ALL":
                    options = options.filter { !$0.key.hasPrefix("set ") }
                default:
                    options[variable] = nil
                }
            default:
                continue
            }
        }
        return options
    }

    /// A parameter default as `pg_get_functiondef` re-prints it carries casts (`DEFAULT NULL::text`): compared without.
    private static func withoutCasts(_ node: PgNode) -> PgNode {
        switch node {
        case .object(let fields):
            if fields.count == 1, let (kind, body) = fields.first, kind == "TypeCast", let arg = body["arg"] {
                return withoutCasts(arg)
            }
            return .object(PgFields(fields.entries.map { ($0.key, withoutCasts($0.value)) }))
        case .array(let items):
            return .array(items.map(withoutCasts))
        default:
            return node
        }
    }

    private static func body(_ node: PgNode, _ code: PgNode?, language: String, text: String) -> PgNode {
        if let sqlBody = node["sql_body"] { return normalized(sqlBody) }
        guard let code = code?.items.first?.stringValue else { return .null }
        switch language {
        case "plpgsql":
            if case .success(let functions) = PgQuery.parsePLpgSQL(text), let first = functions.first {
                return normalized(first)
            }
        case "sql":
            if case .success(let tree) = PgQuery.parse(code) { return normalized(tree["stmts"] ?? .null) }
        default:
            break
        }
        return .string(collapsed(code))
    }

    /// The tree without what layout changes: locations, PL/pgSQL line numbers, the text of embedded
    /// queries (replaced by their own parse trees), and type names' schema and modifiers.
    static func normalized(_ node: PgNode) -> PgNode {
        switch node {
        case .object(let fields):
            if fields.count == 1, let (kind, body) = fields.first, kind == "TypeName" { return typeName(body) }
            var kept: [(key: String, value: PgNode)] = []
            for (key, value) in fields.entries where !["location", "lineno", "stmt_location", "stmt_len"].contains(key) {
                if key == "query", let query = value.string { kept.append((key, normalizedQuery(query))) }
                else { kept.append((key, normalized(value))) }
            }
            return .object(PgFields(kept))
        case .array(let items):
            return .array(items.map(normalized))
        default:
            return node
        }
    }

    /// `pg_catalog.int4` and `int4`, `public.kind` and `kind`: the last name, setof and array bounds only.
    private static func typeName(_ body: PgNode) -> PgNode {
        let last = body["names"]?.items.last?.stringValue ?? ""
        return .object(PgFields([("type", .string(last)), ("setof", body["setof"] ?? .null),
                                 ("arrayBounds", .number(body["arrayBounds"]?.items.count ?? 0))]))
    }

    /// A PL/pgSQL expression (`NEW.kind = 'x'`, `v := f(1)`, a whole statement) as a parse tree, so its
    /// whitespace and comments do not count; its collapsed text when even `SELECT <expr>` does not parse.
    private static func normalizedQuery(_ query: String) -> PgNode {
        var attempts = [query, "SELECT " + query]
        if let assign = query.range(of: ":=") {
            let target = query[..<assign.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            attempts.insert("SELECT " + query[assign.upperBound...] + " AS \"\(target)\"", at: 0)
        }
        for attempt in attempts {
            if case .success(let tree) = PgQuery.parse(attempt) { return normalized(tree["stmts"] ?? .null) }
        }
        return .string(collapsed(query))
    }

    /// Runs of whitespace as one space, ends trimmed.
    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    private static func describe(_ node: PgNode) -> String {
        switch node {
        case .object(let fields): return "{" + fields.entries.map { "\($0.key):\(describe($0.value))" }.joined(separator: ",") + "}"
        case .array(let items): return "[" + items.map(describe).joined(separator: ",") + "]"
        case .string(let s): return "\"\(s)\""
        case .number(let n): return String(n)
        case .null: return "null"
        }
    }
}
