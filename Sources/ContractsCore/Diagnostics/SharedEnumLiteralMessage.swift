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

    /// A value of the enum that the literal's side never holds (`scope:`): `'draft' (written to chat_rooms.status) is an
    /// app-only ChatRoomStatus (scope: app): the database and the server never hold it`, or, in Swift, a server-only
    /// value the app never holds.
    public static func outOfScope(_ raw: String, context: String, enumName: String, scope: ValueScope,
                                  quote: Character = "'") -> String {
        let holders = scope == .app ? "the database and the server never hold it" : "the app never holds it"
        return "\(quote)\(raw)\(quote) (\(context)) is \(article(scope.rawValue)) \(scope.rawValue)-only \(enumName) "
            + "(scope: \(scope.rawValue)): \(holders)"
    }

    /// The remedy for a value out of its scope: drop the literal, or let every side hold the value.
    public static func outOfScopeFix(_ raw: String, enumName: String) -> String {
        "remove '\(raw)', or give it scope all in enums.\(enumName).values in the registry"
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
