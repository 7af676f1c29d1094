import ContractsCore

/// One raw statement (or PL/pgSQL expression) from a migration, with where it came from.
///
/// Statements inside DO blocks and function bodies are parsed again on their own; `map` takes their
/// offsets back to the file.
struct SQLStatement: Sendable, Equatable {
    /// Where the statement runs.
    enum Origin: Sendable, Equatable {
        /// A statement of the migration file itself.
        case topLevel
        /// Inside a `DO` block: runs when the migration runs.
        case doBlock
        /// Inside a function's body (schema-qualified, lowercased name): runs when the function is called.
        case function(String)

        /// Whether the statement runs when the migration is applied.
        var runsAtMigration: Bool { self == .topLevel || self == .doBlock }
    }

    /// What a PL/pgSQL fragment is to its function.
    enum Role: Sendable, Equatable {
        case statement
        /// `RETURN expr` (parsed as `SELECT expr`).
        case returnValue
        /// `var := expr` (parsed as `SELECT expr`).
        case assignment(String)
        /// `IF cond`, `WHILE cond`, ... (parsed as `SELECT cond`).
        case condition
    }

    /// Tagged node kind (`AlterTableStmt`).
    var kind: String
    var node: PgNode
    var map: OffsetMap
    /// Fragment offset of the statement's first token.
    var start: Int
    var origin: Origin
    var role: Role = .statement
    /// PL/pgSQL variables a `SELECT ... INTO` fills.
    var into: [String] = []
    /// The `IF [NOT] EXISTS (... pg_constraint ...)` this statement runs under, when it is one.
    var guardCondition: ConstraintGuard?
}

/// A condition on a constraint's existence that a DO block checks before acting.
enum ConstraintGuard: Sendable, Equatable {
    case present(String)
    case absent(String)

    var inverted: ConstraintGuard {
        switch self {
        case .present(let name): return .absent(name)
        case .absent(let name): return .present(name)
        }
    }
}

/// A `CREATE [OR REPLACE] FUNCTION` in a migration.
struct FunctionDefinition: Sendable, Equatable {
    /// Schema-qualified, lowercased (`public.get_badge_counts`).
    var name: String
    var language: String
    var location: SourceLocation
    /// Statements and PL/pgSQL expressions of its body.
    var body: [SQLStatement]
    /// The whole `CREATE FUNCTION` statement as written: `db-function-drift` compares its parse tree with the
    /// live database's.
    var statementText: String = ""
    /// Where `statementText` is in the file, as byte offsets (the memo keeps these, not the text).
    var statementBytes: Range<Int> = 0 ..< 0
    /// A later definition replaces it, so its body was only checked for syntax errors (`SupersededFunctions`): `body`
    /// is empty.
    var bodySkipped = false
    /// The names of the schema its body uses (`BodyNameReader`): read from the body in force only (none when
    /// `bodySkipped`), whether or not `body` holds its statements.
    var names: [BodyName] = []
}

/// A migration after parsing: its statements, the functions it defines, and what did not parse.
struct ParsedMigration: Sendable, Equatable {
    var source: SQLSource
    var folder: String
    var statements: [SQLStatement]
    var functions: [FunctionDefinition]
    var syntaxErrors: [SQLSyntaxError]
    /// Statements that run at migration time (top level or DO block) which PostgreSQL cannot parse: the
    /// replay skips them, and whether one could change the type column's value set is judged from its text.
    var unparsed: [UnparsedStatement] = []
    /// Where the statements and bodies `BodyRelevance` left unread are (byte ranges of the file), as far as the parse
    /// that made this tree knows (nil for a tree from the memo): a read with more needles must parse again only if
    /// one is in them (`MigrationHistory.load`). Not part of what the tree says (`==` leaves it out).
    var unread: [Range<Int>]?
    /// The statements the schema replay reads (`SchemaStatement`), read at parse time: its DDL trees that no other
    /// reader needs are decoded for it alone and not kept in `statements`.
    var schema: [SchemaStatement] = []

    static func == (a: ParsedMigration, b: ParsedMigration) -> Bool {
        a.source == b.source && a.folder == b.folder && a.statements == b.statements && a.functions == b.functions
            && a.syntaxErrors == b.syntaxErrors && a.unparsed == b.unparsed && a.schema == b.schema
    }
}

/// A statement left out of the replay because it does not parse.
struct UnparsedStatement: Sendable, Equatable {
    var location: SourceLocation
    var text: String
}

/// A text PostgreSQL's parser rejects, where and why.
struct SQLSyntaxError: Sendable, Equatable {
    var location: SourceLocation
    var message: String
}
