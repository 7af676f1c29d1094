import Foundation

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

    /// Functions that keep a text column's value recognisable (`lower(kind)`, `trim(kind)`): a literal
    /// compared with their result is compared with the column.
    static let transparentFunctions: Set<String> = ["lower", "upper", "btrim", "ltrim", "rtrim", "trim", "initcap"]

    /// The name parts of a column reference under casts and the wrappers apps put around a text column:
    /// `coalesce(new.kind, '')`, `nullif(kind, '')`, `lower(trim(kind))`, `kind::text`. Only the wrapped
    /// value's own position counts: in `coalesce(kind, '')` the column is the first argument, and the `''`
    /// default is never taken for a type.
    static func wrappedColumnFields(_ node: PgNode) -> [String]? {
        let bare = uncast(node)
        if let fields = columnFields(bare) { return fields }
        if let coalesce = bare.node("CoalesceExpr"), let first = coalesce["args"]?.items.first {
            return wrappedColumnFields(first)
        }
        if let call = bare.node("FuncCall"), let name = functionName(call), transparentFunctions.contains(name),
           let first = call["args"]?.items.first {
            return wrappedColumnFields(first)
        }
        if let expr = bare.node("A_Expr"), expr["kind"]?.string == "AEXPR_NULLIF", let left = expr["lexpr"] {
            return wrappedColumnFields(left)
        }
        return nil
    }

    /// The string constants a value expression can evaluate to: the constant itself, each result of a
    /// `CASE` (and its `ELSE`), each argument of `coalesce(...)`, under casts. `coalesce(p_kind, 'general')`
    /// written to the column writes `'general'` when `p_kind` is null.
    static func valueConstants(_ node: PgNode) -> [PgNode] {
        let bare = uncast(node)
        if stringConstant(bare) != nil { return [bare] }
        if let caseExpr = bare.node("CaseExpr") {
            let results = (caseExpr["args"]?.items ?? []).compactMap { $0.node("CaseWhen")?["result"] }
            return (results + [caseExpr["defresult"]].compactMap { $0 }).flatMap(valueConstants)
        }
        if let coalesce = bare.node("CoalesceExpr") { return (coalesce["args"]?.items ?? []).flatMap(valueConstants) }
        return []
    }

    /// The elements of a text-array literal (`'{a,b}'`, `'{"a","b"}'::text[]`), or nil when `node` is not one.
    static func arrayLiteralElements(_ node: PgNode) -> [(value: String, offset: Int)]? {
        guard let (text, offset) = stringConstant(node), text.hasPrefix("{"), text.hasSuffix("}") else { return nil }
        let inner = text.dropFirst().dropLast()
        guard !inner.isEmpty else { return [] }
        return inner.split(separator: ",", omittingEmptySubsequences: false).map { item in
            var element = item.trimmingCharacters(in: .whitespaces)
            if element.count >= 2, element.hasPrefix("\""), element.hasSuffix("\"") { element = String(element.dropFirst().dropLast()) }
            return (element, offset)
        }
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
