extension ConstraintGuard {
    /// Recognises the guard migrations wrap around `ADD CONSTRAINT` in DO blocks:
    /// `[NOT] EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'x' ...)` (or
    /// `information_schema.table_constraints ... constraint_name = 'x'`). Other conditions: nil.
    init?(condition: SQLStatement) {
        guard condition.role == .condition,
              let target = condition.node["targetList"]?.items.first?.node("ResTarget")?["val"] else { return nil }
        guard let found = Self.read(target) else { return nil }
        self = found
    }

    private static func read(_ expr: PgNode) -> ConstraintGuard? {
        if let bool = expr.node("BoolExpr"), bool["boolop"]?.string == "NOT_EXPR",
           let inner = bool["args"]?.items.first {
            return read(inner)?.inverted
        }
        guard let link = expr.node("SubLink"), link["subLinkType"]?.string == "EXISTS_SUBLINK",
              let select = link["subselect"]?.node("SelectStmt") else { return nil }
        let catalogs: Set<String> = ["pg_constraint", "table_constraints", "check_constraints"]
        var readsCatalog = false
        select["fromClause"]?.forEachTagged { kind, body, _ in
            if kind == "RangeVar", let name = body["relname"]?.string, catalogs.contains(name) { readsCatalog = true }
        }
        guard readsCatalog, let whereClause = select["whereClause"] else { return nil }
        var name: String?
        whereClause.forEachTagged { kind, body, _ in
            guard name == nil, kind == "A_Expr", body["kind"]?.string == "AEXPR_OP",
                  body["name"]?.items.first?.stringValue == "=" else { return }
            let sides = [body["lexpr"], body["rexpr"]].compactMap { $0 }
            let column = sides.lazy.compactMap { SQLExpression.columnName($0) }.first
            let literal = sides.lazy.compactMap { SQLExpression.stringConstant($0)?.value }.first
            if let column, ["conname", "constraint_name"].contains(column), let literal { name = literal }
        }
        return name.map { .present($0) }
    }
}
