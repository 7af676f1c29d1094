import ContractsCore

/// Parse stage: one migration's text → its statements (DO blocks and function bodies included) and
/// PostgreSQL's own syntax errors. Never throws and never skips silently: what does not parse is reported.
enum MigrationParser {
    /// `relevance` says which function bodies and DO blocks are worth reading statement by statement (the
    /// others are only checked for syntax errors). `superseded`: how many of the file's first definitions of each
    /// function a later definition replaces (`SupersededFunctions`); their bodies are only checked for syntax errors
    /// too (`FunctionDefinition.bodySkipped`).
    static func parse(text: String, path: String, folder: String, relevance: BodyRelevance = .all,
                      superseded: [String: Int] = [:]) -> ParsedMigration {
        SQLRun.countParse(path)
        let source = SQLSource(path: path, text: text)
        var parsed = ParsedMigration(source: source, folder: folder, statements: [], functions: [], syntaxErrors: [])
        parsed.unread = []
        // PostgreSQL's query strings end at the first NUL (libpg_query's too): what follows would vanish unseen.
        if text.utf8.contains(0), let nul = NulByte.firstLocation(in: text.utf8, file: path) {
            parsed.syntaxErrors.append(SQLSyntaxError(
                location: nul, message: "a NUL byte; PostgreSQL ends a query string at it, so nothing after it would run"))
            // Left out of the replay whole: whether it could change the value set is judged from its text.
            parsed.unparsed.append(UnparsedStatement(location: nul, text: text))
            return parsed
        }
        if let (run, tooLong) = SQLLexerLimit.longOperatorRun(in: source.utf8) {
            parsed.syntaxErrors.append(SQLSyntaxError(
                location: source.location(ofByte: run),
                message: tooLong
                    ? "more than \(SQLLexerLimit.longestOperatorRun) operator or comment characters (such as `/*`, `*/`, `-`) in a row here, "
                        + "which PostgreSQL's lexer reads in quadratic time; the file is not parsed"
                    : "this run of operator or comment characters (such as `/*`, `*/`, `-`) takes the file's runs past what "
                        + "PostgreSQL's lexer reads in bounded time (each run costs its length squared: four runs of "
                        + "\(SQLLexerLimit.longestOperatorRun) in all); the file is not parsed"))
            parsed.unparsed.append(UnparsedStatement(location: source.location(ofByte: run), text: text))
            return parsed
        }
        var schemaOnly: [SQLStatement] = [], schemaStarts: Set<Int> = []
        switch parseFile(text, source: source, relevance: relevance, unread: &parsed.unread, schemaStarts: &schemaStarts) {
        case .success(let tree):
            read(tree, source: source, relevance: relevance, superseded: superseded, into: &parsed, schemaStarts: schemaStarts,
                 schemaOnly: &schemaOnly)
        case .failure(let failure):
            readSkippingBrokenStatements(failure, source: source, relevance: relevance, superseded: superseded, into: &parsed,
                                         schemaOnly: &schemaOnly)
        }
        parsed.schema = SchemaStatement.read(parsed, schemaOnly: schemaOnly)
        return parsed
    }

    /// `text` (the file's text, or the file with broken statements blanked out: the same byte offsets) parsed,
    /// with only the statements whose trees a rule may read (`BodyRelevance.keepsTree`) decoded: the others are
    /// left out of `statements` (no reader would find anything in them).
    /// `schemaStarts`: set to the `stmt_location`s of the trees decoded for the schema replay alone.
    private static func parseFile(_ text: String, source: SQLSource, relevance: BodyRelevance,
                                  unread: inout [Range<Int>]?, schemaStarts: inout Set<Int>) -> Result<PgNode, PgQuery.Failure> {
        schemaStarts = []
        // Every statement kept, each still judged by its depth alone before it is decoded (`stmt_too_deep`).
        guard relevance.statementNeedles != nil else { return PgQuery.parse(text) { _, _, _ in true } }
        let lowered = BodyRelevance.lowercasedASCII(source.utf8)
        var starts: Set<Int> = []
        let result = lowered.withUnsafeBufferPointer { lowered in
            PgQuery.parse(text) { kind, location, length in
                let from = min(max(location, 0), lowered.count)
                let end = length > 0 ? min(from + length, lowered.count) : lowered.count
                let keep = relevance.keepsTree(kind: kind, lowered, from ..< end)
                if !keep { unread?.append(from ..< end) }
                // A DDL statement no rule reads is still decoded for the schema replay (kept apart from `statements`).
                if !keep, SchemaStatement.decodes(kind, UnsafeBufferPointer(rebasing: lowered[from ..< end])) {
                    starts.insert(location)
                    return true
                }
                return keep
            }
        }
        schemaStarts = starts
        return result
    }

    /// Appends the statements (and what DO blocks and function bodies hold) of a parse tree whose
    /// locations are byte offsets of the file.
    private static func read(_ tree: PgNode, source: SQLSource, relevance: BodyRelevance, superseded: [String: Int],
                             into parsed: inout ParsedMigration, schemaStarts: Set<Int>, schemaOnly: inout [SQLStatement]) {
        var defined: [String: Int] = [:]
        for raw in tree["stmts"]?.items ?? [] {
            if raw["stmt_too_deep"] != nil {
                // A statement that names the table but nests too deeply to walk: reported, and left out of the replay
                // whole (whether it could change the value set is judged from its text).
                let from = raw["stmt_location"]?.int ?? 0, length = raw["stmt_len"]?.int ?? 0
                let end = length > 0 ? min(from + length, source.utf8.count) : source.utf8.count
                let location = source.location(ofByte: source.firstToken(from: from))
                parsed.syntaxErrors.append(SQLSyntaxError(location: location, message: "this statement nests more than "
                    + "\(PgJSONDecoder.depthLimit) levels deep in PostgreSQL's parse tree (an expression of thousands of terms?); "
                    + "it is not read"))
                parsed.unparsed.append(UnparsedStatement(location: location,
                                                         text: String(decoding: source.utf8[from ..< end], as: UTF8.self)))
                continue
            }
            guard let (kind, node) = raw["stmt"]?.tagged else { continue }
            let from = raw["stmt_location"]?.int ?? 0
            let statement = SQLStatement(kind: kind, node: node, map: .identity, start: source.firstToken(from: from), origin: .topLevel)
            if schemaStarts.contains(from) {
                schemaOnly.append(statement)
                continue
            }
            parsed.statements.append(statement)
            guard kind == "DoStmt" || kind == "CreateFunctionStmt" else { continue }
            let length = raw["stmt_len"]?.int ?? 0
            let end = length > 0 ? min(from + length, source.utf8.count) : source.utf8.count
            let text = String(decoding: source.utf8[from ..< end], as: UTF8.self)
            if kind == "DoStmt" {
                readDoBlock(statement, text: text, range: from ..< end, source: source, relevance: relevance, into: &parsed)
            } else {
                let name = SQLFacts.qualifiedName(node["funcname"]) ?? ""
                defined[name, default: 0] += 1
                readFunction(statement, text: text, range: from ..< end, source: source, relevance: relevance,
                             superseded: defined[name]! <= superseded[name] ?? 0, into: &parsed)
            }
        }
    }

    /// A file the parser rejects: split it with PostgreSQL's scanner, blank out the statement the parser stopped
    /// in (spaces, newlines kept, so every other location stays a byte offset of the file) and parse again,
    /// until the rest parses. One broken statement (an old migration no database will run again) thus leaves
    /// every other one in the replay, at the cost of one parse per broken statement.
    private static func readSkippingBrokenStatements(_ whole: PgQuery.Failure, source: SQLSource, relevance: BodyRelevance,
                                                     superseded: [String: Int], into parsed: inout ParsedMigration,
                                                     schemaOnly: inout [SQLStatement]) {
        // The scanner leaves out a last statement whose parentheses do not close (no `;` ends it for the
        // scanner): the rest of the text after the last statement is one more. It fails on an unterminated
        // string or comment: then the whole file is one statement left out.
        guard var ranges = PgQuery.split(source.text) else {
            let offset = whole.cursorPosition > 0 ? source.byteOffset(ofCharacter: whole.cursorPosition) : 0
            parsed.syntaxErrors.append(SQLSyntaxError(location: source.location(ofByte: offset), message: whole.message))
            parsed.unparsed.append(UnparsedStatement(location: source.location(ofByte: source.firstToken(from: 0)), text: source.text))
            return
        }
        var end = source.firstToken(from: ranges.last?.upperBound ?? 0)
        if end < source.utf8.count, source.utf8[end] == UInt8(ascii: ";") { end = source.firstToken(from: end + 1) }
        if end < source.utf8.count { ranges.append(end ..< source.utf8.count) }
        var blanked = source.utf8
        var failure = whole
        var skipped: Set<Int> = []
        var text = source.text
        while true {
            let offset = failure.cursorPosition > 0
                ? SQLSource.byteOffset(ofCharacter: failure.cursorPosition, in: Array(text.utf8)) : 0
            // The statement the parser stopped in: the last one starting at or before the error (an error at
            // the `;` after a statement belongs to it).
            guard let index = ranges.lastIndex(where: { $0.lowerBound <= offset }) ?? ranges.indices.first,
                  !skipped.contains(index) else {
                parsed.syntaxErrors.append(SQLSyntaxError(location: source.location(ofByte: offset), message: failure.message))
                parsed.unparsed.append(UnparsedStatement(location: source.location(ofByte: source.firstToken(from: 0)), text: source.text))
                return
            }
            skipped.insert(index)
            let range = ranges[index].clamped(to: 0 ..< source.utf8.count)
            parsed.syntaxErrors.append(SQLSyntaxError(location: source.location(ofByte: offset), message: failure.message))
            let first = min(source.firstToken(from: range.lowerBound), range.upperBound)
            parsed.unparsed.append(UnparsedStatement(location: source.location(ofByte: first),
                                                     text: String(decoding: source.utf8[first ..< range.upperBound], as: UTF8.self)))
            for i in range where blanked[i] != 0x0A { blanked[i] = UInt8(ascii: " ") }
            // The parser's complaint alone while one remains (no statement decoded, the text not lowercased for
            // the relevance needles): a file of hundreds of broken statements is parsed once per statement.
            text = String(decoding: blanked, as: UTF8.self)
            if let next = PgQuery.syntaxError(text) {
                failure = next
                continue
            }
            var schemaStarts: Set<Int> = []
            switch parseFile(text, source: source, relevance: relevance, unread: &parsed.unread, schemaStarts: &schemaStarts) {
            case .success(let tree):
                read(tree, source: source, relevance: relevance, superseded: superseded, into: &parsed, schemaStarts: schemaStarts,
                     schemaOnly: &schemaOnly)
                return
            case .failure(let next):
                failure = next
            }
        }
    }

    private static func readDoBlock(_ statement: SQLStatement, text: String, range: Range<Int>, source: SQLSource, relevance: BodyRelevance,
                                    into parsed: inout ParsedMigration) {
        let args = statement.node["args"]?.items ?? []
        let language = defElem("language", in: args)?["arg"]?.stringValue ?? "plpgsql"
        guard language.lowercased() == "plpgsql", let body = defElem("as", in: args),
              let code = body["arg"]?.stringValue else { return }
        let map = source.bodyMap(of: code, near: body["location"]?.int ?? statement.start, fallback: statement.start)
        let read = relevance.mayMatter(code, function: nil)
        if !read { parsed.unread?.append(range) }
        if let statements = readPLpgSQL(text: text, code: code, map: map, origin: .doBlock, read: read,
                                        source: source, into: &parsed) {
            parsed.statements.append(contentsOf: statements)
        } else {
            parsed.unparsed.append(UnparsedStatement(location: source.location(ofByte: statement.start), text: text))
        }
    }

    /// `superseded`: a later definition replaces this one, so its body is only checked for syntax errors.
    private static func readFunction(_ statement: SQLStatement, text: String, range: Range<Int>, source: SQLSource, relevance: BodyRelevance,
                                     superseded: Bool, into parsed: inout ParsedMigration) {
        let node = statement.node
        let nameParts = (node["funcname"]?.items ?? []).compactMap(\.stringValue).map { $0.lowercased() }
        guard let last = nameParts.last else { return }
        let name = (nameParts.count > 1 ? nameParts[nameParts.count - 2] : "public") + "." + last
        let options = node["options"]?.items ?? []
        let language = (defElem("language", in: options)?["arg"]?.stringValue ?? "sql").lowercased()
        let origin = SQLStatement.Origin.function(name)
        var body: [SQLStatement] = []
        var skipped = false
        var names: [BodyName] = []
        if let sqlBody = node["sql_body"] {
            // `BEGIN ATOMIC`: PostgreSQL resolves its names when the function is created and follows their renames.
            body = [SQLStatement(kind: "SqlBody", node: sqlBody, map: .identity, start: statement.start, origin: origin)]
        } else if let asElem = defElem("as", in: options), let code = asElem["arg"]?.items.first?.stringValue {
            let map = source.bodyMap(of: code, near: asElem["location"]?.int ?? statement.start, fallback: statement.start)
            skipped = superseded && (language == "plpgsql" || language == "sql")
            // A replaced body that would be read still reports a tree too deep to decode, as its read would.
            let matters = relevance.mayMatter(code, function: name), read = !skipped && matters
            if !matters { parsed.unread?.append(range) }
            // The body in force (no later definition replaces it) is read for the names it uses, even when no other
            // rule reads it: its SQL statements alone, then (`BodyNameReader`).
            let namesOnly = !read && !skipped && relevance.bodyNames
            let searchSchema = BodyNameReader.searchSchema(of: node)
            let parameters = Set(BodyNameReader.parameters(of: node))
            if language == "plpgsql" {
                var variables: Set<String>?, dynamic: [String] = []
                if namesOnly {
                    let statements = readPLpgSQLNames(text: text, code: code, map: map, origin: origin, source: source,
                                                      into: &parsed, variables: &variables, dynamic: &dynamic)
                    names = BodyNameReader.names(in: statements, variables: variables.map { $0.union(parameters) },
                                                 searchSchema: searchSchema, source: source, plpgsql: true, dynamic: dynamic)
                } else {
                    body = readPLpgSQL(text: text, code: code, map: map, origin: origin, read: read, source: source, into: &parsed,
                                       decodable: skipped && matters, variables: &variables, dynamic: &dynamic) ?? []
                    if read, relevance.bodyNames {
                        names = BodyNameReader.names(in: body, variables: variables.map { $0.union(parameters) },
                                                     searchSchema: searchSchema, source: source, plpgsql: true, dynamic: dynamic)
                    }
                }
            } else if language == "sql" {
                body = readSQLBody(code, map: map, origin: origin, read: read || namesOnly, source: source, into: &parsed,
                                   decodable: skipped && matters, quiet: namesOnly)
                if (read || namesOnly), relevance.bodyNames {
                    names = BodyNameReader.names(in: body, variables: parameters, searchSchema: searchSchema, source: source)
                }
                if namesOnly { body = [] }
            }
        }
        var definition = FunctionDefinition(
            name: name, language: language, location: source.location(ofByte: statement.start), body: body,
            statementText: text, statementBytes: range, bodySkipped: skipped)
        definition.names = names
        parsed.functions.append(definition)
    }

    /// A PL/pgSQL body read only for the names its SQL statements use: its syntax checked as an unread body's is
    /// (`plpgsqlError`), its statements returned (none when its tree cannot be decoded) with its variables.
    private static func readPLpgSQLNames(text: String, code: String, map: OffsetMap, origin: SQLStatement.Origin, source: SQLSource,
                                         into parsed: inout ParsedMigration, variables: inout Set<String>?,
                                         dynamic: inout [String]) -> [SQLStatement] {
        switch PgQuery.parsePLpgSQLQuietly(text) {
        case .failure(let failure):
            recordPLpgSQLError(failure, code: code, map: map, source: source, into: &parsed)
            return []
        case .success(let functions):
            guard let functions else { return [] }
            var reader = PLpgSQLReader(body: Array(code.utf8), map: map, origin: origin)
            reader.statementsOnly = true
            return statements(of: functions, with: reader, variables: &variables, dynamic: &dynamic)
        }
    }

    /// The statements `reader` finds in the parsed PL/pgSQL `functions`, their variables and parameters added to
    /// `variables`, the texts of their `EXECUTE` queries in `dynamic`.
    private static func statements(of functions: [PgNode], with reader: PLpgSQLReader, variables: inout Set<String>?,
                                   dynamic: inout [String]) -> [SQLStatement] {
        var reader = reader
        for function in functions {
            guard let function = function.node("PLpgSQL_function") else { continue }
            variables = (variables ?? []).union(PLpgSQLReader.variables(of: function))
            if let action = function["action"] { reader.visit(action, lineno: 1, guard: nil) }
        }
        dynamic = reader.dynamic
        return reader.statements
    }

    /// A `LANGUAGE sql` body: plain statements, which PostgreSQL parses when the function is created. With
    /// `read` false only its syntax is checked (no statement returned); `decodable` as `readPLpgSQL`'s.
    /// `quiet`: read only for the names it uses, so a tree that cannot be decoded is no complaint (as an unread body's).
    private static func readSQLBody(_ code: String, map: OffsetMap, origin: SQLStatement.Origin, read: Bool, source: SQLSource,
                                    into parsed: inout ParsedMigration, decodable: Bool = false, quiet: Bool = false) -> [SQLStatement] {
        if !read {
            if let failure = PgQuery.syntaxError(code, decodable: decodable) { recordSQLBodyError(failure, code: code, map: map, source: source, into: &parsed) }
            return []
        }
        let parse: Result<PgNode?, PgQuery.Failure> = quiet ? PgQuery.parseQuietly(code) : PgQuery.parse(code).map { $0 }
        switch parse {
        case .failure(let failure):
            recordSQLBodyError(failure, code: code, map: map, source: source, into: &parsed)
            return []
        case .success(let tree):
            guard let tree else { return [] }
            let local = SQLSource(path: "", text: code)
            return (tree["stmts"]?.items ?? []).compactMap { raw in
                guard let (kind, node) = raw["stmt"]?.tagged else { return nil }
                return SQLStatement(kind: kind, node: node, map: map,
                                    start: local.firstToken(from: raw["stmt_location"]?.int ?? 0), origin: origin)
            }
        }
    }

    private static func recordSQLBodyError(_ failure: PgQuery.Failure, code: String, map: OffsetMap, source: SQLSource,
                                           into parsed: inout ParsedMigration) {
        let bodyOffset = failure.cursorPosition > 0
            ? SQLSource(path: "", text: code).byteOffset(ofCharacter: failure.cursorPosition) : 0
        parsed.syntaxErrors.append(SQLSyntaxError(location: source.location(bodyOffset, map), message: failure.message))
    }

    /// A PL/pgSQL body (function or DO block); its syntax error, if any, is recorded and nil returned. With
    /// `read` false only its syntax is checked (no statement returned).
    /// `decodable`: a body left unread reports what a read would report, its tree too deep to decode included.
    /// `variables`: set to the body's variables and parameters when it is read.
    private static func readPLpgSQL(text: String, code: String, map: OffsetMap, origin: SQLStatement.Origin, read: Bool,
                                    source: SQLSource, into parsed: inout ParsedMigration, decodable: Bool = false) -> [SQLStatement]? {
        var variables: Set<String>?, dynamic: [String] = []
        return readPLpgSQL(text: text, code: code, map: map, origin: origin, read: read, source: source, into: &parsed,
                           decodable: decodable, variables: &variables, dynamic: &dynamic)
    }

    /// `dynamic`: set to the texts of the body's `EXECUTE` queries (`PLpgSQLReader.dynamic`).
    private static func readPLpgSQL(text: String, code: String, map: OffsetMap, origin: SQLStatement.Origin, read: Bool,
                                    source: SQLSource, into parsed: inout ParsedMigration, decodable: Bool = false,
                                    variables: inout Set<String>?, dynamic: inout [String]) -> [SQLStatement]? {
        if !read {
            guard let failure = PgQuery.plpgsqlError(text, decodable: decodable) else { return [] }
            recordPLpgSQLError(failure, code: code, map: map, source: source, into: &parsed)
            return nil
        }
        switch PgQuery.parsePLpgSQL(text) {
        case .failure(let failure):
            recordPLpgSQLError(failure, code: code, map: map, source: source, into: &parsed)
            return nil
        case .success(let functions):
            return statements(of: functions, with: PLpgSQLReader(body: Array(code.utf8), map: map, origin: origin), variables: &variables,
                              dynamic: &dynamic)
        }
    }

    private static func recordPLpgSQLError(_ failure: PgQuery.Failure, code: String, map: OffsetMap, source: SQLSource,
                                           into parsed: inout ParsedMigration) {
        let local = SQLSource(path: "", text: code)
        let offset = local.byteOffset(ofLine: failure.bodyLine ?? 1, from: 0)
        parsed.syntaxErrors.append(SQLSyntaxError(
            location: source.location(local.firstToken(from: offset), map), message: failure.message))
    }

    static func defElem(_ name: String, in list: [PgNode]) -> PgNode? {
        list.lazy.compactMap { $0.node("DefElem") }.first { $0["defname"]?.string == name }
    }
}
