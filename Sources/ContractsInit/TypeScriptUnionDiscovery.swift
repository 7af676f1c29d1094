import ContractsCore
import ContractsTypeScriptSource

/// A `type NAME = 'a' | 'b' | ...` union of string literals in TypeScript.
struct DiscoveredUnion: Equatable {
    var name: String
    var values: [String]
    var location: SourceLocation
}

/// Reads string-literal unions with the TypeScript lexer `check` uses: the TypeScript surface of a shared enum
/// beside the `as const` objects `TypeScriptConstDiscovery` reads.
enum TypeScriptUnionDiscovery {
    /// Unions of two or more string literals (`null` and `undefined` members allowed, as in optional fields).
    static func unions(in source: TSSource) -> [DiscoveredUnion] {
        let tokens = source.tokens
        var out: [DiscoveredUnion] = []
        var i = 0
        while i + 3 < tokens.count {
            defer { i += 1 }
            guard tokens[i].isWord("type"), tokens[i + 1].kind == .identifier, tokens[i + 2].isPunct("="),
                  i == 0 || !tokens[i - 1].isPunct(".") else { continue }
            var j = i + 3, values: [String] = [], plain = true
            if j < tokens.count, tokens[j].isPunct("|") { j += 1 }  // a leading `|` on a union written one member a line
            while j < tokens.count {
                let t = tokens[j]
                if t.kind == .string {
                    values.append(t.value)
                } else if !(t.isWord("null") || t.isWord("undefined")) {
                    plain = false
                    break
                }
                guard j + 1 < tokens.count, tokens[j + 1].isPunct("|") else { break }
                j += 2
            }
            guard plain, values.count >= 2 else { continue }
            out.append(DiscoveredUnion(name: tokens[i + 1].text, values: values, location: source.location(of: i + 1)))
        }
        return out
    }
}
