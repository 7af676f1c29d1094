import CPgQuery
import Foundation

/// PostgreSQL's own parser (libpg_query: 15 from Debian, 17 from Homebrew), called from Swift: text in, JSON tree or
/// PostgreSQL's error out. The readers use only node kinds, fields and enum names both grammars share.
///
/// Every C result is freed before returning; nothing of libpg_query escapes this file.
enum PgQuery {
    /// The PostgreSQL major version of the linked libpg_query ("15"), named in messages about its verdicts.
    static let majorVersion: String = PG_MAJORVERSION

    /// Test seam: applied to every tree decoded from libpg_query, so tests can feed the readers the JSON shapes
    /// of another libpg_query version (PostgreSQL 17's) than the one linked here.
    static var reshapeTree: (@Sendable (PgNode) -> PgNode)? {
        get { reshapeLock.withLock { reshape } }
        set { reshapeLock.withLock { reshape = newValue } }
    }

    private static let reshapeLock = NSLock()
    nonisolated(unsafe) private static var reshape: (@Sendable (PgNode) -> PgNode)?

    private static func reshaped(_ node: PgNode) -> PgNode {
        reshapeTree.map { $0(node) } ?? node
    }

    /// PostgreSQL's complaint about a text, as it reports it.
    struct Failure: Error, Sendable, Equatable {
        var message: String
        /// 1-based character position in the text (0: none given).
        var cursorPosition: Int
        /// PL/pgSQL's "near line N" of the function body, when it names one.
        var bodyLine: Int?
    }

    /// The raw parse tree of `sql`: `{"version": ..., "stmts": [...]}`.
    static func parse(_ sql: String) -> Result<PgNode, Failure> {
        let result = pg_query_parse(sql)
        defer { pg_query_free_parse_result(result) }
        if let error = result.pointee(\.error) { return .failure(error) }
        guard let tree = result.parse_tree, let node = PgNode.decode(cString: tree) else {
            return .failure(Failure(message: "the parse tree cannot be read: it nests more than \(PgJSONDecoder.depthLimit) levels "
                + "deep (an expression of thousands of terms?), so it is not read", cursorPosition: 0))
        }
        return .success(reshaped(node))
    }

    /// The same, with the tree of each statement decoded only when `keep(kind, stmt_location, stmt_len)` says
    /// so (the others' `RawStmt` entries keep their location and length, without `stmt`).
    static func parse(_ sql: String, keep: (_ kind: String, _ location: Int, _ length: Int) -> Bool) -> Result<PgNode, Failure> {
        let result = pg_query_parse(sql)
        defer { pg_query_free_parse_result(result) }
        if let error = result.pointee(\.error) { return .failure(error) }
        guard let tree = result.parse_tree, let node = PgNode.decodeParseTree(cString: tree, keep: keep) else {
            return .failure(Failure(message: "libpg_query returned no parse tree", cursorPosition: 0))
        }
        return .success(reshaped(node))
    }

    /// PostgreSQL's complaint about `sql`, or nil when it parses; the tree is not read (a body no rule reads).
    /// `decodable`: the complaint `parse` makes about a tree too deep to decode too (its depth is measured, nothing
    /// is built).
    static func syntaxError(_ sql: String, decodable: Bool = false) -> Failure? {
        let result = pg_query_parse(sql)
        defer { pg_query_free_parse_result(result) }
        if let error = result.pointee(\.error) { return error }
        guard decodable else { return nil }
        guard let tree = result.parse_tree, PgNode.decodes(cString: tree) else {
            return Failure(message: "the parse tree cannot be read: it nests more than \(PgJSONDecoder.depthLimit) levels "
                + "deep (an expression of thousands of terms?), so it is not read", cursorPosition: 0)
        }
        return nil
    }

    /// PL/pgSQL's complaint about the bodies in `sql`, or nil when they compile; the trees are not read.
    /// `decodable`: the complaint `parsePLpgSQL` makes about a tree it cannot decode too.
    static func plpgsqlError(_ sql: String, decodable: Bool = false) -> Failure? {
        let result = pg_query_parse_plpgsql(sql)
        defer { pg_query_free_plpgsql_parse_result(result) }
        if let error = result.error { return Failure(error.pointee) }
        guard decodable else { return nil }
        guard let text = result.plpgsql_funcs, PgNode.decodes(cString: text) else {
            return Failure(message: "libpg_query returned no PL/pgSQL tree", cursorPosition: 0)
        }
        return nil
    }

    /// libpg_query's JSON text for `sql` and for its PL/pgSQL bodies (nil where it reports an error): what
    /// `PgNode.decode` reads, for the decoder's tests.
    static func json(_ sql: String) -> (tree: String?, plpgsql: String?) {
        let result = pg_query_parse(sql)
        defer { pg_query_free_parse_result(result) }
        let functions = pg_query_parse_plpgsql(sql)
        defer { pg_query_free_plpgsql_parse_result(functions) }
        return (result.error == nil ? result.parse_tree.map { String(cString: $0) } : nil,
                functions.error == nil ? functions.plpgsql_funcs.map { String(cString: $0) } : nil)
    }

    /// Byte ranges of the statements of `sql`, found by PostgreSQL's scanner alone (`pg_query_split_with_scanner`),
    /// so a text with a statement the parser rejects still splits: strings, comments and dollar quotes are
    /// respected. Nil when even the scanner fails (an unterminated string or comment).
    static func split(_ sql: String) -> [Range<Int>]? {
        let result = pg_query_split_with_scanner(sql)
        defer { pg_query_free_split_result(result) }
        guard result.error == nil, let stmts = result.stmts else { return nil }
        return (0 ..< Int(result.n_stmts)).compactMap { index in
            guard let stmt = stmts[index]?.pointee else { return nil }
            return Int(stmt.stmt_location) ..< Int(stmt.stmt_location + stmt.stmt_len)
        }
    }

    /// `parse` for a text read only for the names it uses (`BodyNameReader`): PostgreSQL's complaint, or the tree, nil
    /// when it cannot be decoded (no complaint then, as `syntaxError` makes none).
    static func parseQuietly(_ sql: String) -> Result<PgNode?, Failure> {
        let result = pg_query_parse(sql)
        defer { pg_query_free_parse_result(result) }
        if let error = result.pointee(\.error) { return .failure(error) }
        return .success(result.parse_tree.flatMap { PgNode.decode(cString: $0) }.map(reshaped))
    }

    /// `parsePLpgSQL` for bodies read only for the names they use: PostgreSQL's complaint, or the trees, nil when they
    /// cannot be decoded (no complaint then, as `plpgsqlError` makes none).
    static func parsePLpgSQLQuietly(_ sql: String) -> Result<[PgNode]?, Failure> {
        let result = pg_query_parse_plpgsql(sql)
        defer { pg_query_free_plpgsql_parse_result(result) }
        if let error = result.error { return .failure(Failure(error.pointee)) }
        return .success(result.plpgsql_funcs.flatMap { PgNode.decode(cString: $0) }.map { reshaped($0).items })
    }

    /// The PL/pgSQL trees of every `CREATE FUNCTION ... LANGUAGE plpgsql` or `DO` block in `sql`.
    static func parsePLpgSQL(_ sql: String) -> Result<[PgNode], Failure> {
        let result = pg_query_parse_plpgsql(sql)
        defer { pg_query_free_plpgsql_parse_result(result) }
        if let error = result.error { return .failure(Failure(error.pointee)) }
        guard let text = result.plpgsql_funcs, let node = PgNode.decode(cString: text) else {
            return .failure(Failure(message: "libpg_query returned no PL/pgSQL tree", cursorPosition: 0))
        }
        return .success(reshaped(node).items)
    }
}

private extension PgQueryParseResult {
    func pointee(_ key: KeyPath<PgQueryParseResult, UnsafeMutablePointer<PgQueryError>?>) -> PgQuery.Failure? {
        self[keyPath: key].map { PgQuery.Failure($0.pointee) }
    }
}

private extension PgQuery.Failure {
    init(_ error: PgQueryError) {
        message = error.message.map { String(cString: $0) } ?? "syntax error"
        cursorPosition = Int(error.cursorpos)
        bodyLine = error.context.flatMap { PgQuery.Failure.nearLine(in: String(cString: $0)) }
    }

    /// "compilation of PL/pgSQL function \"g\" near line 4" → 4.
    static func nearLine(in context: String) -> Int? {
        guard let range = context.range(of: "near line ") else { return nil }
        return Int(context[range.upperBound...].prefix { $0.isNumber })
    }
}
