/// PostgreSQL identifiers as the emitter writes them: bare when PostgreSQL reads them back unchanged,
/// double-quoted otherwise (reserved words, upper case, anything beyond `[a-z_][a-z0-9_$]*`).
enum SQLIdentifier {
    /// `type` → `type`; `user` → `"user"`; `DriverTrips` → `"DriverTrips"`.
    static func quoted(_ name: String) -> String {
        needsQuotes(name) ? "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : name
    }

    /// `schema.table`, each part quoted as needed.
    static func qualified(_ schema: String?, _ name: String) -> String {
        guard let schema, !schema.isEmpty else { return quoted(name) }
        return quoted(schema) + "." + quoted(name)
    }

    /// A string literal: single quotes doubled.
    static func literal(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    static func needsQuotes(_ name: String) -> Bool {
        guard let first = name.utf8.first else { return true }
        let lowerOrUnderscore = { (b: UInt8) in (b >= 97 && b <= 122) || b == 95 }
        guard lowerOrUnderscore(first) else { return true }
        let plain = name.utf8.allSatisfy { lowerOrUnderscore($0) || ($0 >= 48 && $0 <= 57) || $0 == 36 }
        return !plain || reserved.contains(name)
    }

    /// PostgreSQL 15 keywords that cannot name a table, column or constraint unquoted:
    /// the reserved ones and the "type or function name" ones (Appendix C, keywords table).
    static let reserved: Set<String> = [
        "all", "analyse", "analyze", "and", "any", "array", "as", "asc", "asymmetric", "both", "case", "cast",
        "check", "collate", "column", "constraint", "create", "current_catalog", "current_date", "current_role",
        "current_time", "current_timestamp", "current_user", "default", "deferrable", "desc", "distinct", "do",
        "else", "end", "except", "false", "fetch", "for", "foreign", "from", "grant", "group", "having", "in",
        "initially", "intersect", "into", "lateral", "leading", "limit", "localtime", "localtimestamp", "not",
        "null", "offset", "on", "only", "or", "order", "placing", "primary", "references", "returning", "select",
        "session_user", "some", "symmetric", "table", "then", "to", "trailing", "true", "union", "unique", "user",
        "using", "variadic", "when", "where", "window", "with",
        "authorization", "binary", "collation", "concurrently", "cross", "current_schema", "freeze", "full",
        "ilike", "inner", "is", "isnull", "join", "left", "like", "natural", "notnull", "outer", "overlaps",
        "right", "similar", "tablesample", "verbose",
    ]
}
