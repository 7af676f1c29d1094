/// One entry of an object literal (or destructuring pattern) between `{` and `}`.
struct TSProperty: Equatable {
    enum Kind: Equatable {
        /// `key: value` (also `'key': value`).
        case keyValue
        /// `key` alone, or `key = default` in a pattern.
        case shorthand
        /// `key(...) { ... }`.
        case method
        /// `...expr`: keys we cannot see.
        case spread
        /// `[expr]: value`.
        case computed
    }

    var kind: Kind
    /// The key as written (decoded for string keys); empty for spread and computed entries.
    var key: String
    /// Token index of the key (or of `...` / `[`).
    var keyIndex: Int
    /// Token indices of the value; empty for shorthand entries.
    var value: Range<Int>
}

extension TSSource {
    /// Tokens before `{` after which the brace opens an expression (an object literal), not a block.
    static let objectContext: Set<String> = [
        "=", "(", ",", ":", "[", "?", "||", "&&", "??", "...", "return", "yield", "await", "=>", "in", "of",
        "case", "??=", "||=", "&&=", "typeof", "satisfies",
    ]

    /// Whether the `{` at `open` starts an object literal. `=> {` is a function body unless wrapped in parens,
    /// which `(` already covers.
    func isObjectLiteral(_ open: Int) -> Bool {
        guard isPunct(open, "{"), let previous = token(open - 1) else { return false }
        if previous.isPunct("=>") { return false }
        if previous.kind == .template { return previous.text.hasSuffix("${") }
        guard previous.kind == .punctuator || previous.kind == .identifier else { return false }
        return TSSource.objectContext.contains(previous.text)
    }

    /// The entries between the brace at `open` and its partner.
    func properties(ofObjectAt open: Int) -> [TSProperty] {
        let close = partner[open] >= 0 ? partner[open] : tokens.count
        var out: [TSProperty] = []
        var entryStart = open + 1
        var i = open + 1
        while i <= close {
            if i == close || (isPunct(i, ",") && enclosing[i] == open) {
                if entryStart < i, let p = property(from: entryStart, to: i) { out.append(p) }
                entryStart = i + 1
            }
            // Jump over nested brackets (and every chunk of a template), so deep nesting stays linear.
            while i < close, partner[i] > i { i = partner[i] }
            i += 1
        }
        return out
    }

    /// Reads one entry from its tokens `[start, end)`.
    private func property(from start: Int, to end: Int) -> TSProperty? {
        let first = tokens[start]
        if first.isPunct("...") {
            return TSProperty(kind: .spread, key: "", keyIndex: start, value: (start + 1)..<end)
        }
        if first.isPunct("[") {
            guard partner[start] > start else { return TSProperty(kind: .computed, key: "", keyIndex: start, value: end..<end) }
            let after = partner[start] + 1
            let valueStart = isPunct(after, ":") ? after + 1 : end
            return TSProperty(kind: .computed, key: "", keyIndex: start, value: min(valueStart, end)..<end)
        }
        var keyIndex = start
        // `get x()`, `set x(v)`, `async x()`: the key is the second word.
        if first.kind == .identifier, ["get", "set", "async"].contains(first.text),
           let next = token(start + 1), next.kind == .identifier || next.kind == .string, start + 1 < end {
            keyIndex = start + 1
        }
        let key = tokens[keyIndex]
        guard [.identifier, .string, .number].contains(key.kind) else { return nil }
        if isPunct(keyIndex + 1, ":"), keyIndex + 1 < end {
            return TSProperty(kind: .keyValue, key: key.value, keyIndex: keyIndex, value: (keyIndex + 2)..<end)
        }
        if isPunct(keyIndex + 1, "(") || isPunct(keyIndex + 1, "<") {
            return TSProperty(kind: .method, key: key.value, keyIndex: keyIndex, value: (keyIndex + 1)..<end)
        }
        return TSProperty(kind: .shorthand, key: key.value, keyIndex: keyIndex, value: end..<end)
    }
}
