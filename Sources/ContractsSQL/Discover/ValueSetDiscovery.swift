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
        let index = StatementIndex(history.migrations)
        var out: [DiscoveredValueSet] = []
        for candidate in candidates(history) {
            let target = SQLConstraintTarget(schema: candidate.schema, table: candidate.table, column: candidate.column,
                                             constraint: nil, location: SourceLocation(file: "", line: 1, column: 1))
            if let found = checkSet(index, target) ?? enumSet(index, target) { out.append(found) }
        }
        return out
    }

    /// The statements that can make an event on a column, found without reading every statement for every column:
    /// replaying the whole history once per candidate made `init` quadratic in migrations (every typed column is a
    /// candidate: 4,000 one-table migrations took 31 s). The readers still judge each statement; the index only
    /// leaves out statements they would return nothing for, so the events and their order are the same.
    private struct StatementIndex {
        struct Table: Hashable { var schema: String, table: String }
        struct Column: Hashable { var table: Table, column: String }

        let statements: [(statement: SQLStatement, migration: ParsedMigration)]
        /// Statements about a table that can make events on any of its columns (CREATE TABLE, DROP TABLE, an ALTER
        /// TABLE dropping or renaming a constraint), in replay order.
        private var tableWide: [Table: [Int]] = [:]
        /// ALTER TABLE statements whose every command is about named columns (ADD COLUMN, a CHECK on them, a type
        /// change, DROP COLUMN), under each column they name.
        private var byColumn: [Column: [Int]] = [:]
        /// ENUM-type statements: they make the same events for every column.
        private var enumTypes: [Int] = []
        /// Every name an ENUM type has had (created or renamed to), qualified and lowercased.
        private(set) var enumTypeNames: Set<String> = []

        init(_ migrations: [ParsedMigration]) {
            statements = migrations.flatMap { migration in migration.statements.map { ($0, migration) } }
            for (ordinal, entry) in statements.enumerated() {
                let node = entry.statement.node
                switch entry.statement.kind {
                case "CreateEnumStmt", "AlterEnumStmt":
                    enumTypes.append(ordinal)
                    if entry.statement.kind == "CreateEnumStmt", let type = EnumEventReader.typeName(node["typeName"]?.items) {
                        enumTypeNames.insert(type)
                    }
                case "RenameStmt" where node["renameType"]?.string == "OBJECT_TYPE":
                    enumTypes.append(ordinal)
                    if let from = EnumEventReader.typeName(node["object"]?.items), let to = node["newname"]?.string {
                        enumTypeNames.insert((from.split(separator: ".").first.map(String.init) ?? "public") + "." + to.lowercased())
                    }
                case "DropStmt" where node["removeType"]?.string == "OBJECT_TYPE":
                    enumTypes.append(ordinal)
                case "DropStmt" where node["removeType"]?.string == "OBJECT_TABLE":
                    var tables: Set<Table> = []
                    for object in node["objects"]?.items ?? [] {
                        let parts = object.items.compactMap(\.stringValue).map { $0.lowercased() }
                        guard let table = parts.last else { continue }
                        tables.insert(Table(schema: parts.count > 1 ? parts[parts.count - 2] : "public", table: table))
                    }
                    for table in tables { tableWide[table, default: []].append(ordinal) }
                case "CreateStmt", "AlterTableStmt", "RenameStmt":
                    guard let relation = node["relation"], let name = relation["relname"]?.string?.lowercased() else { continue }
                    let table = Table(schema: relation["schemaname"]?.string?.lowercased() ?? "public", table: name)
                    if entry.statement.kind == "AlterTableStmt", let columns = Self.columns(ofAlter: node) {
                        for column in columns { byColumn[Column(table: table, column: column), default: []].append(ordinal) }
                    } else {
                        tableWide[table, default: []].append(ordinal)
                    }
                default:
                    continue  // neither reader makes an event of any other statement
                }
            }
        }

        /// The columns every command of an ALTER TABLE is about, or nil when one command can make an event on any
        /// column (dropping, validating or renaming a constraint, or a command these rules do not know).
        private static func columns(ofAlter node: PgNode) -> Set<String>? {
            var columns: Set<String> = []
            for item in node["cmds"]?.items ?? [] {
                guard let cmd = item.node("AlterTableCmd") else { return nil }
                switch cmd["subtype"]?.string {
                case "AT_AddColumn":
                    guard let name = cmd["def"]?.node("ColumnDef")?["colname"]?.string?.lowercased() else { return nil }
                    columns.insert(name)
                case "AT_AlterColumnType", "AT_DropColumn":
                    guard let name = cmd["name"]?.string?.lowercased() else { return nil }
                    columns.insert(name)
                case "AT_AddConstraint":
                    // A table-level CHECK makes an event only on a column its expression references.
                    guard let constraint = cmd["def"]?.node("Constraint"), constraint["contype"]?.string == "CONSTR_CHECK",
                          let expr = constraint["raw_expr"] else { return nil }
                    columns.formUnion(SQLExpression.referencedColumns(expr))
                default:
                    return nil
                }
            }
            return columns
        }

        /// The statements that can make a constraint event on `target`'s column (`enums`: or an ENUM-type event),
        /// in replay order.
        func statements(about target: SQLConstraintTarget, enums: Bool) -> [(statement: SQLStatement, migration: ParsedMigration)] {
            let table = Table(schema: target.schema.lowercased(), table: target.table.lowercased())
            var ordinals = (tableWide[table] ?? []) + (byColumn[Column(table: table, column: target.column.lowercased())] ?? [])
            if enums { ordinals += enumTypes }
            return Set(ordinals).sorted().map { statements[$0] }
        }
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

    private static func checkSet(_ index: StatementIndex, _ target: SQLConstraintTarget) -> DiscoveredValueSet? {
        let column = TargetColumn(target)
        let events = index.statements(about: target, enums: false).flatMap { entry in
            let read = ConstraintEventReader.events(in: entry.statement, target: column, constraintName: target.constraintName,
                                                    source: entry.migration.source, folder: entry.migration.folder)
            return read + addedColumnChecks(entry.statement, entry.migration, column).filter { !read.contains($0) }
        }
        let state = ConstraintReplay.state(of: events, target: target)
        guard let effective = ConstraintReplay.effective(of: state, preferring: target.constraintName),
              !effective.values.isEmpty else { return nil }
        let named = state.active.first { $0.name == effective.name }?.definition.name != nil
        return DiscoveredValueSet(schema: target.schema, table: target.table, column: target.column,
                                  constraint: effective.name, constraintNamed: named, enumType: nil,
                                  values: effective.values, location: effective.location)
    }

    /// The CHECKs written on a column `ALTER TABLE … ADD COLUMN x text CHECK (x IN (…))` adds: PostgreSQL names
    /// each `table_column_check`, as for a CHECK in CREATE TABLE, and it restricts the column from then on.
    private static func addedColumnChecks(_ statement: SQLStatement, _ migration: ParsedMigration,
                                          _ target: TargetColumn) -> [ConstraintEvent] {
        guard statement.origin.runsAtMigration, statement.kind == "AlterTableStmt", let relation = statement.node["relation"],
              relation["relname"]?.string?.lowercased() == target.table,
              (relation["schemaname"]?.string?.lowercased() ?? "public") == target.schema else { return [] }
        var out: [ConstraintEvent] = []
        for item in statement.node["cmds"]?.items ?? [] {
            guard let cmd = item.node("AlterTableCmd"), cmd["subtype"]?.string == "AT_AddColumn",
                  let def = cmd["def"]?.node("ColumnDef"), def["colname"]?.string?.lowercased() == target.column else { continue }
            for node in def["constraints"]?.items ?? [] {
                guard let constraint = node.node("Constraint"), constraint["contype"]?.string == "CONSTR_CHECK",
                      let expr = constraint["raw_expr"] else { continue }
                let referenced = SQLExpression.referencedColumns(expr)
                guard referenced.isEmpty || referenced == [target.column] else { continue }
                let location = migration.source.location(constraint["location"]?.int ?? statement.start, statement.map)
                let check = CheckDefinition(name: constraint["conname"]?.string,
                                            values: CheckSetReducer.values(of: expr, column: target.column),
                                            notValid: constraint["skip_validation"]?.isTrue ?? false, singleColumn: true,
                                            location: location)
                out.append(ConstraintEvent(action: .add(check), location: location, folder: migration.folder,
                                           guardCondition: statement.guardCondition))
            }
        }
        return out
    }

    private static func enumSet(_ index: StatementIndex, _ target: SQLConstraintTarget) -> DiscoveredValueSet? {
        let column = TargetColumn(target)
        let read = { (entry: (statement: SQLStatement, migration: ParsedMigration)) in
            EnumEventReader.events(in: entry.statement, target: column, source: entry.migration.source, folder: entry.migration.folder)
        }
        // The column ends typed by an ENUM only if some statement gives it a type an ENUM has had (a rename of the
        // type then follows it): else the ENUM statements, the same for every column, are not replayed for it.
        let typed = index.statements(about: target, enums: false).flatMap(read).contains { event in
            if case .columnType(let type?) = event.action { return index.enumTypeNames.contains(type) }
            return false
        }
        guard typed else { return nil }
        var state = EnumState()
        for event in index.statements(about: target, enums: true).flatMap(read) { state.apply(event) }
        guard let type = state.columnType, let found = state.types[type], !found.values.isEmpty else { return nil }
        return DiscoveredValueSet(schema: target.schema, table: target.table, column: target.column, constraint: nil,
                                  constraintNamed: false, enumType: type, values: found.values, location: found.location)
    }
}
