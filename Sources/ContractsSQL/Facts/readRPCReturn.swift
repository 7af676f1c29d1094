import ContractsCore

/// The keys of the objects an RPC returns to a client that decodes it (PostgREST turns a row into an object
/// keyed by its columns), as its last definition says.
public struct RPCReturn: Sendable, Equatable {
    /// Every key some return path carries: a field none of them carries never decodes.
    public var keys: Set<String>
    /// What the keys were read from, for messages (`RETURNS TABLE`, `jsonb_build_object`).
    public var shape: String
    /// The function's definition.
    public var location: SourceLocation
}

/// Reads what a function returns: the columns of `RETURNS TABLE (...)` (or its `OUT` parameters), else the
/// objects it builds with `jsonb_build_object` (`ReturnedObjectReader`). Nil when neither says every key: a
/// table's row type (`RETURNS SETOF profiles`), a scalar, or an object built with a key that is not a literal.
enum RPCReturnReader {
    static func read(_ defined: SQLFacts.Defined) -> RPCReturn? {
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
        let returnType = (node["returnType"]?["names"]?.items ?? []).compactMap(\.stringValue).last
        guard ["json", "jsonb"].contains(returnType) else { return nil }
        let objects = ReturnedObjectReader.objects(in: definition, source: defined.migration.source)
        guard !objects.isEmpty, objects.allSatisfy(\.allKeysConstant) else { return nil }
        return RPCReturn(keys: Set(objects.flatMap(\.keys)), shape: "jsonb_build_object", location: objects[0].location)
    }
}

extension SQLAnalysis {
    /// What the RPC `name` (`lookup_profiles`, `public.lookup_profiles`) returns in its last definition not
    /// dropped afterwards; nil when it is not defined or its keys cannot all be read.
    public func rpcReturn(_ name: String) -> RPCReturn? {
        facts.live[SQLFacts.qualifiedName(name)].flatMap(RPCReturnReader.read)
    }

    /// The function an RPC name calls, schema-qualified and lowercased (`get_counts` → `public.get_counts`).
    public static func rpcKey(_ name: String) -> String { SQLFacts.qualifiedName(name) }
}
