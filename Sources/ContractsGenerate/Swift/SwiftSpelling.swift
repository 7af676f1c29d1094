import ContractsCore

/// How registry names and values are spelled in Swift source: identifiers, literals and types.
enum SwiftSpelling {
    /// A member reference (`.rideClaimed`, `` .`default` ``), backticked when the name is a keyword.
    static func member(_ name: String) -> String { "." + Identifiers.swiftIdentifier(name) }

    /// An argument label: any keyword but `inout`, `var` and `let` is a valid label as it is, and
    /// backticks there draw a warning.
    static func label(_ name: String) -> String {
        ["inout", "var", "let"].contains(name) ? "`\(name)`" : name
    }

    /// A Swift string literal with `\`, `"`, control characters and bidirectional controls escaped
    /// (`HiddenScalars`), so the source reads as it compiles.
    static func stringLiteral(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\0": out += "\\0"
            default:
                if HiddenScalars.mustEscape(scalar) {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// The Swift type of a scalar: timestamps stay ISO 8601 strings, so decoding never depends on a date strategy.
    static func type(of scalar: ScalarType) -> String {
        switch scalar {
        case .uuid: return "UUID"
        case .string, .timestamp: return "String"
        case .int: return "Int"
        case .double: return "Double"
        case .bool: return "Bool"
        }
    }

    /// A case name for an arbitrary registry string (`in-progress` → `inProgress`, `ride` → `ride`),
    /// backticked when it is a keyword.
    /// `case name = "raw"`, or `case name` when the raw value is the name itself (a backticked keyword
    /// included): SwiftLint's `redundant_string_enum_value` flags the explicit form, and Swift gives the same raw value.
    static func rawValueCase(_ name: String, raw: String) -> String {
        let bare = name.count > 2 && name.hasPrefix("`") && name.hasSuffix("`") ? String(name.dropFirst().dropLast()) : name
        return bare == raw ? "case \(name)" : "case \(name) = \(stringLiteral(raw))"
    }

    static func caseName(for value: String) -> String {
        var name = Identifiers.camelCase(Identifiers.snakeCase(value))
        if name.isEmpty { name = "empty" }
        if let first = name.unicodeScalars.first, ("0"..."9").contains(first) { name = "_" + name }
        return Identifiers.swiftIdentifier(name)
    }

    /// A type name for a JSON key (`request_type` → `RequestType`).
    static func typeName(forKey key: String) -> String {
        let name = Identifiers.pascalCase(Identifiers.snakeCase(key))
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first) else { return "_" + name }
        return Identifiers.swiftIdentifier(name)
    }
}
