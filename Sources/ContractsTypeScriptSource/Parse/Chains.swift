/// Member-access chains (`payload.data?.type`, `res['type']`, `supabase.from('x').insert(...)`), read from
/// either end.
extension TSSource {
    /// The last token of the chain starting at `start`, or nil when no operand starts there.
    func chainEnd(from start: Int) -> Int? {
        guard let first = token(start) else { return nil }
        var i: Int
        if first.kind == .identifier || first.kind == .string || first.kind == .number {
            i = start
        } else if first.isPunct("("), partner[start] > start {
            i = partner[start]
        } else {
            return nil
        }
        while true {
            if (isPunct(i + 1, ".") || isPunct(i + 1, "?.")), token(i + 2)?.kind == .identifier {
                i += 2
            } else if isPunct(i + 1, "?."), isPunct(i + 2, "[") || isPunct(i + 2, "("), partner[i + 2] > i {
                i = partner[i + 2]
            } else if isPunct(i + 1, "[") || isPunct(i + 1, "("), partner[i + 1] > i {
                i = partner[i + 1]
            } else if isPunct(i + 1, "!"), !isPunct(i + 2, "=") {
                i += 1
            } else {
                return i
            }
        }
    }

    /// The first token of the chain ending at `end`.
    func chainStart(endingAt end: Int) -> Int {
        var i = end
        while let t = token(i) {
            if t.isPunct(")") || t.isPunct("]"), partner[i] >= 0, partner[i] < i {
                let open = partner[i]
                var before = open - 1
                if isPunct(before, "?.") { before -= 1 }
                if let b = token(before), (b.kind == .identifier && !TSSource.expressionKeywords.contains(b.text))
                    || b.isPunct(")") || b.isPunct("]") {
                    i = before
                    continue
                }
                return open
            }
            if t.isPunct("!"), i < end {
                i -= 1
                continue
            }
            guard t.kind == .identifier || t.kind == .string || t.kind == .number else { return min(i + 1, end) }
            if isPunct(i - 1, ".") || isPunct(i - 1, "?.") {
                i -= 2
                continue
            }
            return i
        }
        return max(i + 1, 0)
    }

    static let expressionKeywords: Set<String> = [
        "return", "await", "typeof", "if", "while", "switch", "for", "case", "new", "void", "delete", "throw",
        "yield", "in", "of", "instanceof", "catch",
    ]

    /// The key a chain ending at `end` reads last: `x.key`, `x?.key`, `x['key']`, `x?.["key"]`.
    func lastKey(endingAt end: Int) -> (key: String, index: Int)? {
        guard let t = token(end) else { return nil }
        if t.kind == .identifier, isPunct(end - 1, ".") || isPunct(end - 1, "?.") { return (t.text, end) }
        if t.isPunct("]"), partner[end] == end - 2, let s = token(end - 1), s.kind == .string,
           let before = token(end - 3), before.kind == .identifier || before.isPunct(")") || before.isPunct("]")
            || before.isPunct("?.") {
            return (s.value, end - 1)
        }
        return nil
    }

    /// The argument ranges of the call whose `(` is at `open`, split at top-level commas.
    func arguments(ofCallAt open: Int) -> [Range<Int>] {
        let close = partner[open] >= 0 ? partner[open] : tokens.count
        var out: [Range<Int>] = []
        var start = open + 1
        var i = open + 1
        while i <= close {
            if i == close || (isPunct(i, ",") && enclosing[i] == open) {
                if start < i { out.append(start..<i) }
                start = i + 1
            }
            while i < close, partner[i] > i { i = partner[i] }
            i += 1
        }
        return out
    }
}

extension TSSource {
    /// The source text of tokens `[start, end]` without whitespace or comments (`counts?.messages_count`),
    /// for messages; `await` keeps its space.
    func text(from start: Int, through end: Int) -> String {
        guard start <= end, end < tokens.count else { return "" }
        return tokens[start...end].map { $0.kind == .identifier && $0.text == "await" ? "await " : $0.text }.joined()
    }
}
