import ContractsCore

/// The few pieces of TypeScript syntax the emitter spells, laid out the way `deno fmt` does (80 columns,
/// two-space indent, double quotes, trailing commas), so generated files pass `deno fmt --check` unchanged.
enum TypeScriptSyntax {
    /// `deno fmt`'s default line width.
    static let lineWidth = 80

    /// A string literal as `deno fmt` writes it: double-quoted with JSON's escapes (TypeScript reads them
    /// the same), unless the text holds more double quotes than single ones; then single-quoted, so the file
    /// passes `deno fmt --check` whatever the registry's free strings (icons, preference keys) contain.
    static func string(_ text: String) -> String {
        let doubles = text.unicodeScalars.filter { $0 == "\"" }.count
        let singles = text.unicodeScalars.filter { $0 == "'" }.count
        guard doubles > singles else { return JSONStringLiteral.quoted(text) }
        // JSON's escapes with the roles of the quotes swapped: `"` as is, `'` escaped.
        var out = "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\""
            case "'": out += "\\'"
            default:
                let escaped = JSONStringLiteral.quoted(String(scalar))
                out += escaped.dropFirst().dropLast()
            }
        }
        return out + "'"
    }

    /// A property name: bare when it is an identifier, quoted otherwise (`ride_id`, `"x-key"`).
    static func property(_ key: String) -> String {
        Identifiers.isIdentifier(key) ? key : string(key)
    }

    /// Reading a property of `object` (`json.ride_id`, `json["x-key"]`).
    static func access(_ object: String, _ key: String) -> String {
        Identifiers.isIdentifier(key) ? "\(object).\(key)" : "\(object)[\(string(key))]"
    }

    /// `lhs = rhs;`, broken after `=` when it does not fit, as `deno fmt` breaks it.
    static func assignment(_ lhs: String, _ rhs: String, indent: String = "") -> String {
        let single = "\(indent)\(lhs) = \(rhs);"
        if single.count <= lineWidth { return single }
        return "\(indent)\(lhs) =\n\(indent)  \(rhs);"
    }

    /// `[a, b]` on one line when `prefix` + it + `suffix` fits, else one element a line.
    static func array(_ elements: [String], prefix: String, suffix: String, indent: String = "") -> String {
        let single = "\(indent)\(prefix)[\(elements.joined(separator: ", "))]\(suffix)"
        if single.count <= lineWidth || elements.isEmpty { return single }
        let body = elements.map { "\(indent)  \($0)," }.joined(separator: "\n")
        return "\(indent)\(prefix)[\n\(body)\n\(indent)]\(suffix)"
    }

    /// An interface member `  name: A | B;`, with the union one member a line when it does not fit.
    static func member(_ name: String, _ members: [String], indent: String = "  ") -> String {
        let single = "\(indent)\(name): \(members.joined(separator: " | "));"
        if single.count <= lineWidth || members.count < 2 { return single }
        return "\(indent)\(name):\n" + members.map { "\(indent)  | \($0)" }.joined(separator: "\n") + ";"
    }

    /// A `/** ... */` doc comment on one line.
    static func doc(_ text: String, indent: String = "") -> String { "\(indent)/** \(text) */" }

    /// The TypeScript type of a scalar on the wire: ids and timestamps are strings in JSON.
    static func scalarType(_ type: ScalarType) -> String {
        switch type {
        case .uuid, .string, .timestamp: return "string"
        case .int, .double: return "number"
        case .bool: return "boolean"
        }
    }

    /// A multi-line union type alias, one member a line (`deno fmt` keeps that layout).
    static func unionAlias(_ name: String, _ members: [String], exported: Bool = true) -> String {
        let head = (exported ? "export " : "") + "type \(name) ="
        guard !members.isEmpty else { return head + " never;" }
        return head + "\n" + members.map { "  | \($0)" }.joined(separator: "\n") + ";"
    }
}
