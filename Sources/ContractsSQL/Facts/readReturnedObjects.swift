import ContractsCore

/// A `jsonb_build_object(...)` (or `json_build_object`) a function returns.
struct BuiltObject: Sendable, Equatable {
    /// Constant keys, in order (non-constant keys are left out).
    var keys: [String]
    var location: SourceLocation
    /// Whether every key is a constant (else the object may carry keys `keys` does not name).
    var allKeysConstant = true
}

/// Finds the objects a function returns at top level: `RETURN jsonb_build_object(...)`, a returned
/// variable filled by `v := ...` or `SELECT ... INTO v`, or the result of a `LANGUAGE sql` body's last
/// SELECT. Failing those, the outermost build calls of the body.
enum ReturnedObjectReader {
    static let builders = PushBuild.builders

    static func objects(in function: FunctionDefinition, source: SQLSource) -> [BuiltObject] {
        var found: [BuiltObject] = []
        let body = function.body
        func firstTarget(_ statement: SQLStatement) -> PgNode? {
            statement.node["targetList"]?.items.first?.node("ResTarget")?["val"]
        }
        func take(_ node: PgNode?, _ statement: SQLStatement) -> Bool {
            guard let node, let call = SQLExpression.uncast(node).node("FuncCall"),
                  let name = SQLExpression.functionName(call), builders.contains(name) else { return false }
            found.append(object(call, statement, source))
            return true
        }
        if function.language == "plpgsql" {
            var returned: Set<String> = []
            for statement in body where statement.role == .returnValue {
                let value = firstTarget(statement)
                if !take(value, statement), let fields = value.flatMap(SQLExpression.columnFields), fields.count == 1 {
                    returned.insert(fields[0])
                }
            }
            for statement in body {
                if case .assignment(let variable) = statement.role, returned.contains(variable) {
                    _ = take(firstTarget(statement), statement)
                } else if statement.role == .statement, !returned.isDisjoint(with: statement.into) {
                    _ = take(firstTarget(statement), statement)
                }
            }
        } else if let last = body.last(where: { $0.kind == "SelectStmt" }) {
            _ = take(firstTarget(last), last)
        }
        if found.isEmpty {
            for statement in body { outermost(statement.kind, statement.node, statement, source, &found) }
        }
        return found
    }

    private static func outermost(_ kind: String, _ node: PgNode, _ statement: SQLStatement, _ source: SQLSource,
                                  _ found: inout [BuiltObject]) {
        if kind == "FuncCall", let name = SQLExpression.functionName(node) {
            if builders.contains(name) { found.append(object(node, statement, source)); return }
            if name.hasSuffix("_agg") { return }
        }
        switch node {
        case .object(let dict):
            for (_, value) in dict.entries {  // sorted by key
                if let (childKind, child) = value.tagged { outermost(childKind, child, statement, source, &found) }
                else { outermost("", value, statement, source, &found) }
            }
        case .array(let list):
            for item in list {
                if let (childKind, child) = item.tagged { outermost(childKind, child, statement, source, &found) }
                else { outermost("", item, statement, source, &found) }
            }
        default:
            break
        }
    }

    private static func object(_ call: PgNode, _ statement: SQLStatement, _ source: SQLSource) -> BuiltObject {
        let args = call["args"]?.items ?? []
        let keys = stride(from: 0, to: args.count, by: 2).compactMap { SQLExpression.stringConstant(args[$0])?.value }
        return BuiltObject(keys: keys, location: source.location(call["location"]?.int ?? statement.start, statement.map),
                           allKeysConstant: keys.count * 2 >= args.count)
    }
}
