/// Characters that must never reach generated code or a terminal as they are: control characters (C0,
/// DEL, C1), which a terminal acts on instead of showing, and the bidirectional controls and line
/// separators, which make text display in another order than a compiler reads it ("Trojan Source",
/// CVE-2021-42574). Every emitter and reporter escapes the same set.
public enum HiddenScalars {
    /// The Unicode bidirectional formatting characters: embeddings and overrides (U+202A–U+202E), isolates
    /// (U+2066–U+2069) and the implicit marks (U+200E, U+200F, U+061C).
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Whether `scalar` is escaped wherever text is written: C0, DEL, C1, bidi controls and U+2028/U+2029.
    public static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: return true
        default: return isBidiControl(scalar)
        }
    }

    /// `text` with every scalar of `mustEscape` written as `\u{XXXX}` (but those in `keeping`), for text shown to a
    /// person (a summary line, a terminal, a CI log): what is printed is what the text holds, in the order it holds it.
    public static func visible(_ text: String, keeping: Set<Unicode.Scalar> = []) -> String {
        let escapes = { (scalar: Unicode.Scalar) in mustEscape(scalar) && !keeping.contains(scalar) }
        guard text.unicodeScalars.contains(where: escapes) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if escapes(scalar) {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
