/// A double-quoted string literal with JSON's escapes (RFC 8259). TypeScript reads the same literal, so the
/// JSON reporters and the TypeScript emitter share this one spelling.
public enum JSONStringLiteral {
    /// `text` quoted: `"`, `\`, control characters, bidirectional controls and line separators escaped
    /// (`HiddenScalars`), everything else as is.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if HiddenScalars.mustEscape(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
