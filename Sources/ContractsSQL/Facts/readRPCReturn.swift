import ContractsCore

/// The keys of the objects an RPC returns to a client that decodes it (PostgREST turns a row into an object
/// keyed by its columns), as its last definition says.
public struct RPCReturn: Sendable, Equatable, Codable {
    /// Every key some return path carries: a field none of them carries never decodes.
    public var keys: Set<String>
    /// What the keys were read from, for messages (`RETURNS TABLE`, `jsonb_build_object`).
    public var shape: String
    /// The function's definition.
    public var location: SourceLocation
}

/// Reads what a function returns: the columns of `RETURNS TABLE (...)` (or its `OUT` parameters), those of the
/// table whose row type it returns (`RETURNS SETOF profiles`, after every migration: `SchemaReplay`), else
/// the objects it builds with `jsonb_build_object` (`ReturnedObjectReader`). Nil when none says every key: a
/// scalar, a table whose columns are unknown, or an object built with a key that is not a literal.
enum RPCReturnReader {
    /// Types a function may return that name no table (the parser qualifies most others with `pg_catalog`).
    static let scalars: Set<String> = ["text", "uuid", "boolean", "bool", "void", "record", "trigger", "varchar", "date", "timestamptz"]

    static func read(_ defined: SQLFacts.Defined, schema: ProjectSchema) -> RPCReturn? {
        let definition = defined.definition
        guard case .success(let tree) = PgQuery.parse(definition.statementText),
              let node = tree["stmts"]?.items.first?["stmt"]?.node("CreateFunctionStmt") else { return nil }
        let columns = (node["parameters"]?.items ?? []).compactMap { $0.node("FunctionParameter") }.filter {
            ["FUNC_PARAM_TABLE", "FUNC_PARAM_OUT", "FUNC_PARAM_INOUT"].contains($0["mode"]?.string)
        }
        if !columns.isEmpty {
            let names = columns.compactMap { $0["name"]?.string }
            guard names.count == columns.count else { return nil }
            return RPCReturn(keys: Set(names), shape: "RETURNS TABLE", location: defined.location)
        }
        let typeNames = (node["returnType"]?["names"]?.items ?? []).compactMap(\.stringValue).map { $0.lowercased() }
        guard let returnType = typeNames.last else { return nil }
        guard ["json", "jsonb"].contains(returnType) else {
            // A table's row type: its columns after every migration (a scalar names no table, so gives nil).
            let table = (schema: typeNames.count > 1 ? typeNames[typeNames.count - 2] : "public", name: returnType)
            guard table.schema != "pg_catalog", !Self.scalars.contains(returnType),
                  case .found(let relation) = schema.relation(ProjectSchema.Name(schema: table.schema, table.name)),
                  relation.columnsComplete else { return nil }
            return RPCReturn(keys: Set(relation.columns.map(\.name)), shape: "table \(table.schema).\(table.name)", location: defined.location)
        }
        let objects = ReturnedObjectReader.objects(in: definition, source: defined.migration.source)
        guard !objects.isEmpty, objects.allSatisfy(\.allKeysConstant), !mayAddKeys(definition) else { return nil }
        return RPCReturn(keys: Set(objects.flatMap(\.keys)), shape: "jsonb_build_object", location: objects[0].location)
    }
}

extension RPCReturnReader {
    /// Functions that give an object keys no `jsonb_build_object` of the body names.
    static let keyAdders: Set<String> = [
        "jsonb_set", "jsonb_insert", "to_jsonb", "to_json", "row_to_json", "jsonb_object_agg", "json_object_agg",
        "jsonb_populate_record", "json_populate_record",
    ]

    /// Whether the body may add keys to an object other than by building it: `||` over a name or a call
    /// (`v_result || jsonb_build_object(...)`), or one of `keyAdders`. A `||` of strings makes it so as well: the
    /// keys are then left unjudged rather than guessed.
    static func mayAddKeys(_ definition: FunctionDefinition) -> Bool {
        var adds = false
        for statement in definition.body where !adds {
            statement.node.forEachTagged { kind, body, _ in
                if kind == "A_Expr", body["name"]?.items.compactMap(\.stringValue) == ["||"] {
                    for side in [body["lexpr"], body["rexpr"]].compactMap({ $0 }) {
                        let bare = SQLExpression.uncast(side)
                        if bare.node("ColumnRef") != nil || bare.node("FuncCall") != nil || bare.node("A_Expr") != nil { adds = true }
                    }
                } else if kind == "FuncCall", let name = SQLExpression.functionName(body), keyAdders.contains(name) {
                    adds = true
                }
            }
        }
        return adds
    }
}

extension SQLAnalysis {
    /// What the RPC `name` (`lookup_profiles`, `public.lookup_profiles`) returns in its last definition not
    /// dropped afterwards; nil when it is not defined or its keys cannot all be read.
    public func rpcReturn(_ name: String) -> RPCReturn? {
        facts.live[SQLFacts.qualifiedName(name)].flatMap { RPCReturnReader.read($0, schema: schema) }
    }

    /// The function an RPC name calls, schema-qualified and lowercased (`get_counts` → `public.get_counts`).
    public static func rpcKey(_ name: String) -> String { SQLFacts.qualifiedName(name) }
}
