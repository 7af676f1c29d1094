import ContractsCore

/// A statement PostgreSQL would refuse, found while replaying the schema (`sql-schema-error`).
struct SchemaError: Sendable, Equatable {
    var location: SourceLocation
    var message: String
    var fix: String
    var subject: FindingSubject
}

/// Replays the schema the migrations leave (`ProjectSchema`) from the statements each migration's facts keep
/// (`SchemaStatement`), in replay order, and notes the statements PostgreSQL would refuse on the way (`errors`).
///
/// Types are printed as PostgreSQL's `format_type` prints them with `public` on the search path (`integer`,
/// `character varying(40)`, `timestamp with time zone`, `text[]`, a type of `public` unqualified, another schema's
/// qualified); a type it cannot print surely (an extension's type with modifiers, `%TYPE`) is nil. View columns have
/// no type. A statement the replay cannot follow (a `DO` block that may run DDL, one that does not parse) makes the
/// names its text mentions unknown (`ProjectSchema.unknownNames`, and those relations' columns incomplete), or
/// everything (`EXECUTE` of a string composed at run time).
struct SchemaReplay {
    typealias Name = ProjectSchema.Name

    /// What the replay keeps of a relation besides the model.
    private struct State {
        var relation: ProjectSchema.Relation
        /// For a view: the columns of other relations its query reads, when every reference was resolved.
        var dependencies: Set<ColumnRef> = []
        /// For a view: every relation its query names (dropped with it by `CASCADE`).
        var reads: Set<Name> = []
        /// Triggers on it: name → (function, whether it runs `BEFORE INSERT` for each row).
        var triggers: [String: (function: Name, beforeInsert: Bool)] = [:]
        var parents: [Name] = []
    }

    struct ColumnRef: Hashable, Sendable {
        var relation: Name
        var column: String
    }

    private var states: [Name: State] = [:]
    private var functions: [Name: [(function: ProjectSchema.Function, identity: [String], assigns: [String]?, returns: Name?)]] = [:]
    private var dropped: [Name: SourceLocation] = [:]
    private var unknownSchemas: Set<String> = []
    private var unknownNames: Set<String> = []
    private var schemas: Set<String> = ["public"]
    private var extensionSchemas: Set<String> = []
    private var rowFunctionSchemas: Set<String> = []
    private var unknownRelationSchemas: Set<String> = []
    /// The relations each extension the replay knows created (dropped with it).
    private var extensionRelations: [String: [Name]] = [:]
    private(set) var errors: [SchemaError] = []

    /// Supabase's own schemas: what the migrations do not create there is unknown, not missing.
    static let platformSchemas: Set<String> = [
        "auth", "storage", "realtime", "extensions", "vault", "graphql", "graphql_public", "net", "supabase_functions",
        "pgsodium", "pgsodium_masks", "cron", "pg_catalog", "information_schema", "supabase_migrations",
    ]

    /// Supabase's well-known relations, known without a migration; their column lists are not complete.
    static let platformRelations: [ProjectSchema.Relation] = {
        func relation(_ schema: String, _ name: String, _ columns: [(String, String, Bool)], primaryKey: [String] = ["id"]) -> ProjectSchema.Relation {
            var relation = ProjectSchema.Relation(
                name: Name(schema: schema, name), kind: .table,
                columns: columns.map { ProjectSchema.Column(name: $0.0, type: $0.1, notNull: $0.2, hasDefault: true) },
                columnsComplete: false, foreignKeysComplete: false, assignedByTriggers: nil)
            relation.primaryKey = primaryKey
            return relation
        }
        return [
            relation("auth", "users", [
                ("id", "uuid", true), ("email", "character varying(255)", false), ("phone", "text", false),
                ("created_at", "timestamp with time zone", false), ("updated_at", "timestamp with time zone", false),
                ("last_sign_in_at", "timestamp with time zone", false), ("raw_user_meta_data", "jsonb", false),
                ("raw_app_meta_data", "jsonb", false), ("email_confirmed_at", "timestamp with time zone", false),
                ("role", "character varying(255)", false), ("aud", "character varying(255)", false),
                ("is_anonymous", "boolean", true), ("deleted_at", "timestamp with time zone", false),
            ]),
            relation("auth", "identities", [
                ("id", "uuid", true), ("user_id", "uuid", true), ("identity_data", "jsonb", true), ("provider", "text", true),
                ("provider_id", "text", true), ("email", "text", false), ("last_sign_in_at", "timestamp with time zone", false),
                ("created_at", "timestamp with time zone", false), ("updated_at", "timestamp with time zone", false),
            ]),
            relation("storage", "buckets", [
                ("id", "text", true), ("name", "text", true), ("owner", "uuid", false), ("owner_id", "text", false),
                ("public", "boolean", false), ("file_size_limit", "bigint", false), ("allowed_mime_types", "text[]", false),
                ("created_at", "timestamp with time zone", false), ("updated_at", "timestamp with time zone", false),
            ]),
            relation("storage", "objects", [
                ("id", "uuid", true), ("bucket_id", "text", false), ("name", "text", false), ("owner", "uuid", false),
                ("owner_id", "text", false), ("metadata", "jsonb", false), ("path_tokens", "text[]", false),
                ("version", "text", false), ("user_metadata", "jsonb", false),
                ("created_at", "timestamp with time zone", false), ("updated_at", "timestamp with time zone", false),
                ("last_accessed_at", "timestamp with time zone", false),
            ]),
        ]
    }()

    /// The schema `migrations` leave, and the statements PostgreSQL would refuse on the way.
    static func replay(_ migrations: [MigrationFacts]) -> (schema: ProjectSchema, errors: [SchemaError]) {
        var replay = SchemaReplay()
        for relation in platformRelations { replay.states[relation.name] = State(relation: relation) }
        replay.unknownSchemas = platformSchemas
        for migration in migrations {
            for statement in migration.schema { replay.apply(statement) }
        }
        return (replay.result(), replay.errors)
    }

    // MARK: - Result

    private func result() -> ProjectSchema {
        var relations: [Name: ProjectSchema.Relation] = [:]
        for (name, state) in states {
            var relation = state.relation
            // Which columns `BEFORE INSERT` triggers assign: nil when one runs a function the replay cannot read.
            if relation.kind == .table, relation.assignedByTriggers != nil {
                var assigned: Set<String>? = []
                for trigger in state.triggers.values where trigger.beforeInsert {
                    let overload = functions[trigger.function]?.first { $0.identity.isEmpty }
                    guard let assigns = overload?.assigns else { assigned = nil; break }
                    assigned?.formUnion(assigns)
                }
                relation.assignedByTriggers = assigned
            }
            relation.foreignKeys = relation.foreignKeys.map { key in
                guard key.referencedColumns.isEmpty, let target = states[key.references] else { return key }
                var resolved = key
                resolved.referencedColumns = target.relation.primaryKey
                return resolved
            }
            relations[name] = relation
        }
        var functionsOut: [Name: [ProjectSchema.Function]] = [:]
        for (name, overloads) in functions where !overloads.isEmpty {
            functionsOut[name] = overloads.map { entry in
                var function = entry.function
                if function.returnedColumns == nil, let table = entry.returns, let relation = relations[table], relation.columnsComplete {
                    function.returnedColumns = relation.columns
                }
                return function
            }
        }
        var schema = ProjectSchema(relations: relations, functions: functionsOut, dropped: dropped, unknownSchemas: unknownSchemas)
        schema.unknownNames = unknownNames
        schema.schemas = schemas
        schema.extensionSchemas = extensionSchemas
        schema.rowFunctionSchemas = rowFunctionSchemas
        schema.unknownRelationSchemas = unknownRelationSchemas
        return schema
    }

    // MARK: - Statements

    private mutating func apply(_ statement: SchemaStatement) {
        switch statement.operation {
        case .createTable(let table)?: return createTable(table, statement)
        case .createFunction(let function)?: return createFunction(function, statement)
        case .createTrigger(let table, let function, let trigger, let beforeInsert)?:
            if states[table] != nil { states[table]!.triggers[trigger] = (function, beforeInsert) }
            return
        case .drop(let drop)?: return self.drop(drop, statement)
        case nil: break
        }
        let node = statement.node
        switch statement.kind {
        case "AlterTableStmt": alterTable(node, statement)
        case "RenameStmt": rename(node, statement)
        case "ViewStmt": createView(node, statement)
        case "CreateTableAsStmt": createTableAs(node, statement)
        case "CreateSchemaStmt":
            if let name = node["schemaname"]?.string {
                schemas.insert(name)
                if !(node["schemaElts"]?.items ?? []).isEmpty { unknownSchemas.insert(name) }
            }
        case "AlterObjectSchemaStmt": setSchema(node, statement)
        case "CreateExtensionStmt":
            // Its functions and types are the extension's: unknown in its schema (`WITH SCHEMA x`, else `public`).
            let schema = MigrationParser.defElem("schema", in: node["options"]?.items ?? [])?["arg"]?.stringValue ?? "public"
            extensionSchemas.insert(schema)
            if !ExtensionCatalog.rowless.contains((node["extname"]?.string ?? "").lowercased()) { rowFunctionSchemas.insert(schema) }
            createExtension(node["extname"]?.string ?? "", in: schema)
        case "CreateSeqStmt":
            guard let rangeVar = node["sequence"], rangeVar["relpersistence"]?.string != "t", let name = Self.relationName(rangeVar) else { return }
            if states[name] != nil, node["if_not_exists"]?.isTrue == true { return }
            create(Self.sequence(name, at: statement.location))
        case "ImportForeignSchemaStmt":
            // Foreign tables of names only the remote server knows.
            if let schema = node["local_schema"]?.string { unknownRelationSchemas.insert(schema) }
        case "Unknown": unknown(statement)
        default: break
        }
    }

    /// A statement the replay cannot follow: what its text names becomes unknown.
    private mutating func unknown(_ statement: SchemaStatement) {
        if statement.unknownEverything {
            unknownSchemas.insert("*")
            for name in Array(states.keys) { makeIncomplete(name) }
            return
        }
        let words = Set(statement.unknownWords)
        unknownNames.formUnion(words)
        for name in Array(states.keys) where words.contains(name.name) { makeIncomplete(name) }
    }

    private mutating func makeIncomplete(_ name: Name) {
        states[name]?.relation.columnsComplete = false
        states[name]?.relation.foreignKeysComplete = false
        states[name]?.dependencies = []
        if states[name]?.relation.kind == .table { states[name]?.relation.assignedByTriggers = nil }
    }

    static func relationName(_ rangeVar: PgNode?) -> Name? {
        guard let rangeVar, let name = rangeVar["relname"]?.string else { return nil }
        return Name(schema: rangeVar["schemaname"]?.string ?? "public", name)
    }

    static func qualified(_ list: PgNode?) -> Name? {
        let parts = (list?.items ?? []).compactMap(\.stringValue)
        guard let last = parts.last else { return nil }
        return Name(schema: parts.count > 1 ? parts[parts.count - 2] : "public", last)
    }

    private mutating func create(_ relation: ProjectSchema.Relation) {
        states[relation.name] = State(relation: relation)
        dropped[relation.name] = nil
    }

    private mutating func createTable(_ table: SchemaTableDefinition, _ statement: SchemaStatement) {
        let name = table.name
        if states[name] != nil, table.ifNotExists { return }
        var relation = ProjectSchema.Relation(name: name, kind: table.foreign ? .foreignTable : .table, columns: [], location: statement.location)
        var parents: [Name] = []
        for parent in table.parents {
            guard let parentName = parent, let state = states[parentName] else {
                relation.columnsComplete = false
                relation.foreignKeysComplete = false
                continue
            }
            parents.append(parentName)
            if !state.relation.columnsComplete { relation.columnsComplete = false }
            for column in state.relation.columns where relation.column(column.name) == nil {
                var inherited = column
                inherited.location = statement.location
                relation.columns.append(inherited)
            }
        }
        if table.ofType { relation.columnsComplete = false }
        for element in table.elements {
            switch element {
            case .column(let definition):
                ownedSequence(of: name, definition)
                let column = columnDefinition(definition, statement, into: &relation)
                if let index = relation.columns.firstIndex(where: { $0.name == column.name }) {
                    // A partition's or child's own clause on an inherited column.
                    relation.columns[index].notNull = relation.columns[index].notNull || column.notNull
                    relation.columns[index].hasDefault = relation.columns[index].hasDefault || column.hasDefault
                } else {
                    relation.columns.append(column)
                }
            case .like(let source, let options):
                guard let source, let state = states[source] else {
                    relation.columnsComplete = false
                    continue
                }
                if !state.relation.columnsComplete { relation.columnsComplete = false }
                for column in state.relation.columns where relation.column(column.name) == nil {
                    var copied = column
                    // Defaults, identities and generated values come along only when asked (`INCLUDING DEFAULTS`, …).
                    copied.hasDefault = column.hasDefault && options & ((1 << 3) | (1 << 4) | (1 << 5)) != 0
                    copied.location = statement.location
                    relation.columns.append(copied)
                }
            }
        }
        for constraint in table.constraints { tableConstraint(constraint, into: &relation) }
        create(relation)
        states[name]?.parents = parents
    }

    /// A column definition; its inline primary and foreign keys applied to `relation`.
    private func columnDefinition(_ definition: SchemaColumnDefinition, _ statement: SchemaStatement,
                                  into relation: inout ProjectSchema.Relation) -> ProjectSchema.Column {
        if definition.primaryKey { relation.primaryKey = [definition.name] }
        relation.foreignKeys += definition.foreignKeys
        return ProjectSchema.Column(name: definition.name, type: definition.type, notNull: definition.notNull, hasDefault: definition.hasDefault,
                                    location: statement.columnLocations[definition.name] ?? statement.location)
    }

    private func tableConstraint(_ constraint: SchemaConstraint, into relation: inout ProjectSchema.Relation) {
        switch constraint {
        case .primaryKey(let keys):
            relation.primaryKey = keys
            for key in keys {
                if let index = relation.columns.firstIndex(where: { $0.name == key }) { relation.columns[index].notNull = true }
            }
        case .foreignKey(let key):
            relation.foreignKeys.append(key)
        }
    }

    static func foreignKey(_ constraint: PgNode, table: Name, columns: [String]) -> ProjectSchema.ForeignKey? {
        guard let references = Self.relationName(constraint["pktable"]) else { return nil }
        let name = constraint["conname"]?.string ?? Self.objectName(table.name, columns.joined(separator: "_"), "fkey")
        return ProjectSchema.ForeignKey(name: name, columns: columns, references: references,
                                        referencedColumns: (constraint["pk_attrs"]?.items ?? []).compactMap(\.stringValue))
    }

    /// PostgreSQL's `makeObjectName`: `<name1>_<name2>_<label>`, the longer part cut until it fits 63 bytes.
    static func objectName(_ name1: String, _ name2: String, _ label: String) -> String {
        var first = Array(name1.utf8), second = Array(name2.utf8)
        let available = 63 - (label.utf8.count + 1) - (second.isEmpty ? 0 : 1)
        while first.count + second.count > available {
            if first.count > second.count { first.removeLast() } else { second.removeLast() }
        }
        let parts = [String(decoding: first, as: UTF8.self)] + (second.isEmpty ? [] : [String(decoding: second, as: UTF8.self)]) + [label]
        return parts.joined(separator: "_")
    }

    static func isNullConstant(_ node: PgNode?) -> Bool {
        guard let node else { return false }
        if let constant = node.node("A_Const") { return constant["isnull"]?.isTrue == true }
        if let cast = node.node("TypeCast") { return isNullConstant(cast["arg"]) }
        return false
    }

    private mutating func alterTable(_ node: PgNode, _ statement: SchemaStatement) {
        guard let name = Self.relationName(node["relation"]) else { return }
        let ifExists = node["missing_ok"]?.isTrue == true
        guard var state = states[name] else { return }
        let complete = state.relation.columnsComplete && !unknownSchemas.contains("*")
        // A statement PostgreSQL refuses changes nothing (it runs whole or not at all).
        let errorsBefore = errors.count
        let relationLabel = name.description
        for item in node["cmds"]?.items ?? [] {
            guard let command = item.node("AlterTableCmd") else { continue }
            let columnName = command["name"]?.string
            let missingOK = command["missing_ok"]?.isTrue == true
            /// The column the command names, or nil (an error noted when PostgreSQL would refuse the statement).
            func existing(_ verb: String) -> Int? {
                guard let columnName else { return nil }
                if let index = state.relation.columns.firstIndex(where: { $0.name == columnName }) { return index }
                if complete, !missingOK, !unknownNames.contains(columnName) {
                    let dropped = state.relation.droppedColumns[columnName].map { " (it was dropped or renamed at \($0))" } ?? ""
                    errors.append(SchemaError(
                        location: statement.location,
                        message: "\(verb) column \(columnName) of \(relationLabel), which has no such column at this point\(dropped); "
                            + "PostgreSQL refuses it: column \"\(columnName)\" of relation \"\(name.name)\" does not exist",
                        fix: "name an existing column (\(Self.list(state.relation.columns.map(\.name)))), or add `IF EXISTS`",
                        subject: .relationColumn(relation: relationLabel, column: columnName)))
                }
                return nil
            }
            switch command["subtype"]?.string {
            case "AT_AddColumn":
                guard let definition = command["def"]?.node("ColumnDef") else { continue }
                var relation = state.relation
                let read = SchemaColumnDefinition.read(definition, table: name)
                let column = columnDefinition(read, statement, into: &relation)
                if relation.column(column.name) != nil { continue }
                ownedSequence(of: name, read)
                relation.columns.append(column)
                relation.droppedColumns[column.name] = nil
                state.relation = relation
                propagate(to: name) { child in
                    if child.column(column.name) == nil { child.columns.append(column) }
                }
            case "AT_DropColumn":
                guard let index = existing("It drops") else { continue }
                let column = state.relation.columns[index].name
                let cascade = command["behavior"]?.string == "DROP_CASCADE"
                let ref = ColumnRef(relation: name, column: column)
                let dependents = states.filter { $0.value.dependencies.contains(ref) }.map(\.key).sorted()
                if !dependents.isEmpty, !cascade {
                    errors.append(SchemaError(
                        location: statement.location,
                        message: "It drops column \(column) of \(relationLabel), which view \(dependents[0]) still selects; PostgreSQL refuses it: "
                            + "cannot drop column \(column) of table \(name.name) because other objects depend on it",
                        fix: "drop or replace view \(dependents[0]) first (without the column), or drop the column with CASCADE",
                        subject: .relationColumn(relation: relationLabel, column: column)))
                }
                state.relation.columns.remove(at: index)
                state.relation.droppedColumns[column] = statement.location
                if cascade {
                    states[name] = state
                    for view in dependents { dropRelation(view, at: statement.location, cascade: true) }
                    // Views that read the table but whose references were not all resolved may have gone too.
                    for (other, otherState) in states where otherState.reads.contains(name) && otherState.dependencies.isEmpty
                        && otherState.relation.kind != .table {
                        unknownNames.insert(other.name)
                        states[other] = nil
                    }
                    guard let again = states[name] else { return }
                    state = again
                }
                propagate(to: name) { child in
                    child.columns.removeAll { $0.name == column }
                    child.droppedColumns[column] = statement.location
                }
            case "AT_AlterColumnType":
                guard let index = existing("It changes the type of") else { continue }
                if let typeName = command["def"]?.node("ColumnDef")?["typeName"] {
                    state.relation.columns[index].type = Self.formatType(typeName.node("TypeName") ?? typeName)
                }
            case "AT_SetNotNull":
                guard let index = existing("It sets NOT NULL on") else { continue }
                state.relation.columns[index].notNull = true
            case "AT_DropNotNull":
                guard let index = existing("It drops NOT NULL from") else { continue }
                state.relation.columns[index].notNull = false
            case "AT_ColumnDefault":
                guard let index = existing(command["def"] == nil ? "It drops the default of" : "It sets the default of") else { continue }
                state.relation.columns[index].hasDefault = command["def"] != nil && !Self.isNullConstant(command["def"])
            case "AT_AddIdentity":
                guard let index = existing("It adds an identity to") else { continue }
                unknownNames.insert(Self.objectName(name.name, state.relation.columns[index].name, "seq"))
                state.relation.columns[index].hasDefault = true
                state.relation.columns[index].notNull = true
            case "AT_DropIdentity":
                guard let index = existing("It drops the identity of") else { continue }
                state.relation.columns[index].hasDefault = false
            case "AT_AddConstraint":
                guard let constraint = command["def"]?.node("Constraint").flatMap({ SchemaConstraint.read($0, table: name) }) else { continue }
                tableConstraint(constraint, into: &state.relation)
            case "AT_DropConstraint":
                if let columnName { state.relation.foreignKeys.removeAll { $0.name == columnName } }
            case "AT_AddInherit", "AT_DropInherit", "AT_AddOf", "AT_DropOf":
                state.relation.columnsComplete = false
            default:
                break
            }
        }
        if errors.count > errorsBefore { return }
        states[name] = state
    }

    /// Applies `change` to every relation that inherits `parent` (and theirs).
    private mutating func propagate(to parent: Name, _ change: (inout ProjectSchema.Relation) -> Void, depth: Int = 0) {
        guard depth < 16 else { return }
        for child in states.keys.filter({ states[$0]!.parents.contains(parent) }) {
            change(&states[child]!.relation)
            propagate(to: child, change, depth: depth + 1)
        }
    }

    private mutating func rename(_ node: PgNode, _ statement: SchemaStatement) {
        switch node["renameType"]?.string {
        case "OBJECT_TABLE", "OBJECT_VIEW", "OBJECT_MATVIEW", "OBJECT_FOREIGN_TABLE", "OBJECT_SEQUENCE":
            guard let old = Self.relationName(node["relation"]), let newName = node["newname"]?.string else { return }
            let new = Name(schema: old.schema, newName)
            guard var state = states.removeValue(forKey: old) else {
                if unknownNames.contains(old.name) || isUnknown(old.schema) || unknownRelationSchemas.contains(old.schema) {
                    unknownNames.insert(newName)
                }
                return
            }
            state.relation.name = new
            states[new] = state
            dropped[old] = statement.location
            dropped[new] = nil
            renameReferences(from: old, to: new)
        case "OBJECT_COLUMN":
            guard let table = Self.relationName(node["relation"]), let old = node["subname"]?.string,
                  let new = node["newname"]?.string, var state = states[table] else { return }
            guard let index = state.relation.columns.firstIndex(where: { $0.name == old }) else {
                if state.relation.columnsComplete, !unknownSchemas.contains("*"), !unknownNames.contains(old) {
                    errors.append(SchemaError(
                        location: statement.location,
                        message: "It renames column \(old) of \(table), which has no such column at this point; PostgreSQL refuses it: "
                            + "column \"\(old)\" does not exist",
                        fix: "name an existing column (\(Self.list(state.relation.columns.map(\.name))))",
                        subject: .relationColumn(relation: table.description, column: old)))
                }
                return
            }
            state.relation.columns[index].name = new
            state.relation.columns[index].location = statement.location
            state.relation.droppedColumns[old] = statement.location
            state.relation.droppedColumns[new] = nil
            for i in state.relation.foreignKeys.indices {
                state.relation.foreignKeys[i].columns = state.relation.foreignKeys[i].columns.map { $0 == old ? new : $0 }
            }
            state.relation.primaryKey = state.relation.primaryKey.map { $0 == old ? new : $0 }
            states[table] = state
            for (other, otherState) in states {
                if otherState.dependencies.contains(ColumnRef(relation: table, column: old)) {
                    states[other]!.dependencies.remove(ColumnRef(relation: table, column: old))
                    states[other]!.dependencies.insert(ColumnRef(relation: table, column: new))
                }
                for i in otherState.relation.foreignKeys.indices where otherState.relation.foreignKeys[i].references == table {
                    states[other]!.relation.foreignKeys[i].referencedColumns = otherState.relation.foreignKeys[i].referencedColumns.map { $0 == old ? new : $0 }
                }
            }
            propagate(to: table) { child in
                if let i = child.columns.firstIndex(where: { $0.name == old }) { child.columns[i].name = new }
            }
        case "OBJECT_TABCONSTRAINT":
            guard let table = Self.relationName(node["relation"]), let old = node["subname"]?.string,
                  let new = node["newname"]?.string, var state = states[table] else { return }
            for i in state.relation.foreignKeys.indices where state.relation.foreignKeys[i].name == old {
                state.relation.foreignKeys[i].name = new
            }
            states[table] = state
        case "OBJECT_FUNCTION", "OBJECT_PROCEDURE":
            guard let object = node["object"]?.node("ObjectWithArgs").flatMap(SchemaFunctionReference.read),
                  let newName = node["newname"]?.string else { return }
            let old = object.name
            let new = Name(schema: old.schema, newName)
            guard let index = overloadIndex(object) else {
                unknownNames.insert(newName)
                return
            }
            var entry = functions[old]!.remove(at: index)
            if functions[old]!.isEmpty { dropped[old] = statement.location }
            entry.function.name = new
            functions[new, default: []].append(entry)
        case "OBJECT_SCHEMA":
            guard let old = node["subname"]?.string, let new = node["newname"]?.string else { return }
            unknownSchemas.formUnion([old, new])
        default:
            break
        }
    }

    private mutating func renameReferences(from old: Name, to new: Name) {
        for name in Array(states.keys) {
            var state = states[name]!
            for i in state.relation.foreignKeys.indices where state.relation.foreignKeys[i].references == old {
                state.relation.foreignKeys[i].references = new
            }
            state.dependencies = Set(state.dependencies.map { $0.relation == old ? ColumnRef(relation: new, column: $0.column) : $0 })
            if state.reads.remove(old) != nil { state.reads.insert(new) }
            state.parents = state.parents.map { $0 == old ? new : $0 }
            states[name] = state
        }
        for (name, overloads) in functions {
            for i in overloads.indices where overloads[i].returns == old { functions[name]![i].returns = new }
        }
    }

    private func isUnknown(_ schema: String) -> Bool { unknownSchemas.contains("*") || unknownSchemas.contains(schema) }

    private mutating func setSchema(_ node: PgNode, _ statement: SchemaStatement) {
        guard let newSchema = node["newschema"]?.string else { return }
        switch node["objectType"]?.string {
        case "OBJECT_TABLE", "OBJECT_VIEW", "OBJECT_MATVIEW", "OBJECT_FOREIGN_TABLE", "OBJECT_SEQUENCE":
            guard let old = Self.relationName(node["relation"]) else { return }
            let new = Name(schema: newSchema, old.name)
            guard var state = states.removeValue(forKey: old) else { return }
            state.relation.name = new
            states[new] = state
            dropped[old] = statement.location
            renameReferences(from: old, to: new)
        case "OBJECT_FUNCTION", "OBJECT_PROCEDURE":
            guard let object = node["object"]?.node("ObjectWithArgs").flatMap(SchemaFunctionReference.read) else { return }
            let old = object.name
            guard let index = overloadIndex(object) else {
                unknownNames.insert(old.name)
                return
            }
            var entry = functions[old]!.remove(at: index)
            entry.function.name = Name(schema: newSchema, old.name)
            functions[entry.function.name, default: []].append(entry)
        case "OBJECT_EXTENSION":
            // Its relations, functions and types move along.
            guard let extensionName = node["object"]?.stringValue?.lowercased() else { return }
            extensionSchemas.insert(newSchema)
            if !ExtensionCatalog.rowless.contains(extensionName) { rowFunctionSchemas.insert(newSchema) }
            guard let created = extensionRelations[extensionName] else {
                if !ExtensionCatalog.withoutRelations.contains(extensionName) { unknownRelationSchemas.insert(newSchema) }
                return
            }
            var moved: [Name] = []
            for old in created {
                guard var state = states.removeValue(forKey: old) else { continue }
                let new = Name(schema: newSchema, old.name)
                state.relation.name = new
                states[new] = state
                dropped[old] = statement.location
                renameReferences(from: old, to: new)
                moved.append(new)
            }
            extensionRelations[extensionName] = moved
        default:
            break
        }
    }

    private mutating func dropRelation(_ name: Name, at location: SourceLocation, cascade: Bool) {
        guard states.removeValue(forKey: name) != nil else { return }
        dropped[name] = location
        // Views reading it go with it (`CASCADE`; without, PostgreSQL refuses, which only the column case reports).
        if cascade {
            for (other, state) in states where state.reads.contains(name) && state.relation.kind != .table {
                dropRelation(other, at: location, cascade: true)
            }
        }
    }

    private mutating func drop(_ drop: SchemaDrop, _ statement: SchemaStatement) {
        switch drop.objects {
        case .relations(let names):
            for name in names { dropRelation(name, at: statement.location, cascade: drop.cascade) }
        case .functions(let references):
            for reference in references {
                let name = reference.name
                if reference.argumentsUnspecified {
                    if functions[name]?.isEmpty == false { dropped[name] = statement.location }
                    functions[name] = nil
                } else if let index = overloadIndex(reference) {
                    functions[name]!.remove(at: index)
                    if functions[name]!.isEmpty {
                        functions[name] = nil
                        dropped[name] = statement.location
                    }
                }
            }
        case .schemas(let names):
            for schema in names {
                schemas.remove(schema)
                guard drop.cascade else { continue }
                for name in states.keys where name.schema == schema { dropRelation(name, at: statement.location, cascade: true) }
                for name in functions.keys where name.schema == schema {
                    functions[name] = nil
                    dropped[name] = statement.location
                }
            }
        case .triggers(let triggers):
            for (table, trigger) in triggers { states[table]?.triggers[trigger] = nil }
        case .extensions(let names):
            for name in names { dropExtension(name, at: statement.location) }
        }
    }

    /// The overload `reference` (`DROP FUNCTION f(integer, text)`) names, by its input argument types.
    private func overloadIndex(_ reference: SchemaFunctionReference) -> Int? {
        guard let overloads = functions[reference.name], !overloads.isEmpty else { return nil }
        if reference.argumentsUnspecified { return overloads.count == 1 ? 0 : nil }
        return overloads.firstIndex { $0.identity == reference.types }
    }

    static func identityType(_ type: String) -> String {
        // Argument types match without their modifiers (`varchar(10)` is `character varying`).
        guard let open = type.firstIndex(of: "("), let close = type.firstIndex(of: ")") else { return type }
        return String(type[..<open]) + String(type[type.index(after: close)...])
    }

    private mutating func createFunction(_ definition: SchemaFunctionDefinition, _ statement: SchemaStatement) {
        let name = definition.name
        let returns = definition.returnsRelation.flatMap { states[$0] != nil ? $0 : nil }
        let function = ProjectSchema.Function(name: name, arguments: definition.arguments,
                                              returnedColumns: definition.returned.isEmpty ? nil : definition.returned,
                                              returnType: definition.returnType, location: statement.location)
        let entry = (function: function, identity: definition.identity, assigns: statement.assigns, returns: returns)
        if let index = functions[name]?.firstIndex(where: { $0.identity == definition.identity }) {
            functions[name]![index] = entry
        } else {
            functions[name, default: []].append(entry)
        }
        dropped[name] = nil
    }

    // MARK: - Sequences and extensions

    /// A sequence as PostgreSQL's catalog shows it: a relation of three columns.
    static func sequence(_ name: Name, at location: SourceLocation?) -> ProjectSchema.Relation {
        ProjectSchema.Relation(name: name, kind: .sequence, columns: [
            ProjectSchema.Column(name: "last_value", type: "bigint", notNull: true, location: location),
            ProjectSchema.Column(name: "log_cnt", type: "bigint", notNull: true, location: location),
            ProjectSchema.Column(name: "is_called", type: "boolean", notNull: true, location: location),
        ], assignedByTriggers: [], location: location)
    }

    /// The name PostgreSQL gives the sequence a serial or identity column owns (`<table>_<column>_seq`, unless taken):
    /// unknown, not missing (the replay does not follow it as a relation).
    private mutating func ownedSequence(of table: Name, _ column: SchemaColumnDefinition) {
        guard column.ownsSequence else { return }
        unknownNames.insert(Self.objectName(table.name, column.name, "seq"))
    }

    /// `CREATE EXTENSION name` into `schema`: the relations it is known to create there (their column lists not
    /// complete, no location: no migration writes them), the schemas of its own unknown; an extension the replay does
    /// not know makes every relation not found in `schema` unknown.
    private mutating func createExtension(_ extensionName: String, in schema: String) {
        let key = extensionName.lowercased()
        if extensionRelations[key] != nil || ExtensionCatalog.withoutRelations.contains(key) { return }
        guard let entry = ExtensionCatalog.withRelations[key] else {
            unknownRelationSchemas.insert(schema)
            return
        }
        unknownSchemas.formUnion(entry.ownSchemas)
        var created: [Name] = []
        for relation in entry.relations {
            let name = Name(schema: schema, relation.name)
            guard states[name] == nil else { continue }
            create(ProjectSchema.Relation(
                name: name, kind: relation.kind, columns: relation.columns.map { ProjectSchema.Column(name: $0.0, type: $0.1) },
                columnsComplete: false, foreignKeysComplete: false, assignedByTriggers: nil))
            created.append(name)
        }
        extensionRelations[key] = created
    }

    /// `DROP EXTENSION name`: the relations it created go with it.
    private mutating func dropExtension(_ extensionName: String, at location: SourceLocation) {
        guard let created = extensionRelations.removeValue(forKey: extensionName.lowercased()) else { return }
        for name in created { dropRelation(name, at: location, cascade: true) }
    }

    // MARK: - Views

    private mutating func createView(_ node: PgNode, _ statement: SchemaStatement) {
        guard let rangeVar = node["view"], rangeVar["relpersistence"]?.string != "t", let name = Self.relationName(rangeVar) else { return }
        let query = node["query"]?.node("SelectStmt") ?? PgNode.null
        let aliases = (node["aliases"]?.items ?? []).compactMap(\.stringValue)
        defineView(name, kind: .view, query: query, aliases: aliases, replace: node["replace"]?.isTrue == true, statement)
    }

    private mutating func createTableAs(_ node: PgNode, _ statement: SchemaStatement) {
        guard let into = node["into"].map({ $0.node("IntoClause") ?? $0 }), let rangeVar = into["rel"], rangeVar["relpersistence"]?.string != "t",
              let name = Self.relationName(rangeVar) else { return }
        if states[name] != nil, node["if_not_exists"]?.isTrue == true { return }
        let query = node["query"]?.node("SelectStmt") ?? PgNode.null
        let aliases = (into["colNames"]?.items ?? []).compactMap(\.stringValue)
        let kind: ProjectSchema.RelationKind = node["objtype"]?.string == "OBJECT_MATVIEW" ? .materializedView : .table
        defineView(name, kind: kind, query: query, aliases: aliases, replace: false, statement)
    }

    private mutating func defineView(_ name: Name, kind: ProjectSchema.RelationKind, query: PgNode, aliases: [String], replace: Bool,
                                     _ statement: SchemaStatement) {
        let read = readSelect(query)
        var columns: [String]? = read.names
        if var names = columns {
            for (index, alias) in aliases.enumerated() where index < names.count { names[index] = alias }
            columns = names
        } else if !aliases.isEmpty {
            columns = nil
        }
        var relation = ProjectSchema.Relation(
            name: name, kind: kind, columns: (columns ?? []).map { ProjectSchema.Column(name: $0, type: nil, location: statement.location) },
            columnsComplete: columns != nil, foreignKeys: [], foreignKeysComplete: true, assignedByTriggers: [], location: statement.location)
        if kind == .table { relation.assignedByTriggers = [] }
        let errorsBefore = errors.count
        if replace, let old = states[name], old.relation.kind == .view, old.relation.columnsComplete, let new = columns {
            let before = old.relation.columns.map(\.name)
            if new.count < before.count, Array(before.prefix(new.count)) == new {
                errors.append(SchemaError(
                    location: statement.location,
                    message: "CREATE OR REPLACE VIEW \(name) leaves out column \(before[new.count]) that the view has; PostgreSQL refuses it: "
                        + "cannot drop columns from view",
                    fix: "drop the view first (DROP VIEW \(name.description);), or keep every existing column and add new ones at the end",
                    subject: .relationColumn(relation: name.description, column: before[new.count])))
            } else if let index = before.indices.first(where: { $0 >= new.count || before[$0] != new[$0] }) {
                let message = index < new.count
                    ? "cannot change name of view column \"\(before[index])\" to \"\(new[index])\""
                    : "cannot drop columns from view"
                errors.append(SchemaError(
                    location: statement.location,
                    message: "CREATE OR REPLACE VIEW \(name) puts \(index < new.count ? "column \(new[index])" : "no column") where the view has "
                        + "column \(before[index]) (position \(index + 1)); PostgreSQL refuses it: \(message)",
                    fix: "drop the view first (DROP VIEW \(name.description);), or keep the existing columns in order and add the new column at the end",
                    subject: .relationColumn(relation: name.description, column: before[index])))
            }
        }
        // PostgreSQL refuses it: the view stays as it was.
        if errors.count > errorsBefore { return }
        if replace, let old = states[name] {
            // Triggers and the rest stay with the view; its columns and dependencies are the new query's.
            var state = old
            state.relation = relation
            state.dependencies = read.dependencies ?? []
            state.reads = read.reads
            states[name] = state
        } else {
            create(relation)
            states[name]!.dependencies = read.dependencies ?? []
            states[name]!.reads = read.reads
        }
    }

    /// A query's output column names (nil when unknown), the columns it reads (nil when not every reference was
    /// resolved), and every relation it names.
    private func readSelect(_ select: PgNode) -> (names: [String]?, dependencies: Set<ColumnRef>?, reads: Set<Name>) {
        var reads: Set<Name> = []
        var ctes: Set<String> = []
        for cte in select["withClause"]?["ctes"]?.items ?? [] {
            if let cteName = cte.node("CommonTableExpr")?["ctename"]?.string { ctes.insert(cteName) }
        }
        select.forEachTagged { kind, body, _ in
            if kind == "RangeVar", let name = Self.relationName(body), body["schemaname"] != nil || !ctes.contains(name.name) {
                reads.insert(name)
            }
        }
        if let op = select["op"]?.string, op != "SETOP_NONE" {
            let none: (names: [String]?, dependencies: Set<ColumnRef>?, reads: Set<Name>) = (nil, nil, [])
            let left = select["larg"].map(readSelect) ?? none
            let right = select["rarg"].map(readSelect) ?? none
            let dependencies = left.dependencies.flatMap { l in right.dependencies.map { l.union($0) } }
            return (left.names, dependencies, reads)
        }
        if let values = select["valuesLists"]?.items, let first = values.first {
            return ((1 ... max(first.items.count, 1)).map { "column\($0)" }, [], reads)
        }
        // The FROM items, flattened through plain joins: (name used, relation if known and its columns complete).
        var items: [(label: String, relation: ProjectSchema.Relation?)] = []
        var starSafe = true
        func visitFrom(_ node: PgNode) {
            if let rangeVar = node.node("RangeVar"), let name = Self.relationName(rangeVar) {
                let label = rangeVar["alias"]?["aliasname"]?.string ?? name.name
                let isCTE = rangeVar["schemaname"] == nil && ctes.contains(name.name)
                var relation = isCTE ? nil : states[name]?.relation
                if rangeVar["alias"]?["colnames"] != nil { relation = nil }
                if relation?.columnsComplete == false { relation = nil }
                items.append((label, relation))
            } else if let join = node.node("JoinExpr") {
                if join["usingClause"] != nil || join["isNatural"]?.isTrue == true || join["alias"] != nil { starSafe = false }
                if let left = join["larg"] { visitFrom(left) }
                if let right = join["rarg"] { visitFrom(right) }
            } else {
                let label = node.tagged?.body["alias"]?["aliasname"]?.string ?? ""
                items.append((label, nil))
            }
        }
        for from in select["fromClause"]?.items ?? [] { visitFrom(from) }
        var dependencies: Set<ColumnRef>? = []
        func resolve(_ fields: [PgNode]) -> ColumnRef? {
            let parts = fields.compactMap(\.stringValue)
            guard parts.count == fields.count else { return nil }
            if parts.count == 1 {
                let holders = items.filter { $0.relation?.column(parts[0]) != nil }
                guard holders.count == 1, items.allSatisfy({ $0.relation != nil }) else { return nil }
                return ColumnRef(relation: holders[0].relation!.name, column: parts[0])
            }
            if parts.count == 2, let item = items.first(where: { $0.label == parts[0] }), let relation = item.relation,
               relation.column(parts[1]) != nil {
                return ColumnRef(relation: relation.name, column: parts[1])
            }
            return nil
        }
        // Column references of this query level (subqueries have their own scope and are not followed).
        func collect(_ node: PgNode) {
            switch node {
            case .object(let fields):
                if let (kind, body) = node.tagged {
                    if kind == "SubLink" || kind == "RangeSubselect" || kind == "SelectStmt" {
                        dependencies = nil
                        return
                    }
                    if kind == "ColumnRef" {
                        let fields = body["fields"]?.items ?? []
                        if fields.last?.node("A_Star") != nil { return }
                        if let ref = resolve(fields) { dependencies?.insert(ref) } else { dependencies = nil }
                        return
                    }
                    collect(body)
                } else {
                    for (_, value) in fields.entries { collect(value) }
                }
            case .array(let list):
                for item in list { collect(item) }
            default:
                break
            }
        }
        for key in ["targetList", "fromClause", "whereClause", "groupClause", "havingClause", "sortClause"] {
            if let part = select[key] { collect(part) }
        }
        var names: [String]? = []
        for item in select["targetList"]?.items ?? [] {
            guard let target = item.node("ResTarget") else { names = nil; continue }
            if let alias = target["name"]?.string {
                names?.append(alias)
                continue
            }
            if let fields = target["val"]?.node("ColumnRef")?["fields"]?.items, fields.last?.node("A_Star") != nil {
                // `*` or `t.*`: the columns of the relations named, when every one is known.
                let qualifier = fields.count > 1 ? fields[fields.count - 2].stringValue : nil
                let expanded = qualifier.map { label in items.filter { $0.label == label } } ?? items
                guard starSafe || qualifier != nil, !expanded.isEmpty, expanded.allSatisfy({ $0.relation != nil }) else {
                    names = nil
                    continue
                }
                for item in expanded {
                    names?.append(contentsOf: item.relation!.columns.map(\.name))
                    for column in item.relation!.columns { dependencies?.insert(ColumnRef(relation: item.relation!.name, column: column.name)) }
                }
                continue
            }
            guard let val = target["val"], let figured = Self.figureColumnName(val) else { names = nil; continue }
            names?.append(figured.name)
        }
        return (names, dependencies, reads)
    }

    /// PostgreSQL's `FigureColname`: the name of an output column written without an alias, and how sure (2: a
    /// column or function name, 1: a keyword like `case`, 0: `?column?`). Nil for a form the replay does not name.
    static func figureColumnName(_ node: PgNode) -> (name: String, strength: Int)? {
        guard let (kind, body) = node.tagged else { return nil }
        switch kind {
        case "ColumnRef":
            guard let last = (body["fields"]?.items ?? []).last?.stringValue else { return ("?column?", 0) }
            return (last, 2)
        case "A_Indirection":
            if let last = (body["indirection"]?.items ?? []).last(where: { $0.stringValue != nil || $0.node("A_Star") != nil }),
               let name = last.stringValue, (body["indirection"]?.items ?? []).last?.stringValue != nil {
                return (name, 2)
            }
            return body["arg"].flatMap(figureColumnName) ?? ("?column?", 0)
        case "FuncCall":
            guard let last = (body["funcname"]?.items ?? []).last?.stringValue else { return nil }
            return (last, 2)
        case "A_Expr":
            return body["kind"]?.string == "AEXPR_NULLIF" ? ("nullif", 2) : ("?column?", 0)
        case "TypeCast":
            let inner = body["arg"].flatMap(figureColumnName) ?? ("?column?", 0)
            if inner.strength <= 1, let type = (body["typeName"]?["names"]?.items ?? []).last?.stringValue { return (type, 1) }
            return inner
        case "CollateClause":
            return body["arg"].flatMap(figureColumnName) ?? ("?column?", 0)
        case "GroupingFunc":
            return ("grouping", 2)
        case "SubLink":
            switch body["subLinkType"]?.string {
            case "EXISTS_SUBLINK": return ("exists", 2)
            case "ARRAY_SUBLINK": return ("array", 2)
            case "EXPR_SUBLINK":
                guard let select = body["subselect"]?.node("SelectStmt"), let first = select["targetList"]?.items.first?.node("ResTarget") else { return nil }
                if let alias = first["name"]?.string { return (alias, 2) }
                guard let val = first["val"], let inner = figureColumnName(val) else { return nil }
                return inner.strength > 0 ? inner : ("?column?", 0)
            default: return ("?column?", 0)
            }
        case "CaseExpr":
            // The ELSE result's name when it has a strong one (`CASE … ELSE d.note END` is `note`).
            if let result = body["defresult"].flatMap(figureColumnName), result.strength > 1 { return result }
            return ("case", 1)
        case "A_ArrayExpr": return ("array", 1)
        case "RowExpr": return ("row", 1)
        case "CoalesceExpr": return ("coalesce", 2)
        case "MinMaxExpr": return (body["op"]?.string == "IS_LEAST" ? "least" : "greatest", 2)
        case "SQLValueFunction":
            let names = ["SVFOP_CURRENT_DATE": "current_date", "SVFOP_CURRENT_TIME": "current_time", "SVFOP_CURRENT_TIME_N": "current_time",
                         "SVFOP_CURRENT_TIMESTAMP": "current_timestamp", "SVFOP_CURRENT_TIMESTAMP_N": "current_timestamp",
                         "SVFOP_LOCALTIME": "localtime", "SVFOP_LOCALTIME_N": "localtime", "SVFOP_LOCALTIMESTAMP": "localtimestamp",
                         "SVFOP_LOCALTIMESTAMP_N": "localtimestamp", "SVFOP_CURRENT_ROLE": "current_role", "SVFOP_CURRENT_USER": "current_user",
                         "SVFOP_USER": "user", "SVFOP_SESSION_USER": "session_user", "SVFOP_CURRENT_CATALOG": "current_catalog",
                         "SVFOP_CURRENT_SCHEMA": "current_schema"]
            return body["op"]?.string.flatMap { names[$0] }.map { ($0, 2) }
        case "XmlExpr", "XmlSerialize":
            return nil
        default:
            return ("?column?", 0)
        }
    }

    // MARK: - Types

    static let serials: [String: String] = [
        "serial": "integer", "serial4": "integer", "bigserial": "bigint", "serial8": "bigint", "smallserial": "smallint", "serial2": "smallint",
    ]

    private static let builtinNames: [String: String] = [
        "int2": "smallint", "int4": "integer", "int8": "bigint", "float4": "real", "float8": "double precision", "bool": "boolean",
        "varchar": "character varying", "bpchar": "character", "timestamptz": "timestamp with time zone",
        "timestamp": "timestamp without time zone", "timetz": "time with time zone", "time": "time without time zone",
        "varbit": "bit varying", "numeric": "numeric", "bit": "bit", "interval": "interval", "decimal": "numeric",
    ]

    /// A `TypeName` as `format_type` prints it, or nil when the replay cannot say.
    static func formatType(_ typeName: PgNode) -> String? {
        if typeName["pct_type"]?.isTrue == true { return nil }
        let parts = (typeName["names"]?.items ?? []).compactMap(\.stringValue)
        guard let last = parts.last, parts.count == (typeName["names"]?.items.count ?? 0) else { return nil }
        let schema = parts.count > 1 ? parts[parts.count - 2] : nil
        var modifiers: [Int] = []
        for modifier in typeName["typmods"]?.items ?? [] {
            guard let constant = modifier.node("A_Const"), let value = constant["ival"] else { return nil }
            modifiers.append(value["ival"]?.int ?? 0)
        }
        let array = (typeName["arrayBounds"]?.items ?? []).isEmpty ? "" : "[]"
        var printed: String
        if schema == nil || schema == "pg_catalog", let builtin = builtinNames[last] {
            let mods = modifiers.map(String.init).joined(separator: ",")
            switch last {
            case "timestamptz", "timestamp", "timetz", "time":
                guard modifiers.count <= 1 else { return nil }
                let base = last.hasPrefix("timestamp") ? "timestamp" : "time"
                let zone = last.hasSuffix("tz") ? " with time zone" : " without time zone"
                printed = base + (modifiers.isEmpty ? "" : "(\(mods))") + zone
            case "numeric", "decimal":
                guard modifiers.count <= 2 else { return nil }
                printed = "numeric" + (modifiers.isEmpty ? "" : modifiers.count == 1 ? "(\(mods),0)" : "(\(mods))")
            case "interval":
                guard modifiers.isEmpty else { return nil }
                printed = builtin
            case "bpchar" where schema == nil:
                // Written `bpchar` (not `char`): unpadded unless given a length.
                printed = modifiers.isEmpty ? "bpchar" : "character(\(mods))"
            default:
                guard modifiers.count <= 1 else { return nil }
                printed = builtin + (modifiers.isEmpty ? "" : "(\(mods))")
            }
        } else {
            guard modifiers.isEmpty else { return nil }
            if let schema, schema != "public", schema != "pg_catalog" {
                printed = "\(quoteIfNeeded(schema)).\(quoteIfNeeded(last))"
            } else {
                printed = quoteIfNeeded(last)
            }
        }
        return printed + array
    }

    private static func quoteIfNeeded(_ name: String) -> String {
        let plain = name.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
            && !(name.first?.isNumber ?? true)
        return plain ? name : "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func list(_ names: [String]) -> String {
        names.count <= 8 ? names.joined(separator: ", ") : names.prefix(8).joined(separator: ", ") + ", …"
    }
}
