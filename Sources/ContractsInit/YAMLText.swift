import ContractsCore

/// Scalars as YAML writes them: plain when unambiguous, double-quoted otherwise. In a quoted scalar every
/// character of `HiddenScalars` is a `\u` escape, as in the generated Swift and TypeScript, so a registry `init`
/// writes shows each bidirectional control or line separator a name holds, and reads back the same string.
enum YAMLText {
    private static let reserved: Set<String> = ["true", "false", "null", "yes", "no", "on", "off", "~", "y", "n"]

    static func scalar(_ text: String) -> String {
        let plain = !text.isEmpty && !reserved.contains(text.lowercased()) && Double(text) == nil
            && text.unicodeScalars.first.map { $0.properties.isAlphabetic || $0 == "_" } == true
            && text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_./-".unicodeScalars.contains($0) }
        if plain { return text }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if HiddenScalars.mustEscape(scalar) {
                    out += "\\u" + String(scalar.value, radix: 16).leftPadded(4)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `[a, b]`.
    static func flow(_ items: [String]) -> String { "[" + items.map(scalar).joined(separator: ", ") + "]" }
}

extension String {
    fileprivate func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
