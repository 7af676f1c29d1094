/// Small readings of expression nodes shared by the fact readers.
enum SQLExpression {
    /// The node under any number of `::type` casts (and `COLLATE`).
    static func uncast(_ node: PgNode) -> PgNode {
        if let cast = node.node("TypeCast"), let arg = cast["arg"] { return uncast(arg) }
        if let collate = node.node("CollateClause"), let arg = collate["arg"] { return uncast(arg) }
        return node
    }

    /// The name parts of a column reference (`n.type` → ["n", "type"]), lowercased, under casts.
    static func columnFields(_ node: PgNode) -> [String]? {
        guard let ref = uncast(node).node("ColumnRef") else { return nil }
        let fields = (ref["fields"]?.items ?? []).map { $0.stringValue?.lowercased() ?? "*" }
        return fields.isEmpty ? nil : fields
    }

    /// The column a reference names (its last part).
    static func columnName(_ node: PgNode) -> String? { columnFields(node)?.last }

    /// A string constant (`'x'`, `'x'::text`) and its fragment offset.
    static func stringConstant(_ node: PgNode) -> (value: String, offset: Int)? {
        guard let const = uncast(node).node("A_Const"), let value = const["sval"]?["sval"]?.string ?? emptyString(const)
        else { return nil }
        return (value, const["location"]?.int ?? 0)
    }

    /// libpg_query writes `''` as `{"sval": {}}`.
    private static func emptyString(_ const: PgNode) -> String? {
        if case .object(let dict)? = const["sval"], dict["sval"] == nil { return "" }
        return nil
    }

    /// The binary operator of an `A_Expr` of `kind` (`AEXPR_OP`, `AEXPR_IN`, `AEXPR_OP_ANY`).
    static func operatorName(_ expr: PgNode, kind: String) -> String? {
        guard expr["kind"]?.string == kind else { return nil }
        return expr["name"]?.items.last?.stringValue
    }

    /// Function name, lowercased, without schema (`public.create_notification(...)` → `create_notification`).
    static func functionName(_ call: PgNode) -> String? {
        call["funcname"]?.items.last?.stringValue?.lowercased()
    }

    /// Every column a node references (last name part), below casts, sublinks and all.
    static func referencedColumns(_ node: PgNode) -> Set<String> {
        var names: Set<String> = []
        node.forEachTagged { kind, body, _ in
            if kind == "ColumnRef", let last = body["fields"]?.items.last?.stringValue { names.insert(last.lowercased()) }
        }
        return names
    }
}
