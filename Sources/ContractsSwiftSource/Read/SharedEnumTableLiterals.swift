import ContractsCore
import SwiftSyntax

/// String literals one file writes into, or filters on, a column that holds a shared enum, each with the column it
/// meets: judged against the enum of that table's column, never a neighbour's.
///
/// The places (supabase-swift):
/// - a row sent to `.from("t").insert(…)`, `.update(…)` or `.upsert(…)`: the column's value in a dictionary
///   (`"status": "x"`, `AnyJSON.string("x")`, `.string("x")`), or an `Encodable` row type's property encoded under
///   the column (`NewRoom(status: "x")`, or `var status = "x"` when the call leaves it out), followed as
///   `TypeValueWrites` follows notification rows (arrays, `map`, names, parameters);
/// - a filter: `.eq("status", value: "x")`, `.neq(…)`, `.in("status", values: ["x", …])`, on the chain's own
///   `.from("t")`, or on a query bound to a name earlier (`let query = client.from("t").select()`).
///
/// When the table is not a string literal (`.from(table)`) or the filter's chain has no `.from`, the table is
/// unknown: the literal is kept with the column's name only, for the candidates' judgement.
struct SharedEnumTableLiterals {
    /// One literal and what it meets.
    struct Use {
        let literal: StringLiteralExprSyntax
        /// The column's name as the code spells it.
        let column: String
        /// The table's column with a shared enum; nil when the table is unknown.
        let target: (sharedEnum: SharedEnum, column: SQLColumn)?
        /// Written (a row) or only compared (a filter).
        let written: Bool
    }

    /// In source order; a literal met twice is kept once.
    let uses: [Use]

    init(_ file: ParsedSwiftFile, registry: Registry, projectTypes: DeclaredTypes) {
        let columnNames = Set(registry.enums.flatMap(\.sql.columns).map(\.column))
        guard !columnNames.isEmpty else {
            uses = []
            return
        }
        let index = ScopeIndex(viewMode: .sourceAccurate)
        index.walk(file.syntax)
        func resolver(_ key: String) -> RowResolver {
            RowResolver(key: key, index: index, encoded: projectTypes.encoded, defaults: file.types)
        }
        let tables = Tables(index: index)
        let writes = index.calls.compactMap { call in call.rowWriteParts.map { ($0.rows, tables.table($0.base)) } }
        // A row bound to a name and sent to several tables (`row` reused across queries) holds each table's values:
        // its literals are judged as a row of an unknown table's.
        var tablesOfRow: [RowName: Set<String>] = [:]
        for (rows, table) in writes {
            guard let key = Self.rowName(rows, index: index), case .some(.some(let table)) = table else { continue }
            tablesOfRow[key, default: []].insert((table.schema ?? "") + "." + table.name)
        }
        var found: [Use] = []
        for (rows, written) in writes {
            var table = written
            if let key = Self.rowName(rows, index: index), (tablesOfRow[key]?.count ?? 0) > 1 { table = .some(nil) }
            for target in Self.targets(table, columnNames: columnNames, registry: registry) {
                found += resolver(target.column).values(inRows: rows).map {
                    Use(literal: $0, column: target.column, target: target.enumColumn, written: true)
                }
            }
        }
        for call in index.calls {
            guard let filter = Self.filter(call), columnNames.contains(filter.column), let base = filter.base else { continue }
            // A filter is a query's whatever its chain shows: without a `.from`, of an unknown table.
            for target in Self.targets(tables.table(base) ?? .some(nil), columnNames: [filter.column], registry: registry) {
                found += filter.values.flatMap { resolver(target.column).values(of: $0) }.map {
                    Use(literal: $0, column: target.column, target: target.enumColumn, written: false)
                }
            }
        }
        var seen = Set<SyntaxIdentifier>()
        uses = found.filter { seen.insert($0.literal.id).inserted }.sorted { $0.literal.position < $1.literal.position }
    }

    /// The tables of one file's queries, each chain and each name a query is bound to read once (`QueryChains`).
    private final class Tables {
        let index: ScopeIndex
        let chains = QueryChains()
        private var byName: [SyntaxIdentifier: (name: String, schema: String?)??] = [:]

        init(index: ScopeIndex) { self.index = index }

        /// The table the chain `expr` ends names: `.some(name)`, `.some(nil)` when it is a query of an unknown table
        /// (`.from(table)`), nil when nothing shows it is a query of a table (`rows.insert(row, at: 0)` is an
        /// array's). A chain that starts from a name bound to a query takes that query's table, when every binding
        /// the name has in its scope agrees.
        func table(_ expr: ExprSyntax) -> (name: String, schema: String?)?? {
            let chain = chains.chain(expr)
            if let from = chain.from { return from.isEmpty ? .some(nil) : .some((from, chain.schema)) }
            guard let start = chain.start, let ref = start.as(DeclReferenceExprSyntax.self) else { return nil }
            if let known = byName[ref.id] { return known }
            let found = boundTable(ref)
            byName[ref.id] = found
            return found
        }

        private func boundTable(_ ref: DeclReferenceExprSyntax) -> (name: String, schema: String?)?? {
            let name = ref.baseName.plainName
            guard let scope = index.scope(binding: name, at: Syntax(ref)) else { return nil }
            let queries = index.initializers(of: name, in: scope).map { QueryChain($0) }.filter { $0.from != nil }
            guard let first = queries.first, let from = first.from else { return nil }
            guard !from.isEmpty, queries.allSatisfy({ $0.from == from && $0.schema == first.schema }) else { return .some(nil) }
            return .some((from, first.schema))
        }
    }

    /// A name a row is sent by, with the scope that binds it.
    private struct RowName: Hashable {
        let name: String
        let scope: SyntaxIdentifier?
    }

    /// The name a row is sent by (`row` in `.insert(row)`).
    private static func rowName(_ rows: ExprSyntax, index: ScopeIndex) -> RowName? {
        guard let ref = rows.withoutCast.as(DeclReferenceExprSyntax.self) else { return nil }
        let name = ref.baseName.plainName
        guard let scope = index.scope(binding: name, at: Syntax(ref)) else { return nil }
        return RowName(name: name, scope: scope)
    }

    /// The columns a row or filter of `table` may meet: the table's enum columns among `columnNames`, or, for an
    /// unknown table, every name with no column (the candidates decide).
    private static func targets(_ table: (name: String, schema: String?)??, columnNames: Set<String>,
                                registry: Registry) -> [(column: String, enumColumn: (sharedEnum: SharedEnum, column: SQLColumn)?)] {
        guard let table else { return [] }
        guard let table else { return columnNames.sorted().map { ($0, nil) } }
        return registry.enums.flatMap { e in
            e.sql.columns.filter { column in
                columnNames.contains(column.column)
                    && (table.name == column.table || table.name == column.schema + "." + column.table)
                    && (table.schema == nil || table.schema == column.schema)
            }.map { (column: $0.column, enumColumn: (e, $0)) }
        }
    }

    /// `.eq("col", value: x)`, `.neq("col", value: x)`, `.in("col", values: [x, …])`: the column, the values'
    /// expressions, and the chain below the call.
    private static func filter(_ call: FunctionCallExprSyntax) -> (column: String, values: [ExprSyntax], base: ExprSyntax?)? {
        guard let member = call.calledExpression.as(MemberAccessExprSyntax.self) else { return nil }
        let name = member.declName.baseName.text
        guard ["eq", "neq", "in"].contains(name) else { return nil }
        let arguments = Array(call.arguments)
        guard arguments.count == 2, arguments[0].label == nil || arguments[0].label?.text == "column",
              let column = arguments[0].expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue else { return nil }
        if name == "in" {
            guard arguments[1].label?.text == "values" || arguments[1].label?.text == "value",
                  let array = arguments[1].expression.unwrapped.as(ArrayExprSyntax.self) else { return nil }
            return (column, array.elements.map(\.expression), member.base)
        }
        guard arguments[1].label?.text == "value" else { return nil }
        return (column, [arguments[1].expression], member.base)
    }
}
