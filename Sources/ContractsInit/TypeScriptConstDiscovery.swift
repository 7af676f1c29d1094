import ContractsCore
import ContractsTypeScriptSource

/// A `const NAME = { KEY: 'value', ... } as const` object in TypeScript.
struct DiscoveredConst: Equatable {
    var name: String
    var values: [String]
    var location: SourceLocation
}

/// Reads `as const` objects of string values with the TypeScript lexer `check` uses.
enum TypeScriptConstDiscovery {
    static func consts(in source: TSSource) -> [DiscoveredConst] {
        let tokens = source.tokens
        var out: [DiscoveredConst] = []
        var i = 0
        while i + 3 < tokens.count {
            defer { i += 1 }
            guard tokens[i].isWord("const"), tokens[i + 1].kind == .identifier else { continue }
            var open = i + 2
            if tokens[open].isPunct(":") {  // `const X: Record<...> = {`: skip the annotation
                while open < tokens.count, !tokens[open].isPunct("=") { open += 1 }
            }
            guard open + 1 < tokens.count, tokens[open].isPunct("="), tokens[open + 1].isPunct("{") else { continue }
            var depth = 0, close = open + 1, values: [String] = []
            while close < tokens.count {
                let t = tokens[close]
                if t.isPunct("{") || t.isPunct("[") || t.isPunct("(") { depth += 1 }
                if t.isPunct("}") || t.isPunct("]") || t.isPunct(")") { depth -= 1; if depth == 0 { break } }
                if depth == 1, t.kind == .string, close > 0, tokens[close - 1].isPunct(":") { values.append(t.value) }
                close += 1
            }
            guard close + 2 < tokens.count, tokens[close + 1].isWord("as"), tokens[close + 2].isWord("const"),
                  !values.isEmpty else { continue }
            out.append(DiscoveredConst(name: tokens[i + 1].text, values: values, location: source.location(of: i + 1)))
        }
        return out
    }

    /// A set or list of string values declared under a name: `const TARGETS = new Set(['a', 'b'])` (a type argument
    /// allowed), `const TARGETS: Target[] = ['a', 'b']`, `const TARGETS = ['a', 'b'] as const`. Each is a shared
    /// enum's TypeScript surface (`typescript_const` names it); two or more values, strings only.
    static func valueLists(in source: TSSource) -> [DiscoveredConst] {
        let tokens = source.tokens
        var out: [DiscoveredConst] = []
        var i = 0
        while i + 4 < tokens.count {
            defer { i += 1 }
            guard tokens[i].isWord("const"), tokens[i + 1].kind == .identifier else { continue }
            var j = i + 2
            if tokens[j].isPunct(":") {  // `const X: Target[] = [`: skip the annotation
                while j < tokens.count, !tokens[j].isPunct("="), !tokens[j].isPunct(";") { j += 1 }
            }
            guard j + 1 < tokens.count, tokens[j].isPunct("=") else { continue }
            j += 1
            if tokens[j].isWord("new"), j + 2 < tokens.count, tokens[j + 1].isWord("Set") {
                j += 2
                if tokens[j].isPunct("<") {  // `new Set<string>(`
                    while j < tokens.count, !tokens[j].isPunct(">") { j += 1 }
                    j += 1
                }
                guard j + 1 < tokens.count, tokens[j].isPunct("(") else { continue }
                j += 1
            }
            guard j < tokens.count, tokens[j].isPunct("[") else { continue }
            var values: [String] = [], k = j + 1, plain = true
            while k < tokens.count, !tokens[k].isPunct("]") {
                if tokens[k].kind == .string { values.append(tokens[k].value) } else if !tokens[k].isPunct(",") { plain = false; break }
                k += 1
            }
            guard plain, values.count >= 2 else { continue }
            out.append(DiscoveredConst(name: tokens[i + 1].text, values: values, location: source.location(of: i + 1)))
        }
        return out
    }
}
