import Foundation
import ContractsCore

/// A migration statement that may change the schema (`SchemaReplay`), read at parse time and kept in the migration's
/// facts (`MigrationFacts.schema`), so a run served from the memo replays the schema without parsing again.
///
/// The most frequent statements (a table, function or trigger created, a drop) are kept as what the replay reads of
/// them (`operation`), the others as what it reads of their tree (`KeptSchemaTree`); a function's body as the
/// columns it assigns (`assigns`). A statement the replay cannot follow (a `DO` block that may run DDL, one that does
/// not parse) is kept as the names it mentions (`unknownWords`), which the replay then treats as unknown.
struct SchemaStatement: Sendable, Equatable {
    /// libpg_query's statement kind (`CreateStmt`, …); `"Unknown"` for a statement the replay cannot follow.
    var kind: String
    /// What the replay reads of the tree (`KeptSchemaTree`); `.null` when `operation` says it.
    var node: PgNode
    var location: SourceLocation
    /// Where each column a `ColumnDef` of the statement creates is written.
    var columnLocations: [String: SourceLocation] = [:]
    /// A function's body: the columns it assigns as `NEW.col := …` (PL/pgSQL); nil when the body cannot say (not
    /// PL/pgSQL, `NEW` assigned whole, dynamic SQL).
    var assigns: [String]?
    /// For `"Unknown"`: the lowercased words of its text, which may name what it touches; and whether it may touch
    /// anything (`EXECUTE` of a string built at run time).
    var unknownWords: [String] = []
    var unknownEverything = false
    /// A table, function or trigger created, or a drop, as plain values (`SchemaOperation`).
    var operation: SchemaOperation?

    /// The kinds the schema replay reads (their trees are always decoded: `BodyRelevance.treeKinds`).
    static let kinds: Set<String> = [
        "CreateStmt", "AlterTableStmt", "RenameStmt", "DropStmt", "ViewStmt", "CreateTableAsStmt", "CreateFunctionStmt",
        "CreateTrigStmt", "CreateSchemaStmt", "AlterObjectSchemaStmt", "DoStmt", "CreateExtensionStmt", "CreateSeqStmt",
        "CreateForeignTableStmt", "ImportForeignSchemaStmt",
    ]

    /// Whether the tree of a statement of `kind` whose text is `lowered` (ASCII lowercased) is decoded for the schema
    /// replay: a kind it reads, or a `SELECT … INTO`, which creates a table (told by the word `into`; the replay
    /// then reads only those whose tree has an `INTO` clause).
    static func decodes(_ kind: String, _ lowered: UnsafeBufferPointer<UInt8>) -> Bool {
        if kinds.contains(kind) { return true }
        guard kind == "SelectStmt" else { return false }
        let into = Array("into".utf8)
        func isWord(_ b: UInt8) -> Bool { (b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b >= 0x80 }
        var i = 0
        while i + 4 <= lowered.count {
            if lowered[i] == into[0], lowered[i + 1] == into[1], lowered[i + 2] == into[2], lowered[i + 3] == into[3],
               i == 0 || !isWord(lowered[i - 1]), i + 4 == lowered.count || !isWord(lowered[i + 4]) { return true }
            i += 1
        }
        return false
    }

    /// `SELECT … INTO t FROM …` as the `CREATE TABLE t AS SELECT … FROM …` it amounts to; nil for another statement.
    static func selectInto(_ kind: String, _ node: PgNode) -> PgNode? {
        guard kind == "SelectStmt", let into = node["intoClause"], case .object(let fields) = node else { return nil }
        let query = PgNode.object(PgFields(fields.entries.filter { $0.key != "intoClause" }))
        return .object(PgFields([
            (key: "into", value: into), (key: "query", value: .object(PgFields([(key: "SelectStmt", value: query)]))),
            (key: "objtype", value: .string("OBJECT_TABLE")),
        ]))
    }

    /// The statements of `migration` the schema replay reads, in order (top level only: a function's body runs when
    /// it is called, a `DO` block's is judged from its text), each keeping only what the replay reads of its tree
    /// (`SchemaOperation`, `KeptSchemaTree`); a statement the replay would change nothing for is left out.
    /// `schemaOnly`: the DDL statements decoded for the schema replay alone (not in `statements`).
    /// `whole`: the statements read from their tree keep it whole (tests compare the replay of both).
    static func read(_ migration: ParsedMigration, schemaOnly: [SQLStatement] = [], whole: Bool = false) -> [SchemaStatement] {
        let source = migration.source
        var out: [SchemaStatement] = []
        var statements = migration.statements.filter {
            $0.origin == .topLevel && (kinds.contains($0.kind) || ($0.kind == "SelectStmt" && $0.node["intoClause"] != nil))
        }
        if !schemaOnly.isEmpty {
            statements = (statements + schemaOnly.filter { $0.kind != "SelectStmt" || $0.node["intoClause"] != nil }).sorted { $0.start < $1.start }
        }
        for var statement in statements {
            if let createTableAs = selectInto(statement.kind, statement.node) {
                statement.kind = "CreateTableAsStmt"
                statement.node = createTableAs
            }
            let location = source.location(ofByte: statement.start)
            switch statement.kind {
            case "CreateFunctionStmt":
                guard case .some(.some(let operation)) = SchemaOperation.read(statement.kind, statement.node) else { continue }
                var assigns: [String]?
                let language = (MigrationParser.defElem("language", in: statement.node["options"]?.items ?? [])?["arg"]?.stringValue ?? "sql").lowercased()
                if language == "plpgsql", let code = MigrationParser.defElem("as", in: statement.node["options"]?.items ?? [])?["arg"]?.items.first?.stringValue {
                    assigns = TriggerAssignments.read(code).map { TriggerAssignments.onInsert($0, code) }
                }
                out.append(SchemaStatement(kind: statement.kind, node: .null, location: location, assigns: assigns, operation: operation))
            case "DoStmt":
                let args = statement.node["args"]?.items ?? []
                guard let code = MigrationParser.defElem("as", in: args)?["arg"]?.stringValue else { continue }
                let language = MigrationParser.defElem("language", in: args)?["arg"]?.stringValue?.lowercased() ?? "plpgsql"
                guard let unknown = unknownStatement(code, location: location, block: true) else { continue }
                if language == "plpgsql", DoBlockEffects.changesNoRelation(code) { continue }
                out.append(unknown)
            default:
                let operation = SchemaOperation.read(statement.kind, statement.node)
                // A statement the replay changes nothing for.
                if case .some(.none) = operation { continue }
                let node: PgNode
                if operation != nil {
                    node = .null
                } else if whole {
                    node = statement.node
                } else if let kept = KeptSchemaTree.kept(statement.kind, statement.node) {
                    node = kept
                } else {
                    continue
                }
                var columns: [String: SourceLocation] = [:]
                let definitions = statement.kind == "CreateStmt" ? (statement.node["tableElts"]?.items ?? [])
                    : statement.kind == "CreateForeignTableStmt" ? (statement.node["base"]?["tableElts"]?.items ?? [])
                    : statement.kind == "AlterTableStmt" ? (statement.node["cmds"]?.items ?? []).compactMap { $0.node("AlterTableCmd")?["def"] }
                    : []
                for definition in definitions {
                    guard let body = definition.node("ColumnDef"), let name = body["colname"]?.string, let offset = body["location"]?.int,
                          columns[name] == nil else { continue }
                    columns[name] = source.location(offset, statement.map)
                }
                out.append(SchemaStatement(kind: statement.kind, node: node, location: location, columnLocations: columns,
                                           operation: operation ?? nil))
            }
        }
        // Statements that do not parse: what they name is unknown. Placed by line among the others.
        for unparsed in migration.unparsed {
            guard let unknown = unknownStatement(unparsed.text, location: unparsed.location, block: false) else { continue }
            let at = out.firstIndex { ($0.location.line, $0.location.column) > (unparsed.location.line, unparsed.location.column) } ?? out.count
            out.insert(unknown, at: at)
        }
        return out
    }

    /// Words that say a text may change the schema.
    private static let ddlWords: Set<String> = ["table", "view", "column", "function", "procedure", "schema", "trigger", "rename", "drop", "execute", "type", "sequence"]

    /// A text the replay cannot follow as an unknown statement; nil when it cannot change the schema (no DDL word).
    static func unknownStatement(_ text: String, location: SourceLocation, block: Bool) -> SchemaStatement? {
        let words = Self.words(text)
        guard !words.isDisjoint(with: ddlWords) else { return nil }
        // An EXECUTE of a string composed at run time (`format('… %I', t)`, `'…' || t`, `quote_ident`) may name anything.
        let lowered = text.lowercased()
        let everything = words.contains("execute")
            && (lowered.contains("%i") || lowered.contains("%s") || lowered.contains("||") || words.contains("quote_ident"))
        return SchemaStatement(kind: "Unknown", node: .null, location: location, unknownWords: words.sorted(), unknownEverything: everything)
    }

    /// The identifier-like words of a text, lowercased (quoted identifiers keep their case too).
    static func words(_ text: String) -> Set<String> {
        var words: Set<String> = [], current: [UInt8] = []
        for byte in text.utf8 {
            let isWord = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte >= 0x80
            if isWord { current.append(byte); continue }
            if !current.isEmpty {
                let word = String(decoding: current, as: UTF8.self)
                words.insert(word.lowercased())
                words.insert(word)
                current.removeAll(keepingCapacity: true)
            }
        }
        if !current.isEmpty {
            let word = String(decoding: current, as: UTF8.self)
            words.insert(word.lowercased())
            words.insert(word)
        }
        return words
    }
}

/// The columns a PL/pgSQL trigger function assigns to the new row (`NEW.col := …`, `NEW.col = …` at a statement's
/// start), read from its text. Nil when it may assign others unseen: `NEW` assigned whole (`NEW := …`,
/// `SELECT … INTO NEW`), or a record populated from it.
///
/// An assignment anywhere counts, even under a condition (`IF NEW.x IS NULL THEN NEW.x := …`, which fills the column
/// for sure when an insert leaves it out): a column such a trigger may fill is never called required. Only a branch
/// that never runs on `INSERT` (`IF TG_OP = 'UPDATE' THEN …`) fills nothing an insert leaves out (`onInsert`).
enum TriggerAssignments {
    /// `assigned` (read from the text by `read`) less the columns the body assigns only in branches that never run on
    /// `INSERT` (`IF TG_OP = 'UPDATE'`, `TG_OP <> 'INSERT'`, `TG_OP IN ('UPDATE', 'DELETE')`, their `ELSIF`/`ELSE`
    /// arms). The body's tree is read only when its text names `TG_OP`.
    static func onInsert(_ assigned: [String], _ code: String) -> [String] {
        guard !assigned.isEmpty, code.range(of: "tg_op", options: .caseInsensitive) != nil else { return assigned }
        let quote = "$naars_fn$"
        guard !code.contains(quote),
              case .success(let functions) = PgQuery.parsePLpgSQL("CREATE FUNCTION naars_trigger() RETURNS trigger LANGUAGE plpgsql AS "
                  + quote + code + quote) else { return assigned }
        var reached: Set<String> = [], skipped: Set<String> = []
        for function in functions {
            guard let action = function.node("PLpgSQL_function")?["action"] else { return assigned }
            walk(action, runs: true, reached: &reached, skipped: &skipped)
        }
        let never = skipped.subtracting(reached)
        return assigned.filter { !never.contains($0) }
    }

    /// Whether a condition holds on `INSERT`: `.yes`, `.no`, or `.maybe` (it does not depend on `TG_OP` alone).
    enum Truth {
        case yes, no, maybe

        static prefix func ! (a: Truth) -> Truth { a == .yes ? .no : a == .no ? .yes : .maybe }
    }

    private static func walk(_ node: PgNode, runs: Bool, reached: inout Set<String>, skipped: inout Set<String>) {
        switch node {
        case .array(let items):
            for item in items { walk(item, runs: runs, reached: &reached, skipped: &skipped) }
        case .object(let fields):
            guard let (kind, body) = node.tagged else {
                for entry in fields.entries { walk(entry.value, runs: runs, reached: &reached, skipped: &skipped) }
                return
            }
            switch kind {
            case "PLpgSQL_stmt_assign":
                guard let query = (body["expr"].map { $0.node("PLpgSQL_expr") ?? $0 })?["query"]?.string,
                      let column = assignedColumn(query) else { return }
                if runs { reached.insert(column) } else { skipped.insert(column) }
            case "PLpgSQL_stmt_if":
                // Each arm runs on INSERT unless its condition is false then, or an earlier one is true then.
                var earlierTrue = false
                var arms: [(condition: PgNode?, body: PgNode?)] = [(body["cond"], body["then_body"])]
                for item in body["elsif_list"]?.items ?? [] {
                    let arm = item.node("PLpgSQL_if_elsif") ?? item
                    arms.append((arm["cond"], arm["stmts"]))
                }
                for arm in arms {
                    let truth = condition(arm.condition)
                    let armRuns = runs && !earlierTrue && truth != .no
                    if let statements = arm.body { walk(statements, runs: armRuns, reached: &reached, skipped: &skipped) }
                    if truth == .yes { earlierTrue = true }
                }
                if let otherwise = body["else_body"] { walk(otherwise, runs: runs && !earlierTrue, reached: &reached, skipped: &skipped) }
            default:
                walk(body, runs: runs, reached: &reached, skipped: &skipped)
            }
        default:
            break
        }
    }

    /// `NEW.col := …` / `NEW.col = …`: the column (lowercased unless quoted).
    private static func assignedColumn(_ query: String) -> String? {
        var rest = Substring(query).drop { $0.isWhitespace }
        guard rest.prefix(3).lowercased() == "new" else { return nil }
        rest = rest.dropFirst(3).drop { $0.isWhitespace }
        guard rest.first == "." else { return nil }
        rest = rest.dropFirst().drop { $0.isWhitespace }
        if rest.first == "\"" {
            let name = rest.dropFirst().prefix { $0 != "\"" }
            return name.isEmpty ? nil : String(name)
        }
        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
        return name.isEmpty ? nil : name.lowercased()
    }

    /// A PL/pgSQL condition's truth on `INSERT`, from its comparisons of `TG_OP` with string constants.
    private static func condition(_ expression: PgNode?) -> Truth {
        guard let query = (expression.map { $0.node("PLpgSQL_expr") ?? $0 })?["query"]?.string,
              case .success(let tree) = PgQuery.parse("SELECT " + query),
              let value = tree["stmts"]?.items.first?["stmt"]?.node("SelectStmt")?["targetList"]?.items.first?.node("ResTarget")?["val"]
        else { return .maybe }
        return truth(value)
    }

    private static func truth(_ node: PgNode) -> Truth {
        if let bool = node.node("BoolExpr") {
            let args = (bool["args"]?.items ?? []).map(truth)
            switch bool["boolop"]?.string {
            case "AND_EXPR": return args.contains(.no) ? .no : args.allSatisfy { $0 == .yes } ? .yes : .maybe
            case "OR_EXPR": return args.contains(.yes) ? .yes : args.allSatisfy { $0 == .no } ? .no : .maybe
            case "NOT_EXPR": return args.count == 1 ? !args[0] : .maybe
            default: return .maybe
            }
        }
        guard let expression = node.node("A_Expr"), let op = (expression["name"]?.items ?? []).last?.stringValue else { return .maybe }
        func isTGOp(_ side: PgNode?) -> Bool {
            (side?.node("ColumnRef")?["fields"]?.items ?? []).compactMap(\.stringValue).map { $0.lowercased() } == ["tg_op"]
        }
        func constant(_ side: PgNode?) -> String? {
            guard let side else { return nil }
            if let cast = side.node("TypeCast"), let argument = cast["arg"] { return constant(argument) }
            guard let value = side.node("A_Const") else { return nil }
            return value["sval"]?["sval"]?.string ?? value["sval"]?.string
        }
        let left = expression["lexpr"], right = expression["rexpr"]
        let equal: Bool
        switch op {
        case "=": equal = true
        case "<>", "!=": equal = false
        default: return .maybe
        }
        switch expression["kind"]?.string {
        case "AEXPR_OP":
            let value = isTGOp(left) ? constant(right) : isTGOp(right) ? constant(left) : nil
            guard let value else { return .maybe }
            return (value == "INSERT") == equal ? .yes : .no
        case "AEXPR_IN":
            guard isTGOp(left), let items = right?.items else { return .maybe }
            let values = items.compactMap(constant)
            guard values.count == items.count else { return .maybe }
            return values.contains("INSERT") == equal ? .yes : .no
        default:
            return .maybe
        }
    }

    static func read(_ code: String) -> [String]? {
        let bytes = Array(code.utf8)
        let lowered = BodyRelevance.lowercasedASCII(bytes)
        var assigned: Set<String> = []
        var i = 0
        func isWord(_ b: UInt8) -> Bool { (b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b >= 0x80 }
        func skipSpace(_ j: inout Int) { while j < lowered.count, [0x20, 0x09, 0x0A, 0x0D].contains(lowered[j]) { j += 1 } }
        // Comments and strings blanked out would be finer; a `new.x :=` in a comment only makes a column less required.
        while i + 3 <= lowered.count {
            defer { i += 1 }
            guard lowered[i] == UInt8(ascii: "n"), lowered[i + 1] == UInt8(ascii: "e"), lowered[i + 2] == UInt8(ascii: "w"),
                  i == 0 || !isWord(lowered[i - 1]), i + 3 == lowered.count || !isWord(lowered[i + 3]) else { continue }
            var j = i + 3
            skipSpace(&j)
            guard j < lowered.count else { break }
            if lowered[j] == UInt8(ascii: ":") || (lowered[j] == UInt8(ascii: "=") && (j + 1 == lowered.count || lowered[j + 1] != UInt8(ascii: "="))) {
                // `NEW := …` / `NEW = …` at a statement's start: the whole row.
                if startsStatement(lowered, before: i) { return nil }
                continue
            }
            guard lowered[j] == UInt8(ascii: ".") else { continue }
            j += 1
            skipSpace(&j)
            var name: String
            if j < lowered.count, lowered[j] == UInt8(ascii: "\"") {
                let start = j + 1
                guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { continue }
                name = String(decoding: bytes[start ..< end], as: UTF8.self)
                j = end + 1
            } else {
                let start = j
                while j < lowered.count, isWord(lowered[j]) || lowered[j] == UInt8(ascii: "$") { j += 1 }
                name = String(decoding: lowered[start ..< j], as: UTF8.self)
            }
            skipSpace(&j)
            guard !name.isEmpty, j < lowered.count else { continue }
            let assigns = (lowered[j] == UInt8(ascii: ":") && j + 1 < lowered.count && lowered[j + 1] == UInt8(ascii: "="))
                || (lowered[j] == UInt8(ascii: "=") && startsStatement(lowered, before: i))
            if assigns { assigned.insert(name) }
        }
        // `SELECT … INTO NEW` / `INTO NEW.x`, and a row rebuilt from a record: the whole row may change.
        if follows(lowered, "into", by: "new") || follows(lowered, "populate_record", by: "new", through: "(") { return nil }
        return assigned.sorted()
    }

    /// Whether word `first` is followed (past spaces, and `through` if given) by word `second`.
    private static func follows(_ lowered: [UInt8], _ first: String, by second: String, through opener: String? = nil) -> Bool {
        let a = Array(first.utf8), b = Array(second.utf8)
        func isWord(_ byte: UInt8) -> Bool { (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte >= 0x80 }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        var i = 0
        while i + a.count <= lowered.count {
            defer { i += 1 }
            guard lowered[i] == a[0], lowered[i ..< i + a.count].elementsEqual(a), i == 0 || !isWord(lowered[i - 1]) else { continue }
            var j = i + a.count
            while j < lowered.count, isSpace(lowered[j]) { j += 1 }
            if let opener {
                guard j < lowered.count, lowered[j] == opener.utf8.first else { continue }
                j += 1
                while j < lowered.count, isSpace(lowered[j]) { j += 1 }
            } else if j == i + a.count {
                continue
            }
            if j + b.count <= lowered.count, lowered[j ..< j + b.count].elementsEqual(b), j + b.count == lowered.count || !isWord(lowered[j + b.count]) {
                return true
            }
        }
        return false
    }

    /// Whether the token before `offset` ends a statement or opens a block (`;`, `then`, `else`, `begin`, `loop`).
    private static func startsStatement(_ lowered: [UInt8], before offset: Int) -> Bool {
        var j = offset - 1
        while j >= 0, [0x20, 0x09, 0x0A, 0x0D].contains(lowered[j]) { j -= 1 }
        guard j >= 0 else { return true }
        if lowered[j] == UInt8(ascii: ";") || lowered[j] == UInt8(ascii: "$") { return true }
        var start = j
        while start >= 0, (lowered[start] >= 0x61 && lowered[start] <= 0x7A) || lowered[start] == 0x5F { start -= 1 }
        let word = String(decoding: lowered[(start + 1) ... j], as: UTF8.self)
        return ["then", "else", "begin", "loop", "declare"].contains(word)
    }
}

/// Whether a `DO` block's PL/pgSQL changes no relation, column, foreign key or trigger the schema replay follows: each
/// of its statements is control flow (`IF`, loops, `RAISE`, assignments, `PERFORM`, an exception handler) or SQL of a
/// kind that cannot (a policy, a grant, a comment, an index, row level security, a publication, a type, DML). The common
/// `DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_policies …) THEN CREATE POLICY … END IF; END $$` then leaves the tables
/// it names as they were. Anything else (`EXECUTE`, DDL, a text that does not parse) is not known to change nothing.
enum DoBlockEffects {
    /// Statements that hold others or change nothing the replay follows.
    private static let controlFlow: Set<String> = [
        "PLpgSQL_stmt_block", "PLpgSQL_stmt_if", "PLpgSQL_if_elsif", "PLpgSQL_stmt_case", "PLpgSQL_case_when", "PLpgSQL_stmt_loop",
        "PLpgSQL_stmt_while", "PLpgSQL_stmt_fori", "PLpgSQL_stmt_fors", "PLpgSQL_stmt_foreach_a", "PLpgSQL_stmt_exit",
        "PLpgSQL_stmt_return", "PLpgSQL_stmt_raise", "PLpgSQL_stmt_assert", "PLpgSQL_stmt_assign", "PLpgSQL_stmt_perform",
        "PLpgSQL_stmt_getdiag", "PLpgSQL_exception_block", "PLpgSQL_exception",
    ]

    /// SQL kinds that change no relation, column, foreign key or trigger.
    private static let harmless: Set<String> = [
        "CreatePolicyStmt", "AlterPolicyStmt", "GrantStmt", "GrantRoleStmt", "AlterDefaultPrivilegesStmt", "CommentStmt",
        "IndexStmt", "InsertStmt", "UpdateStmt", "DeleteStmt", "CreatePublicationStmt", "AlterPublicationStmt", "CreateRoleStmt",
        "AlterRoleStmt", "AlterOwnerStmt", "NotifyStmt", "VariableSetStmt",
        // Types: no relation (`DO $$ BEGIN CREATE TYPE … AS ENUM (…); EXCEPTION WHEN duplicate_object THEN NULL; END $$`).
        "CreateEnumStmt", "AlterEnumStmt", "CompositeTypeStmt", "CreateDomainStmt",
    ]

    /// `ALTER TABLE` commands that change nothing the replay follows.
    private static let harmlessCommands: Set<String> = [
        "AT_EnableRowSecurity", "AT_DisableRowSecurity", "AT_ForceRowSecurity", "AT_NoForceRowSecurity", "AT_ChangeOwner",
        "AT_ReplicaIdentity",
    ]

    static func changesNoRelation(_ code: String) -> Bool {
        let quote = "$naars_do$"
        guard !code.contains(quote), case .success(let functions) = PgQuery.parsePLpgSQL("DO " + quote + code + quote) else { return false }
        return functions.allSatisfy { function in
            guard let action = function.node("PLpgSQL_function")?["action"] else { return false }
            return harmless(action)
        }
    }

    /// Whether every statement under `node` is control flow or harmless SQL.
    private static func harmless(_ node: PgNode) -> Bool {
        switch node {
        case .array(let items):
            return items.allSatisfy(harmless)
        case .object(let fields):
            guard let (kind, body) = node.tagged else { return fields.entries.allSatisfy { harmless($0.value) } }
            if kind == "PLpgSQL_expr" { return true }
            if kind == "PLpgSQL_stmt_execsql" {
                guard let query = (body["sqlstmt"].map { $0.node("PLpgSQL_expr") ?? $0 })?["query"]?.string else { return false }
                return harmlessSQL(query)
            }
            // Variables and their types (`PLpgSQL_var`, `PLpgSQL_row`, …) are no statements.
            if kind.hasPrefix("PLpgSQL_stmt_") || kind.hasPrefix("PLpgSQL_exception") || kind.hasPrefix("PLpgSQL_if") || kind.hasPrefix("PLpgSQL_case") {
                guard controlFlow.contains(kind) else { return false }
                return harmless(body)
            }
            return true
        default:
            return true
        }
    }

    private static func harmlessSQL(_ query: String) -> Bool {
        guard case .success(let tree) = PgQuery.parse(query) else { return false }
        return (tree["stmts"]?.items ?? []).allSatisfy { raw in
            guard let (kind, node) = raw["stmt"]?.tagged else { return false }
            switch kind {
            case "SelectStmt": return node["intoClause"] == nil
            case "DropStmt": return ["OBJECT_POLICY", "OBJECT_INDEX"].contains(node["removeType"]?.string ?? "")
            case "AlterTableStmt":
                return (node["cmds"]?.items ?? []).allSatisfy { harmlessCommands.contains($0.node("AlterTableCmd")?["subtype"]?.string ?? "") }
            default: return harmless.contains(kind)
            }
        }
    }
}
