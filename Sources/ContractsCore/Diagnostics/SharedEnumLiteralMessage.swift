/// The messages for a literal that meets a shared enum (`enums:` in registry.yaml) and is not one of its values:
/// built in one place so the SQL, Swift and TypeScript readers say the same thing in the same order. A literal is
/// judged against the enum of the column (or type) it meets; when the column's table cannot be known, against every
/// enum that has a column of that name (`candidates`), and it is drift only when no candidate lists it.
///
/// The notification contract keeps its own wording (`UnknownTypeLiteralMessage`), so reports on registries that
/// declare only `notification_types` are unchanged.
public enum SharedEnumLiteralMessage {
    /// `'viewed' (compared with media_assets.status) is not a MediaAssetStatus`. `quote` is the language's
    /// string delimiter (`'` in SQL and TypeScript, `"` in Swift).
    public static func unknown(_ raw: String, context: String, enumName: String, quote: Character = "'") -> String {
        "\(quote)\(raw)\(quote) (\(context)) is not \(article(enumName)) \(enumName)"
    }

    /// `a` or `an`, as the enum's name is read (`a ChatRoomStatus`, `an InviteStatus`).
    public static func article(_ name: String) -> String {
        "AEIOUaeiou".contains(name.first ?? "x") ? "an" : "a"
    }

    /// A retired value written again: old rows may hold it, nothing may write it.
    public static func retiredWrite(_ raw: String, context: String, enumName: String, quote: Character = "'") -> String {
        "\(quote)\(raw)\(quote) (\(context)) is a retired \(enumName): old rows may hold it, but nothing may write it again"
    }

    /// A literal whose column's table is unknown, valid in none of the enums that have a column of that name.
    /// `candidates` are `(enum name, table)` pairs, in registry order.
    public static func noCandidate(_ raw: String, context: String, column: String,
                                   candidates: [(enumName: String, table: String)], quote: Character = "'") -> String {
        let names = candidates.map { "\($0.enumName) (\($0.table))" }.joined(separator: ", ")
        return "\(quote)\(raw)\(quote) (\(context)) is not a value of any enum with a \(column) column: \(names)"
    }

    /// The remedy for `noCandidate`: which enum the column holds is the code's to say (the table is unknown).
    public static func noCandidateFix(_ raw: String, column: String, quote: Character = "'") -> String {
        "use a value of the enum this \(column) column holds, or add \(quote)\(raw)\(quote) to that enum's values in the registry"
    }

    /// The remedy: use one of the enum's values, or register the literal.
    public static func fix(_ raw: String, enumName: String, values: [String]) -> String {
        let shown = values.prefix(8).map { "'\($0)'" }.joined(separator: ", ") + (values.count > 8 ? ", …" : "")
        return "use one of \(enumName)'s values (\(shown)), or add '\(raw)' to enums.\(enumName).values in the registry"
    }
}
