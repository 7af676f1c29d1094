import ContractsCore
import SwiftSyntax

extension FunctionCallExprSyntax {
    /// The rows of `.from("<table>").insert(rows)` (also `.update`, `.upsert`) when the table is the registry's.
    ///
    /// The table matches by name (`notifications`) or qualified (`public.notifications`); a `.schema("x")`
    /// earlier in the chain must name the registry's schema.
    func rowArgument(table: SQLConstraintTarget) -> ExprSyntax? {
        guard let write = rowWrite, let from = write.query.from else { return nil }
        let named = from == table.table || from == table.qualifiedTable
        guard named, write.query.schema == nil || write.query.schema == table.schema else { return nil }
        return write.rows
    }

    /// `.from(…).insert(rows)` (also `.update`, `.upsert`) of any table: the rows and the query they go to.
    var rowWrite: (rows: ExprSyntax, query: QueryChain)? {
        rowWriteParts.map { ($0.rows, QueryChain($0.base)) }
    }

    /// The rows of `.insert(rows)` (also `.update`, `.upsert`) and the chain the call ends (`client.from("t")`).
    var rowWriteParts: (rows: ExprSyntax, base: ExprSyntax)? {
        guard let member = calledExpression.as(MemberAccessExprSyntax.self),
              ["insert", "update", "upsert"].contains(member.declName.baseName.text),
              let first = arguments.first, first.label == nil || first.label?.text == "values",
              let base = member.base else { return nil }
        return (first.expression, base)
    }

    /// The argument an emitter takes the type in: by label, else by 1-based position.
    func argument(for emitter: FunctionEmitter) -> ExprSyntax? {
        if let label = emitter.label {
            return arguments.first { $0.label?.text == label }?.expression
        }
        guard let position = emitter.argument, position >= 1, position <= arguments.count else { return nil }
        return arguments[arguments.index(arguments.startIndex, offsetBy: position - 1)].expression
    }

    /// The closure of `xs.map { ... }` (also `compactMap`, `flatMap`), trailing or as the only argument.
    var transformClosure: ClosureExprSyntax? {
        guard let member = calledExpression.as(MemberAccessExprSyntax.self),
              ["map", "compactMap", "flatMap"].contains(member.declName.baseName.text) else { return nil }
        return trailingClosure ?? arguments.first?.expression.as(ClosureExprSyntax.self)
    }
}

extension ClosureExprSyntax {
    /// What the closure returns: its single expression, or the values of its own `return` statements.
    var returnedExpressions: [ExprSyntax] {
        if statements.count == 1, let only = statements.first?.item.as(ExprSyntax.self) { return [only] }
        let finder = ReturnFinder(viewMode: .sourceAccurate)
        finder.walk(statements)
        return finder.values
    }

    private final class ReturnFinder: SyntaxVisitor {
        var values: [ExprSyntax] = []
        override func visit(_ node: ReturnStmtSyntax) -> SyntaxVisitorContinueKind {
            if let value = node.expression { values.append(value) }
            return .skipChildren
        }
        override func visit(_ node: ClosureExprSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
    }
}

/// What a supabase-swift call chain (`client.schema("s").from("t").select().eq(…)`) says of its table, read from the
/// link nearest its end down to its first value.
struct QueryChain {
    /// The table of the nearest `.from(…)`: "" when it is not a string literal, nil when the chain has none.
    let from: String?
    /// The schema of a `.schema(…)`, if any ("" when not a string literal).
    let schema: String?
    /// The value the chain starts from (`client`, or a `query` bound earlier).
    let start: ExprSyntax?

    init(from: String?, schema: String?, start: ExprSyntax?) {
        self.from = from
        self.schema = schema
        self.start = start
    }

    init(_ expr: ExprSyntax) {
        var base: ExprSyntax? = expr.unwrapped
        var from: String?
        var schema: String?
        while let call = base?.as(FunctionCallExprSyntax.self), let link = call.calledExpression.as(MemberAccessExprSyntax.self) {
            let literal = call.arguments.first?.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
            if link.declName.baseName.text == "from", from == nil { from = literal ?? "" }
            if link.declName.baseName.text == "schema" { schema = literal ?? "" }
            base = link.base?.unwrapped
        }
        self.from = from
        self.schema = schema
        start = base
    }
}

/// The `QueryChain`s of one file's calls, each link read once: a chain of n filters (`.eq(…).eq(…)…`) asks for n
/// chains that share their links, which read one by one would take n²/2 steps.
final class QueryChains {
    private var known: [SyntaxIdentifier: QueryChain] = [:]
    /// Links read so far, each once.
    private(set) var linksRead = 0

    /// The same as `QueryChain(expr)`.
    func chain(_ expr: ExprSyntax) -> QueryChain {
        var links: [(id: SyntaxIdentifier, name: String, literal: String?)] = []
        var base: ExprSyntax? = expr.unwrapped
        var below: QueryChain?
        while let call = base?.as(FunctionCallExprSyntax.self), let link = call.calledExpression.as(MemberAccessExprSyntax.self) {
            if let chain = known[call.id] {
                below = chain
                break
            }
            let name = link.declName.baseName.text
            let literal = name == "from" || name == "schema"
                ? call.arguments.first?.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue : nil
            links.append((call.id, name, literal))
            linksRead += 1
            base = link.base?.unwrapped
        }
        var chain = below ?? QueryChain(from: nil, schema: nil, start: base)
        // From the first link up: the `.from` nearest the end wins, and the `.schema` nearest the start.
        for link in links.reversed() {
            chain = QueryChain(from: link.name == "from" ? link.literal ?? "" : chain.from,
                               schema: chain.schema ?? (link.name == "schema" ? link.literal ?? "" : nil), start: chain.start)
            known[link.id] = chain
        }
        return chain
    }
}

extension NotificationTypeSet {
    /// Every column that holds the notification enum, each with the key its rows carry the value under: the
    /// payload key in the first column's rows (as the shorthand's one `sql:` has always been read), the column's
    /// own name in another's (`scheduled_notifications.kind`).
    var rowTargets: [(table: SQLConstraintTarget, key: String)] {
        sharedEnum.sql.columns.enumerated().map { i, c in
            (SQLConstraintTarget(schema: c.schema, table: c.table, column: c.column, constraint: c.constraint, location: c.location),
             i == 0 ? payloadKey : c.column)
        }
    }

    /// Whether `file` names a table the enum is written to.
    func namesTable(in file: ParsedSwiftFile) -> Bool {
        sharedEnum.sql.columns.contains { file.mentions($0.table) }
    }
}
