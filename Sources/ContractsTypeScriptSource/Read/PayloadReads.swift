import ContractsCore

/// What a name holds when it comes from a registered RPC: the client's response (`{ data, error }`), the
/// payload itself, or an array of a payload (`request_details`).
enum PayloadValue {
    case response(PayloadShape)
    case object(PayloadShape)
    case array(PayloadShape)
    /// A `map<Payload>` field: an object keyed by any string, each value of the payload.
    case map(PayloadShape)
}

/// One access after an expression: `.key`, `?.key`, `['key']`, `[i]`, or a transparent `!`.
struct Accessor {
    var key: String?
    var keyIndex: Int
    /// Index of the accessor's last token.
    var end: Int
    var isIndex: Bool
}

extension TSSource {
    /// The access right after token `i`, if any.
    func accessor(after i: Int) -> Accessor? {
        var j = i + 1
        if isPunct(j, "!"), !isPunct(j + 1, "=") { return Accessor(key: nil, keyIndex: j, end: j, isIndex: false) }
        if isPunct(j, ".") || isPunct(j, "?.") {
            if let t = token(j + 1), t.kind == .identifier { return Accessor(key: t.text, keyIndex: j + 1, end: j + 1, isIndex: false) }
            if isPunct(j, "?.") { j += 1 } else { return nil }
        }
        guard isPunct(j, "["), partner[j] > j else { return nil }
        if partner[j] == j + 2, let s = token(j + 1), s.kind == .string {
            return Accessor(key: s.value, keyIndex: j + 1, end: j + 2, isIndex: false)
        }
        return Accessor(key: nil, keyIndex: j, end: partner[j], isIndex: true)
    }

    /// Token indices in `range` where `name` is read as a variable. A declaration of the same name in a
    /// nested function or block hides it there (skipped); one in the same block ends the range.
    func reads(of name: String, in range: Range<Int>) -> [Int] {
        // An empty range may start past the last token (a declaration that ends the file): nothing is read there.
        guard !range.isEmpty else { return [] }
        var out: [Int] = []
        let base = blockOpen(of: range.lowerBound)
        var i = range.lowerBound
        while i < range.upperBound {
            defer { i += 1 }
            guard isWord(i, name), !isPunct(i - 1, "."), !isPunct(i - 1, "?.") else { continue }
            guard declares(i) else {
                out.append(i)
                continue
            }
            let open = blockOpen(of: i)
            if let end = parameterScopeEnd(of: i) {
                i = end
            } else if open >= 0, open != base, partner[open] > i {
                i = partner[open]
            } else {
                break
            }
        }
        return out
    }

    /// Where the function a parameter at `i` belongs to ends: its body's `}`, or for an arrow with an
    /// expression body, the bracket around the arrow. Nil when `i` is not a parameter.
    func parameterScopeEnd(of i: Int) -> Int? {
        var arrow: Int?
        if isPunct(i + 1, "=>") { arrow = i + 1 }
        let paren = enclosing[i]
        if arrow == nil, paren >= 0, isPunct(paren, "("), partner[paren] > paren {
            var after = partner[paren] + 1
            if isPunct(after, "=>") { arrow = after }
            if arrow == nil {
                // `function f(data: T): R {`: the body is the next `{` at this level.
                while after < tokens.count, !isPunct(after, "{"), !isPunct(after, ";"), after < partner[paren] + 16 { after += 1 }
                return isPunct(after, "{") && partner[after] > after ? partner[after] : nil
            }
        }
        guard let arrow else { return nil }
        if isPunct(arrow + 1, "{"), partner[arrow + 1] > arrow { return partner[arrow + 1] }
        let around = enclosing[arrow]
        return around >= 0 && partner[around] > arrow ? partner[around] : tokens.count
    }

    /// Whether the identifier at `i` declares a name: `const x`, `let { x }`, `{ a: x } =`, a parameter.
    func declares(_ i: Int) -> Bool {
        if ["const", "let", "var", "function"].contains(where: { isWord(i - 1, $0) }) { return true }
        let open = enclosing[i]
        guard open >= 0 else { return false }
        if isPunct(open, "{"), isPattern(open) {
            return isPunct(i - 1, ":") || isPunct(i + 1, ",") || isPunct(i + 1, "}") || isPunct(i + 1, "=")
        }
        if isPunct(open, "("), partner[open] > open {
            // A parameter: `(data) =>`, `function f(data: T) {`, a method `render(data) {`; not `if (data) {`.
            let after = partner[open] + 1
            if isPunct(after, "=>") { return true }
            if isPunct(after, "{") || isPunct(after, ":"), let before = token(open - 1), before.kind == .identifier,
               !TSSource.controlWords.contains(before.text) {
                return isPunct(i - 1, "(") || isPunct(i - 1, ",")
            }
        }
        return isPunct(i + 1, "=>")
    }
}
