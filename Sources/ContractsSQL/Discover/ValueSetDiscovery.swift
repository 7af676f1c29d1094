import ContractsCore
import ContractsMigrations

/// A column whose values the database restricts to a set, as the replayed history leaves it: what `init` offers
/// as the notification-type column.
public struct DiscoveredValueSet: Sendable, Equatable {
    public var schema: String
    public var table: String
    public var column: String
    /// The CHECK constraint's name (as written, or PostgreSQL's default), nil for an ENUM-typed column.
    public var constraint: String?
    /// Whether the constraint's name was written in the migration (false: PostgreSQL chose it).
    public var constraintNamed: Bool
    /// The ENUM type (`public.remote_match_status`), nil for a CHECK constraint.
    public var enumType: String?
    /// The values allowed, in the order written (CHECK) or PostgreSQL's sort order (ENUM).
    public var values: [String]
    /// Where the constraint or the type was last defined.
    public var location: SourceLocation?
}

/// Finds every CHECK constraint of the `IN (...)` / `= ANY (ARRAY[...])` shape and every ENUM-typed column in
/// a project's migrations, then replays the history for each, with the same readers `check` uses.
public enum ValueSetDiscovery {
    /// The value sets left at the end of the history, sorted by table then column.
    public static func valueSets(folders: [MigrationFolder], tree: FileTree) throws -> [DiscoveredValueSet] {
        let files = try folders.flatMap { try MigrationCatalog.files(in: $0, tree: tree) }
        let history = MigrationHistory(migrations: try files.map { file in
            MigrationParser.parse(text: try tree.readText(file.path), path: file.path, folder: file.folder.dir)
        })
        var out: [DiscoveredValueSet] = []
        for candidate in candidates(history) {
            let target = SQLConstraintTarget(schema: candidate.schema, table: candidate.table, column: candidate.column,
                                             constraint: nil, location: SourceLocation(file: "", line: 1, column: 1))
            if let found = checkSet(history, target) ?? enumSet(history, target) { out.append(found) }
        }
        return out
    }

    private struct Candidate: Hashable, Comparable {
        var schema: String, table: String, column: String
        static func < (a: Candidate, b: Candidate) -> Bool {
            (a.schema, a.table, a.column) < (b.schema, b.table, b.column)
        }
    }

    /// Columns some migration gives a reducible CHECK or an ENUM-typed definition.
    private static func candidates(_ history: MigrationHistory) -> [Candidate] {
        var found: Set<Candidate> = []
        for migration in history.migrations {
            for statement in migration.statements where statement.origin.runsAtMigration {
                guard let relation = statement.node["relation"],
                      let table = relation["relname"]?.string?.lowercased() else { continue }
                let schema = relation["schemaname"]?.string?.lowercased() ?? "public"
                let add = { (column: String) in found.insert(Candidate(schema: schema, table: table, column: column)) }
                switch statement.kind {
                case "CreateStmt":
                    for element in statement.node["tableElts"]?.items ?? [] {
                        if let def = element.node("ColumnDef"), let name = def["colname"]?.string?.lowercased() {
                            let typed = (def["typeName"]?.node("TypeName") ?? def["typeName"])?["names"]?.items.count ?? 0
                            if typed > 0 { add(name) }  // an ENUM type is judged by the replay, any type is a candidate
                            for constraint in def["constraints"]?.items ?? [] where reducible(constraint, name) { add(name) }
                        } else {
                            checkColumn(element).map(add)
                        }
                    }
                case "AlterTableStmt":
                    for item in statement.node["cmds"]?.items ?? [] {
                        guard let cmd = item.node("AlterTableCmd") else { continue }
                        if cmd["subtype"]?.string == "AT_AddConstraint", let def = cmd["def"] { checkColumn(def).map(add) }
                        if let def = cmd["def"]?.node("ColumnDef"), let name = def["colname"]?.string?.lowercased() { add(name) }
                        if cmd["subtype"]?.string == "AT_AlterColumnType", let name = cmd["name"]?.string?.lowercased() { add(name) }
                    }
                default:
                    continue
                }
            }
        }
        return found.sorted()
    }

    /// The single column a table-level CHECK reduces to a value set on, if any.
    private static func checkColumn(_ node: PgNode) -> String? {
        guard let constraint = node.node("Constraint"), let expr = constraint["raw_expr"] else { return nil }
        let columns = SQLExpression.referencedColumns(expr)
        guard columns.count == 1, let column = columns.first, reducible(node, column) else { return nil }
        return column
    }

    private static func reducible(_ node: PgNode, _ column: String) -> Bool {
        guard let constraint = node.node("Constraint"), constraint["contype"]?.string == "CONSTR_CHECK",
              let expr = constraint["raw_expr"] else { return false }
        return CheckSetReducer.values(of: expr, column: column) != nil
    }

    private static func checkSet(_ history: MigrationHistory, _ target: SQLConstraintTarget) -> DiscoveredValueSet? {
        let state = ConstraintReplay.state(of: history.constraintEvents(for: target), target: target)
        guard let effective = ConstraintReplay.effective(of: state, preferring: target.constraintName),
              !effective.values.isEmpty else { return nil }
        let named = state.active.first { $0.name == effective.name }?.definition.name != nil
        return DiscoveredValueSet(schema: target.schema, table: target.table, column: target.column,
                                  constraint: effective.name, constraintNamed: named, enumType: nil,
                                  values: effective.values, location: effective.location)
    }

    private static func enumSet(_ history: MigrationHistory, _ target: SQLConstraintTarget) -> DiscoveredValueSet? {
        var state = EnumState()
        for event in history.enumEvents(for: target) { state.apply(event) }
        guard let type = state.columnType, let found = state.types[type], !found.values.isEmpty else { return nil }
        return DiscoveredValueSet(schema: target.schema, table: target.table, column: target.column, constraint: nil,
                                  constraintNamed: false, enumType: type, values: found.values, location: found.location)
    }
}
