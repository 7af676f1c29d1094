import Foundation

/// Reads a PL/pgSQL tree (from `pg_query_parse_plpgsql`) into statements: each SQL statement and
/// expression it holds is parsed again with the SQL parser and mapped back into the file.
///
/// PL/pgSQL keeps only line numbers, so each expression's text is found in the body near its line: from
/// the line's start (or after the previous match on that line) through a few lines past it. The search
/// window keeps the search linear in the body's length; scanning from the line to the end of the body on
/// every statement would be quadratic.
struct PLpgSQLReader {
    let body: [UInt8]
    let map: OffsetMap
    let origin: SQLStatement.Origin
    /// Only the SQL statements (`INSERT`, `UPDATE`, `DELETE`, `SELECT`, `WITH`, … as written: a loop's query, `RETURN
    /// QUERY`, `PERFORM`), for the names they use (`BodyNameReader`): no expression, condition or assignment is parsed.
    var statementsOnly = false
    private(set) var statements: [SQLStatement] = []
    /// The text of each `EXECUTE` query (`EXECUTE q`, `FOR … IN EXECUTE q`, `RETURN QUERY EXECUTE q`, `OPEN c FOR
    /// EXECUTE q`): an expression whose value is run as SQL (`BodyNameReader` reads which relations it may create).
    private(set) var dynamic: [String] = []
    /// Byte offset where each line of the body starts (index 0: line 1).
    private let lineStarts: [Int]
    /// Per line, where the last expression found on it ended: the next one on that line usually follows it.
    private var resumeAt: [Int: Int] = [:]
    /// Lines past an expression's own (and past the newlines it holds) that its text may start on.
    static let searchLines = 8

    init(body: [UInt8], map: OffsetMap, origin: SQLStatement.Origin) {
        self.body = body
        self.map = map
        self.origin = origin
        var starts = [0]
        body.withUnsafeBufferPointer { bytes in
            for i in 0 ..< bytes.count where bytes[i] == UInt8(ascii: "\n") { starts.append(i + 1) }
        }
        lineStarts = starts
    }

    mutating func visit(_ node: PgNode, lineno: Int, guard condition: ConstraintGuard?) {
        switch node {
        case .array(let list):
            for item in list { visit(item, lineno: lineno, guard: condition) }
        case .object(let dict):
            guard let (kind, stmt) = node.tagged else {
                for (_, value) in dict.entries { visit(value, lineno: lineno, guard: condition) }  // sorted by key
                return
            }
            let line = stmt["lineno"]?.int ?? lineno
            if let query = Self.dynamicQuery(kind, stmt) { dynamic.append(query) }
            switch kind {
            case "PLpgSQL_stmt_if" where statementsOnly:
                for branch in ["then_body", "elsif_list", "else_body"] { visit(stmt[branch] ?? .null, lineno: line, guard: condition) }
            case "PLpgSQL_stmt_return" where statementsOnly, "PLpgSQL_stmt_assign" where statementsOnly:
                break
            case "PLpgSQL_stmt_case" where statementsOnly:
                visit(stmt, lineno: line, guard: condition)
            case "PLpgSQL_expr" where statementsOnly:
                guard let query = (node.node("PLpgSQL_expr") ?? node)["query"]?.string, Self.isStatement(query) else { break }
                _ = embed(node, line: line, role: .statement, guard: condition)
            case "PLpgSQL_stmt_if":
                let cond = stmt["cond"].flatMap { embed($0, line: line, role: .condition, guard: condition) } ?? []
                let checked = cond.lazy.compactMap(ConstraintGuard.init(condition:)).first
                visit(stmt["then_body"] ?? .null, lineno: line, guard: checked ?? condition)
                visit(stmt["elsif_list"] ?? .null, lineno: line, guard: condition)
                visit(stmt["else_body"] ?? .null, lineno: line, guard: checked?.inverted ?? condition)
            case "PLpgSQL_stmt_execsql":
                let into = Self.targetNames(stmt["target"])
                _ = stmt["sqlstmt"].map { embed($0, line: line, role: .statement, into: into, guard: condition) }
            case "PLpgSQL_stmt_return":
                _ = stmt["expr"].map { embed($0, line: line, role: .returnValue, guard: condition) }
            case "PLpgSQL_stmt_assign":
                _ = stmt["expr"].map { embed($0, line: line, role: .assignment(""), guard: condition) }
            case "PLpgSQL_stmt_case":
                visit(stmt, lineno: line, guard: condition)
                embedCaseConditions(stmt, guard: condition)
            case "PLpgSQL_expr":
                _ = embed(node, line: line, role: .statement, guard: condition)
            default:
                visit(stmt, lineno: line, guard: condition)
            }
        default:
            break
        }
    }

    /// Parses one `PLpgSQL_expr` and appends what it holds.
    @discardableResult
    private mutating func embed(_ expr: PgNode, line: Int, role: SQLStatement.Role, into: [String] = [],
                                guard condition: ConstraintGuard?) -> [SQLStatement] {
        guard let query = (expr.node("PLpgSQL_expr") ?? expr)["query"]?.string else { return [] }
        let queryStart = locate(query, line: line)
        var role = role
        var attempts: [(text: String, shift: Int, start: Int)] = []
        if case .assignment = role, let assign = query.range(of: ":=") {
            let target = query[..<assign.lowerBound].trimmingCharacters(in: .whitespaces)
            role = .assignment(target.lowercased())
            let exprOffset = query.utf8.distance(from: query.startIndex, to: assign.upperBound)
            attempts = [("SELECT " + query[assign.upperBound...], exprOffset - 7, 7)]
        } else if role == .statement {
            attempts = statementsOnly ? [(query, 0, 0)] : [(query, 0, 0), ("SELECT " + query, -7, 7)]
        } else {
            attempts = [("SELECT " + query, -7, 7)]
        }
        for attempt in attempts {
            guard case .success(let tree) = PgQuery.parse(attempt.text) else { continue }
            let fragmentMap = (queryStart.map { OffsetMap.shift($0 + attempt.shift) } ?? OffsetMap(steps: [.pin(lineStart(line))])).then(map)
            let found: [SQLStatement] = (tree["stmts"]?.items ?? []).compactMap { raw in
                guard let (kind, node) = raw["stmt"]?.tagged else { return nil }
                return SQLStatement(kind: kind, node: node, map: fragmentMap, start: attempt.start,
                                    origin: origin, role: role, into: into, guardCondition: condition)
            }
            statements.append(contentsOf: found)
            return found
        }
        return []
    }

    /// `CASE NEW.kind WHEN 'a', 'b' THEN ...`: PL/pgSQL keeps each branch as `"__Case__Variable_N__" IN ('a', 'b')`,
    /// which says nothing about what is compared. Each branch is parsed again as `SELECT (NEW.kind) IN ('a', 'b')`,
    /// mapped so that its list lands on the list written in the body (the literals are what findings point at).
    private mutating func embedCaseConditions(_ stmt: PgNode, guard condition: ConstraintGuard?) {
        guard let subject = stmt["t_expr"]?.node("PLpgSQL_expr")?["query"]?.string else { return }
        for item in stmt["case_when_list"]?.items ?? [] {
            guard let branch = item.node("PLpgSQL_case_when"),
                  let query = branch["expr"]?.node("PLpgSQL_expr")?["query"]?.string,
                  query.hasPrefix("\"__Case__Variable_"), let open = query.range(of: " IN ("), query.hasSuffix(")")
            else { continue }
            let list = String(query[open.upperBound..<query.index(before: query.endIndex)])
            let head = "SELECT (" + subject + ") IN ("
            let line = branch["lineno"]?.int ?? 1
            let listBytes = Array(list.utf8)
            let newlines = listBytes.lazy.filter { $0 == UInt8(ascii: "\n") }.count
            guard let at = Self.search(listBytes[...], in: body, from: lineStart(line),
                                       startsBefore: lineStart(line + newlines + Self.searchLines + 1)),
                  case .success(let tree) = PgQuery.parse(head + list + ")") else { continue }
            let fragmentMap = OffsetMap.shift(at - head.utf8.count).then(map)
            for raw in tree["stmts"]?.items ?? [] {
                guard let (kind, node) = raw["stmt"]?.tagged else { continue }
                statements.append(SQLStatement(kind: kind, node: node, map: fragmentMap, start: 0, origin: origin,
                                               role: .condition, guardCondition: condition))
            }
        }
    }

    /// Body offset where `query` starts, searching from its line (PL/pgSQL blanks out `INTO x` and
    /// writes `PERFORM f()` as `SELECT f()`, so a prefix or the text after `SELECT ` may be all that matches).
    private mutating func locate(_ query: String, line: Int) -> Int? {
        let bytes = Array(query.utf8)
        let newlines = bytes.lazy.filter { $0 == UInt8(ascii: "\n") }.count
        let limit = lineStart(line + newlines + Self.searchLines + 1)
        let lineFrom = lineStart(line)
        if let resume = resumeAt[line], resume > lineFrom, let at = locate(bytes, query, from: resume, limit: limit) {
            resumeAt[line] = at + bytes.count
            return at
        }
        let at = locate(bytes, query, from: lineFrom, limit: limit)
        if let at { resumeAt[line] = at + bytes.count }
        return at
    }

    private func locate(_ bytes: [UInt8], _ query: String, from: Int, limit: Int) -> Int? {
        var candidates: [(needle: ArraySlice<UInt8>, back: Int)] = [(bytes[...], 0)]
        if let gap = query.range(of: "  ") {
            let head = query.utf8.distance(from: query.startIndex, to: gap.lowerBound)
            if head >= 6 { candidates.append((bytes[..<head], 0)) }
        }
        if query.hasPrefix("SELECT ") { candidates.append((bytes[7...], 7)) }
        for candidate in candidates where !candidate.needle.isEmpty {
            if let at = Self.search(candidate.needle, in: body, from: from, startsBefore: limit) { return at - candidate.back }
        }
        return nil
    }

    /// The offset line `line` (1-based) starts at; the body's end for lines past it.
    private func lineStart(_ line: Int) -> Int {
        guard line >= 1 else { return 0 }
        return line <= lineStarts.count ? lineStarts[line - 1] : body.count
    }

    /// The first match of `needle` at or after `from` that starts before `startsBefore`.
    private static func search(_ needle: ArraySlice<UInt8>, in haystack: [UInt8], from: Int, startsBefore: Int) -> Int? {
        guard let first = needle.first, needle.count <= haystack.count else { return nil }
        var i = from
        while i < startsBefore, i + needle.count <= haystack.count {
            if haystack[i] == first, haystack[i ..< i + needle.count].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    /// Whether a PL/pgSQL query is an SQL statement that may name a relation (its first word).
    /// The query text of a statement that runs a string as SQL; nil for another statement.
    private static func dynamicQuery(_ kind: String, _ stmt: PgNode) -> String? {
        let field: String
        switch kind {
        case "PLpgSQL_stmt_dynexecute", "PLpgSQL_stmt_dynfors": field = "query"
        case "PLpgSQL_stmt_return_query", "PLpgSQL_stmt_open": field = "dynquery"
        default: return nil
        }
        guard let expr = stmt[field] else { return nil }
        return (expr.node("PLpgSQL_expr") ?? expr)["query"]?.string
    }

    static func isStatement(_ query: String) -> Bool {
        let word = query.utf8.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
            .prefix { ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) || ($0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z")) }
        return ["select", "insert", "update", "delete", "with", "table", "merge"].contains(String(decoding: word, as: UTF8.self).lowercased())
    }

    /// The names of a PL/pgSQL function's variables and parameters (its `datums`), lowercased.
    static func variables(of function: PgNode) -> Set<String> {
        var names: Set<String> = []
        for datum in function["datums"]?.items ?? [] {
            guard let name = datum.tagged?.body["refname"]?.string, !name.hasPrefix("(") else { continue }
            names.insert(name.lowercased())
        }
        return names
    }

    /// Names of the variables a `SELECT ... INTO` fills.
    private static func targetNames(_ target: PgNode?) -> [String] {
        guard let (kind, body) = target?.tagged else { return [] }
        if kind == "PLpgSQL_row" { return (body["fields"]?.items ?? []).compactMap { $0["name"]?.string?.lowercased() } }
        return body["refname"]?.string.map { [$0.lowercased()] } ?? []
    }
}
