import ContractsCore

/// What the schema replay reads of the most frequent DDL statements (a table created, a function, a trigger, a drop),
/// read from the tree at parse time into plain values: a migration's facts keep these instead of the tree
/// (`SchemaStatement.operation`), so the memo holds and decodes a few names and flags per column, not a tree.
/// Whatever depends on the schema at that point (whether a parent or a returned table exists) is left to the replay.
enum SchemaOperation: Sendable, Equatable {
    typealias Name = ProjectSchema.Name

    case createTable(SchemaTableDefinition)
    case createFunction(SchemaFunctionDefinition)
    /// `CREATE TRIGGER name … ON table … EXECUTE FUNCTION function()`; `beforeInsert`: it runs `BEFORE INSERT` for
    /// each row.
    case createTrigger(table: Name, function: Name, trigger: String, beforeInsert: Bool)
    case drop(SchemaDrop)

    /// The operation a statement of `kind` amounts to; nil for a kind read from its tree (`KeptSchemaTree`), or a
    /// statement the replay changes nothing for (a temporary table, a nameless one).
    static func read(_ kind: String, _ node: PgNode) -> SchemaOperation?? {
        switch kind {
        case "CreateStmt": return .some(SchemaTableDefinition.read(node).map(SchemaOperation.createTable))
        case "CreateForeignTableStmt":
            return .some(node["base"].flatMap { SchemaTableDefinition.read($0, foreign: true) }.map(SchemaOperation.createTable))
        case "CreateFunctionStmt": return .some(SchemaFunctionDefinition.read(node).map(SchemaOperation.createFunction))
        case "CreateTrigStmt":
            guard let table = SchemaReplay.relationName(node["relation"]), let function = SchemaReplay.qualified(node["funcname"]),
                  let trigger = node["trigname"]?.string else { return .some(nil) }
            let timing = node["timing"]?.int ?? 0, events = node["events"]?.int ?? 0
            let beforeInsert = timing & 2 != 0 && events & 4 != 0 && node["row"]?.isTrue == true
            return .some(.createTrigger(table: table, function: function, trigger: trigger, beforeInsert: beforeInsert))
        case "DropStmt": return .some(SchemaDrop.read(node).map(SchemaOperation.drop))
        default: return nil
        }
    }
}

/// `CREATE TABLE`: its columns and `LIKE` clauses in order, then its table constraints.
struct SchemaTableDefinition: Sendable, Equatable {
    enum Element: Sendable, Equatable {
        case column(SchemaColumnDefinition)
        /// `LIKE source INCLUDING …`: nil when the source is not a plain name; `options`: libpg_query's bits.
        case like(ProjectSchema.Name?, options: Int)
    }

    var name: ProjectSchema.Name
    var ifNotExists: Bool
    /// `INHERITS (…)` / `PARTITION OF`: nil for a parent that is not a plain name.
    var parents: [ProjectSchema.Name?]
    /// `CREATE TABLE t OF type`: its columns are the type's.
    var ofType: Bool
    var elements: [Element]
    var constraints: [SchemaConstraint]
    /// `CREATE FOREIGN TABLE`.
    var foreign = false

    /// Nil for a temporary table or one without a name (the replay keeps neither).
    static func read(_ node: PgNode, foreign: Bool = false) -> SchemaTableDefinition? {
        guard let rangeVar = node["relation"], rangeVar["relpersistence"]?.string != "t",
              let name = SchemaReplay.relationName(rangeVar) else { return nil }
        var table = SchemaTableDefinition(name: name, ifNotExists: node["if_not_exists"]?.isTrue == true,
                                          parents: (node["inhRelations"]?.items ?? []).map { SchemaReplay.relationName($0.node("RangeVar")) },
                                          ofType: node["ofTypename"] != nil, elements: [], constraints: [], foreign: foreign)
        for element in node["tableElts"]?.items ?? [] {
            if let definition = element.node("ColumnDef") {
                table.elements.append(.column(SchemaColumnDefinition.read(definition, table: name)))
            } else if let like = element.node("TableLikeClause") {
                table.elements.append(.like(SchemaReplay.relationName(like["relation"]), options: like["options"]?.int ?? 0))
            } else if let constraint = element.node("Constraint"), let read = SchemaConstraint.read(constraint, table: name) {
                table.constraints.append(read)
            }
        }
        return table
    }
}

/// A column definition (`CREATE TABLE`, `ADD COLUMN`) with what its inline constraints say.
struct SchemaColumnDefinition: Sendable, Equatable {
    var name: String
    /// As `format_type` prints it (a serial as its integer type); nil when the replay cannot say.
    var type: String?
    var notNull = false
    var hasDefault = false
    /// `PRIMARY KEY` on the column: the table's primary key is this column.
    var primaryKey = false
    /// `REFERENCES …` on the column.
    var foreignKeys: [ProjectSchema.ForeignKey] = []
    /// A serial or identity column: it owns a sequence.
    var ownsSequence = false

    static func read(_ definition: PgNode, table: ProjectSchema.Name) -> SchemaColumnDefinition {
        let name = definition["colname"]?.string ?? ""
        var column = SchemaColumnDefinition(name: name)
        if let typeName = definition["typeName"]?.node("TypeName") ?? definition["typeName"] {
            let last = (typeName["names"]?.items ?? []).compactMap(\.stringValue).last
            if let serial = last.flatMap({ SchemaReplay.serials[$0] }), (typeName["names"]?.items.count ?? 0) == 1,
               (typeName["arrayBounds"]?.items ?? []).isEmpty {
                column.type = serial
                column.notNull = true
                column.hasDefault = true
                column.ownsSequence = true
            } else {
                column.type = SchemaReplay.formatType(typeName)
            }
        }
        for item in definition["constraints"]?.items ?? [] {
            guard let constraint = item.node("Constraint") else { continue }
            switch constraint["contype"]?.string {
            case "CONSTR_NOTNULL", "CONSTR_PRIMARY":
                column.notNull = true
                if constraint["contype"]?.string == "CONSTR_PRIMARY" { column.primaryKey = true }
            case "CONSTR_NULL":
                column.notNull = false
            case "CONSTR_DEFAULT":
                if !SchemaReplay.isNullConstant(constraint["raw_expr"]) { column.hasDefault = true }
            case "CONSTR_IDENTITY":
                column.hasDefault = true
                column.notNull = true
                column.ownsSequence = true
            case "CONSTR_GENERATED":
                column.hasDefault = true
            case "CONSTR_FOREIGN":
                if let key = SchemaReplay.foreignKey(constraint, table: table, columns: [name]) { column.foreignKeys.append(key) }
            default:
                break
            }
        }
        return column
    }
}

/// A table constraint the replay reads: a primary key, or a foreign key.
enum SchemaConstraint: Sendable, Equatable {
    case primaryKey([String])
    case foreignKey(ProjectSchema.ForeignKey)

    static func read(_ constraint: PgNode, table: ProjectSchema.Name) -> SchemaConstraint? {
        switch constraint["contype"]?.string {
        case "CONSTR_PRIMARY":
            return .primaryKey((constraint["keys"]?.items ?? []).compactMap(\.stringValue))
        case "CONSTR_FOREIGN":
            let columns = (constraint["fk_attrs"]?.items ?? []).compactMap(\.stringValue)
            return SchemaReplay.foreignKey(constraint, table: table, columns: columns).map(SchemaConstraint.foreignKey)
        default:
            return nil
        }
    }
}

/// `CREATE FUNCTION`: its signature and return shape.
struct SchemaFunctionDefinition: Sendable, Equatable {
    var name: ProjectSchema.Name
    var arguments: [ProjectSchema.Argument]
    /// Its input argument types, as `DROP FUNCTION f(…)` names an overload ("?" for a type the replay cannot print).
    var identity: [String]
    /// `RETURNS TABLE (…)` and `OUT` columns (name and type).
    var returned: [ProjectSchema.Column]
    var returnType: String?
    /// `RETURNS [SETOF] t` for a plain type name: the relation whose columns it returns, if one of that name exists
    /// when the function is created.
    var returnsRelation: ProjectSchema.Name?

    static func read(_ node: PgNode) -> SchemaFunctionDefinition? {
        guard let name = SchemaReplay.qualified(node["funcname"]) else { return nil }
        var arguments: [ProjectSchema.Argument] = [], identity: [String] = [], returned: [ProjectSchema.Column] = []
        for item in node["parameters"]?.items ?? [] {
            guard let parameter = item.node("FunctionParameter") else { continue }
            let type = (parameter["argType"]?.node("TypeName") ?? parameter["argType"]).flatMap(SchemaReplay.formatType)
            let mode: ProjectSchema.Argument.Mode
            switch parameter["mode"]?.string {
            case "FUNC_PARAM_OUT": mode = .out
            case "FUNC_PARAM_INOUT": mode = .inout
            case "FUNC_PARAM_VARIADIC": mode = .variadic
            case "FUNC_PARAM_TABLE": mode = .table
            default: mode = .in
            }
            let argumentName = parameter["name"]?.string
            arguments.append(ProjectSchema.Argument(name: argumentName, type: type, mode: mode, hasDefault: parameter["defexpr"] != nil))
            if mode == .in || mode == .inout || mode == .variadic { identity.append(type.map(SchemaReplay.identityType) ?? "?") }
            if mode == .table || mode == .out || mode == .inout { returned.append(ProjectSchema.Column(name: argumentName ?? "", type: type)) }
        }
        var returnType: String?, returnsRelation: ProjectSchema.Name?
        if let typeName = node["returnType"]?.node("TypeName") ?? node["returnType"] {
            let setof = typeName["setof"]?.isTrue == true
            if returned.isEmpty, let type = SchemaReplay.formatType(typeName) {
                returnType = (setof ? "setof " : "") + type
                let parts = (typeName["names"]?.items ?? []).compactMap(\.stringValue)
                if let last = parts.last, parts.first != "pg_catalog", (typeName["arrayBounds"]?.items ?? []).isEmpty {
                    returnsRelation = ProjectSchema.Name(schema: parts.count > 1 ? parts[parts.count - 2] : "public", last)
                }
            } else if !returned.isEmpty {
                returnType = returned.count == 1 && !setof ? returned[0].type : (setof ? "setof record" : "record")
            }
        }
        return SchemaFunctionDefinition(name: name, arguments: arguments, identity: identity, returned: returned,
                                        returnType: returnType, returnsRelation: returnsRelation)
    }
}

/// A function as `DROP FUNCTION`, `ALTER FUNCTION … RENAME` or `… SET SCHEMA` names it: its name, and its input
/// argument types unless written without (`DROP FUNCTION f`).
struct SchemaFunctionReference: Sendable, Equatable {
    var name: ProjectSchema.Name
    var argumentsUnspecified: Bool
    var types: [String]

    /// An `ObjectWithArgs` body.
    static func read(_ object: PgNode) -> SchemaFunctionReference? {
        guard let name = SchemaReplay.qualified(object["objname"]) else { return nil }
        let types = (object["objargs"]?.items ?? []).map {
            SchemaReplay.formatType($0.node("TypeName") ?? $0).map(SchemaReplay.identityType) ?? "?"
        }
        return SchemaFunctionReference(name: name, argumentsUnspecified: object["args_unspecified"]?.isTrue == true, types: types)
    }
}

/// `DROP TABLE/VIEW/…`, `DROP FUNCTION/PROCEDURE`, `DROP SCHEMA`, `DROP TRIGGER`.
struct SchemaDrop: Sendable, Equatable {
    enum Objects: Sendable, Equatable {
        case relations([ProjectSchema.Name])
        case functions([SchemaFunctionReference])
        case schemas([String])
        case triggers([(table: ProjectSchema.Name, trigger: String)])
        case extensions([String])

        static func == (a: Objects, b: Objects) -> Bool {
            switch (a, b) {
            case (.relations(let x), .relations(let y)): return x == y
            case (.functions(let x), .functions(let y)): return x == y
            case (.schemas(let x), .schemas(let y)): return x == y
            case (.triggers(let x), .triggers(let y)): return x.elementsEqual(y) { $0.table == $1.table && $0.trigger == $1.trigger }
            case (.extensions(let x), .extensions(let y)): return x == y
            default: return false
            }
        }
    }

    var objects: Objects
    var cascade: Bool

    /// Nil for the kinds the replay does not follow (an index, a type, a policy, …).
    static func read(_ node: PgNode) -> SchemaDrop? {
        let cascade = node["behavior"]?.string == "DROP_CASCADE"
        let objects = node["objects"]?.items ?? []
        switch node["removeType"]?.string {
        case "OBJECT_TABLE", "OBJECT_VIEW", "OBJECT_MATVIEW", "OBJECT_FOREIGN_TABLE", "OBJECT_SEQUENCE":
            return SchemaDrop(objects: .relations(objects.compactMap(SchemaReplay.qualified)), cascade: cascade)
        case "OBJECT_EXTENSION":
            return SchemaDrop(objects: .extensions(objects.compactMap(\.stringValue)), cascade: cascade)
        case "OBJECT_FUNCTION", "OBJECT_PROCEDURE":
            return SchemaDrop(objects: .functions(objects.compactMap { $0.node("ObjectWithArgs").flatMap(SchemaFunctionReference.read) }),
                              cascade: cascade)
        case "OBJECT_SCHEMA":
            return SchemaDrop(objects: .schemas(objects.compactMap(\.stringValue)), cascade: cascade)
        case "OBJECT_TRIGGER":
            let triggers = objects.compactMap { object -> (table: ProjectSchema.Name, trigger: String)? in
                let parts = object.items.compactMap(\.stringValue)
                guard parts.count >= 2, let trigger = parts.last else { return nil }
                return (ProjectSchema.Name(schema: parts.count > 2 ? parts[parts.count - 3] : "public", parts[parts.count - 2]), trigger)
            }
            return SchemaDrop(objects: .triggers(triggers), cascade: cascade)
        default:
            return nil
        }
    }
}

// MARK: - Bytes

extension ByteWriter {
    mutating func schemaName(_ name: ProjectSchema.Name) {
        string(name.schema)
        string(name.name)
    }

    mutating func schemaOperation(_ operation: SchemaOperation) {
        switch operation {
        case .createTable(let table):
            bytes.append(0)
            schemaName(table.name)
            bool(table.ifNotExists)
            list(table.parents) { out, parent in out.optional(parent) { $0.schemaName($1) } }
            bool(table.ofType)
            bool(table.foreign)
            list(table.elements) { out, element in
                switch element {
                case .column(let column):
                    out.bytes.append(0)
                    out.schemaColumn(column)
                case .like(let source, let options):
                    out.bytes.append(1)
                    out.optional(source) { $0.schemaName($1) }
                    out.int(options)
                }
            }
            list(table.constraints) { out, constraint in
                switch constraint {
                case .primaryKey(let columns):
                    out.bytes.append(0)
                    out.list(columns) { $0.string($1) }
                case .foreignKey(let key):
                    out.bytes.append(1)
                    out.foreignKey(key)
                }
            }
        case .createFunction(let function):
            bytes.append(1)
            schemaName(function.name)
            list(function.arguments) { out, argument in
                out.optional(argument.name) { $0.string($1) }
                out.optional(argument.type) { $0.string($1) }
                out.string(argument.mode.rawValue)
                out.bool(argument.hasDefault)
            }
            list(function.identity) { $0.string($1) }
            list(function.returned) { out, column in
                out.string(column.name)
                out.optional(column.type) { $0.string($1) }
            }
            optional(function.returnType) { $0.string($1) }
            optional(function.returnsRelation) { $0.schemaName($1) }
        case .createTrigger(let table, let function, let trigger, let beforeInsert):
            bytes.append(2)
            schemaName(table)
            schemaName(function)
            string(trigger)
            bool(beforeInsert)
        case .drop(let drop):
            bytes.append(3)
            bool(drop.cascade)
            switch drop.objects {
            case .relations(let names):
                bytes.append(0)
                list(names) { $0.schemaName($1) }
            case .functions(let references):
                bytes.append(1)
                list(references) { out, reference in
                    out.schemaName(reference.name)
                    out.bool(reference.argumentsUnspecified)
                    out.list(reference.types) { $0.string($1) }
                }
            case .schemas(let names):
                bytes.append(2)
                list(names) { $0.string($1) }
            case .triggers(let triggers):
                bytes.append(3)
                list(triggers) { out, trigger in
                    out.schemaName(trigger.table)
                    out.string(trigger.trigger)
                }
            case .extensions(let names):
                bytes.append(4)
                list(names) { $0.string($1) }
            }
        }
    }

    private mutating func schemaColumn(_ column: SchemaColumnDefinition) {
        string(column.name)
        optional(column.type) { $0.string($1) }
        // The flags in one byte: NOT NULL, a default, the primary key, an owned sequence.
        bytes.append((column.notNull ? 1 : 0) | (column.hasDefault ? 2 : 0) | (column.primaryKey ? 4 : 0) | (column.ownsSequence ? 8 : 0))
        list(column.foreignKeys) { $0.foreignKey($1) }
    }

    private mutating func foreignKey(_ key: ProjectSchema.ForeignKey) {
        optional(key.name) { $0.string($1) }
        list(key.columns) { $0.string($1) }
        schemaName(key.references)
        list(key.referencedColumns) { $0.string($1) }
    }
}

extension ByteReader {
    mutating func schemaName() throws -> ProjectSchema.Name {
        let schema = try string()
        return ProjectSchema.Name(schema: schema, try string())
    }

    mutating func schemaOperation() throws -> SchemaOperation {
        switch try byte() {
        case 0:
            let name = try schemaName(), ifNotExists = try bool()
            let parents = try list { input in try input.optional { try $0.schemaName() } }
            let ofType = try bool()
            let foreign = try bool()
            let elements = try list { input -> SchemaTableDefinition.Element in
                switch try input.byte() {
                case 0: return .column(try input.schemaColumn())
                case 1:
                    let source = try input.optional { try $0.schemaName() }
                    return .like(source, options: try input.int())
                default: throw Malformed()
                }
            }
            let constraints = try list { input -> SchemaConstraint in
                switch try input.byte() {
                case 0: return .primaryKey(try input.list { try $0.string() })
                case 1: return .foreignKey(try input.foreignKey())
                default: throw Malformed()
                }
            }
            return .createTable(SchemaTableDefinition(name: name, ifNotExists: ifNotExists, parents: parents, ofType: ofType,
                                                      elements: elements, constraints: constraints, foreign: foreign))
        case 1:
            let name = try schemaName()
            let arguments = try list { input -> ProjectSchema.Argument in
                let name = try input.optional { try $0.string() }, type = try input.optional { try $0.string() }
                guard let mode = ProjectSchema.Argument.Mode(rawValue: try input.string()) else { throw Malformed() }
                return ProjectSchema.Argument(name: name, type: type, mode: mode, hasDefault: try input.bool())
            }
            let identity = try list { try $0.string() }
            let returned = try list { input -> ProjectSchema.Column in
                let name = try input.string()
                return ProjectSchema.Column(name: name, type: try input.optional { try $0.string() })
            }
            let returnType = try optional { try $0.string() }
            return .createFunction(SchemaFunctionDefinition(name: name, arguments: arguments, identity: identity, returned: returned,
                                                            returnType: returnType, returnsRelation: try optional { try $0.schemaName() }))
        case 2:
            let table = try schemaName(), function = try schemaName(), trigger = try string()
            return .createTrigger(table: table, function: function, trigger: trigger, beforeInsert: try bool())
        case 3:
            let cascade = try bool()
            let objects: SchemaDrop.Objects
            switch try byte() {
            case 0: objects = .relations(try list { try $0.schemaName() })
            case 1:
                objects = .functions(try list { input in
                    let name = try input.schemaName(), unspecified = try input.bool()
                    return SchemaFunctionReference(name: name, argumentsUnspecified: unspecified, types: try input.list { try $0.string() })
                })
            case 2: objects = .schemas(try list { try $0.string() })
            case 3:
                objects = .triggers(try list { input in
                    let table = try input.schemaName()
                    return (table: table, trigger: try input.string())
                })
            case 4: objects = .extensions(try list { try $0.string() })
            default: throw Malformed()
            }
            return .drop(SchemaDrop(objects: objects, cascade: cascade))
        default:
            throw Malformed()
        }
    }

    private mutating func schemaColumn() throws -> SchemaColumnDefinition {
        let name = try string(), type = try optional { try $0.string() }
        let flags = try byte()
        guard flags < 16 else { throw Malformed() }
        return SchemaColumnDefinition(name: name, type: type, notNull: flags & 1 != 0, hasDefault: flags & 2 != 0, primaryKey: flags & 4 != 0,
                                      foreignKeys: try list { try $0.foreignKey() }, ownsSequence: flags & 8 != 0)
    }

    private mutating func foreignKey() throws -> ProjectSchema.ForeignKey {
        let name = try optional { try $0.string() }, columns = try list { try $0.string() }
        let references = try schemaName()
        return ProjectSchema.ForeignKey(name: name, columns: columns, references: references, referencedColumns: try list { try $0.string() })
    }
}
