import Foundation

/// Reduces a CHECK expression on one column to the set of values it allows, in the order written.
///
/// Reads what people and pg_dump write: `col IN ('a', 'b')`, `col = ANY (ARRAY['a'::text, ...])`,
/// `(col)::text = ANY ((ARRAY[...])::text[])`, `col = ANY ('{a,b}'::text[])`, `col = 'a' OR col = 'b'`,
/// and `AND` with `col IS NOT NULL`. Anything else is nil: not reducible.
///
/// Lists are deduplicated through sets, so a constraint of 100,000 values reads in linear time.
enum CheckSetReducer {
    static func values(of expr: PgNode, column: String) -> [String]? {
        if let bool = expr.node("BoolExpr"), let op = bool["boolop"]?.string {
            let args = bool["args"]?.items ?? []
            switch op {
            case "OR_EXPR":
                var out = OrderedValues()
                for arg in args {
                    guard let part = values(of: arg, column: column) else { return nil }
                    part.forEach { out.append($0) }
                }
                return out.values
            case "AND_EXPR":
                let restricting = args.filter { !isNotNull($0, column: column) }
                guard !restricting.isEmpty else { return nil }
                var sets = [[String]]()
                for arg in restricting {
                    guard let part = values(of: arg, column: column) else { return nil }
                    sets.append(part)
                }
                return sets.dropFirst().reduce(sets[0]) { acc, next in
                    let allowed = Set(next)
                    return acc.filter(allowed.contains)
                }
            default:
                return nil
            }
        }
        guard let a = expr.node("A_Expr"), let left = a["lexpr"], let right = a["rexpr"] else { return nil }
        if SQLExpression.operatorName(a, kind: "AEXPR_IN") == "=", SQLExpression.columnName(left) == column {
            return constants(right.items)
        }
        if SQLExpression.operatorName(a, kind: "AEXPR_OP_ANY") == "=", SQLExpression.columnName(left) == column {
            return arrayConstants(right)
        }
        if SQLExpression.operatorName(a, kind: "AEXPR_OP") == "=" {
            if SQLExpression.columnName(left) == column, let c = SQLExpression.stringConstant(right) { return [c.value] }
            if SQLExpression.columnName(right) == column, let c = SQLExpression.stringConstant(left) { return [c.value] }
        }
        return nil
    }

    private static func isNotNull(_ expr: PgNode, column: String) -> Bool {
        guard let test = expr.node("NullTest"), test["nulltesttype"]?.string == "IS_NOT_NULL",
              let arg = test["arg"] else { return false }
        return SQLExpression.columnName(arg) == column
    }

    private static func constants(_ items: [PgNode]) -> [String]? {
        var out = OrderedValues()
        for item in items {
            guard let c = SQLExpression.stringConstant(item) else { return nil }
            out.append(c.value)
        }
        return out.values
    }

    /// `ARRAY['a', 'b']` (under casts) or an array literal `'{a,b}'::text[]`.
    private static func arrayConstants(_ node: PgNode) -> [String]? {
        let bare = SQLExpression.uncast(node)
        if let array = bare.node("A_ArrayExpr") { return constants(array["elements"]?.items ?? []) }
        if let literal = SQLExpression.stringConstant(bare)?.value { return arrayLiteral(literal) }
        return nil
    }

    /// `{a,"b c"}` → ["a", "b c"]; nil when it is not a flat array literal.
    static func arrayLiteral(_ text: String) -> [String]? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("{"), trimmed.hasSuffix("}") else { return nil }
        let inner = trimmed.dropFirst().dropLast()
        guard !inner.contains("{") else { return nil }
        var out = OrderedValues()
        for part in inner.split(separator: ",", omittingEmptySubsequences: false) {
            var value = part.trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            out.append(value)
        }
        return out.values
    }

    /// Values in first-seen order without repeats; the set makes each append constant time.
    private struct OrderedValues {
        private(set) var values: [String] = []
        private var seen = Set<String>()

        mutating func append(_ value: String) {
            if seen.insert(value).inserted { values.append(value) }
        }
    }
}
