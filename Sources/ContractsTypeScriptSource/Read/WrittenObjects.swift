/// Objects an edge function writes where a notification type travels, beyond the literal written in place
/// (`.from('notifications').insert({ ... })`, which `rowTable` sees):
/// - rows passed by name or built by `map`: `const rows = members.map((m) => ({ user_id: m.id, kind: 'x' }))`,
///   then `.from('notifications').insert(rows)`; an array filled by `rows.push({ ... })`;
/// - the body of `supabase.functions.invoke('push-notify', { body: { kind } })` (another function's payload).
extension TSSource {
    /// Object literals written as rows by `.from('<table>').insert/.upsert/.update(<expression>)`, with their
    /// table (unqualified): rows of another table are never notifications.
    func writtenRows() -> [Int: String] {
        var out: [Int: String] = [:]
        for i in tokens.indices where ["insert", "upsert", "update"].contains(where: { isWord(i, $0) })
            && isPunct(i - 1, ".") && isPunct(i + 1, "(") {
            guard let first = arguments(ofCallAt: i + 1).first, let table = fromTable(ofChainEndingAt: i) else { continue }
            for open in yieldedObjects(in: first) where out[open] == nil { out[open] = table }
        }
        return out
    }

    /// The payload objects of `functions.invoke(name, { body: ... })` calls.
    func invokedBodies() -> Set<Int> {
        var out: Set<Int> = []
        for i in tokens.indices where isWord(i, "invoke") && isPunct(i - 1, ".") && isWord(i - 2, "functions")
            && isPunct(i + 1, "(") {
            let args = arguments(ofCallAt: i + 1)
            guard args.count >= 2 else { continue }
            for options in yieldedObjects(in: args[1]) {
                for p in properties(ofObjectAt: options) where p.key == "body" {
                    if p.kind == .keyValue { out.formUnion(yieldedObjects(in: p.value)) }
                    if p.kind == .shorthand, let value = initializer(of: "body", before: p.keyIndex) {
                        out.formUnion(yieldedObjects(in: value))
                    }
                }
            }
        }
        return out
    }

    /// The table of the `.from('<table>')` in the chain ending at `end` (unqualified).
    func fromTable(ofChainEndingAt end: Int) -> String? {
        let start = chainStart(endingAt: end)
        guard start < end else { return nil }
        for i in start..<end where isWord(i, "from") && isPunct(i + 1, "(") {
            if let table = token(i + 2), table.kind == .string { return TSSource.unqualified(table.value) }
        }
        return nil
    }

    /// The object literals an expression evaluates to (or to an array of): `{ ... }`, `[{ ... }, ...]`,
    /// `xs.map((x) => ({ ... }))` (also on `Array.from(xs)` and `[...xs]`), `xs.map((x) => { return { ... } })`,
    /// `JSON.stringify({ ... })`, or a name bound to one of these (`const rows = ...`, an array filled by
    /// `rows.push({ ... })`).
    func yieldedObjects(in range: Range<Int>, depth: Int = 0) -> [Int] {
        var start = range.lowerBound
        while start < range.upperBound, isWord(start, "await") { start += 1 }
        guard start < range.upperBound, depth < 4, let first = token(start) else { return [] }
        if first.isPunct("{"), isObjectLiteral(start) { return [start] }
        // An array literal, unless it is the receiver of a `map` (`[...participantSet].map((id) => ({ ... }))`).
        if first.isPunct("["), partner[start] > start,
           !(isPunct(partner[start] + 1, ".") && isWord(partner[start] + 2, "map")) {
            return arguments(ofCallAt: start).flatMap { yieldedObjects(in: $0, depth: depth + 1) }
        }
        if first.isPunct("("), partner[start] == range.upperBound - 1 {
            return yieldedObjects(in: (start + 1)..<(range.upperBound - 1), depth: depth + 1)
        }
        if first.isWord("JSON"), isPunct(start + 1, "."), isWord(start + 2, "stringify"), isPunct(start + 3, "("),
           let value = arguments(ofCallAt: start + 3).first {
            return yieldedObjects(in: value, depth: depth + 1)
        }
        if first.kind == .identifier, range.upperBound - start == 1 || isWord(start + 1, "as") {
            guard let value = initializer(of: first.text, before: start) else { return [] }
            var objects = yieldedObjects(in: value, depth: depth + 1)
            if value.count == 2, isPunct(value.lowerBound, "["), isPunct(value.lowerBound + 1, "]") {
                objects += pushedObjects(into: first.text, from: value.upperBound, until: start, depth: depth)
            }
            return objects
        }
        // `members.map(...)`, `(members ?? []).filter(...).map(...)`: the callback's results.
        let level = enclosing[start]
        for i in start..<range.upperBound where enclosing[i] == level && isWord(i, "map") && isPunct(i - 1, ".")
            && isPunct(i + 1, "(") {
            guard let callback = arguments(ofCallAt: i + 1).first else { continue }
            return returnedObjects(ofCallback: callback, depth: depth)
        }
        return []
    }

    /// What a callback returns: `(m) => ({ ... })`, `m => { ...; return { ... } }`, `function (m) { return { ... } }`.
    private func returnedObjects(ofCallback callback: Range<Int>, depth: Int) -> [Int] {
        var body: Int?
        for i in callback where isPunct(i, "=>") && enclosing[i] == enclosing[callback.lowerBound] {
            if isPunct(i + 1, "{"), !isObjectLiteral(i + 1) { body = i + 1; break }
            return yieldedObjects(in: (i + 1)..<callback.upperBound, depth: depth + 1)
        }
        if body == nil, isWord(callback.lowerBound, "function") || isWord(callback.lowerBound, "async") {
            body = callback.first { isPunct($0, "{") && !isObjectLiteral($0) }
        }
        guard let body, partner[body] > body else { return [] }
        var out: [Int] = []
        for i in (body + 1)..<partner[body] where isWord(i, "return") && isPunct(i + 1, "{") {
            out.append(i + 1)
        }
        return out
    }

    /// `name.push({ ... })` calls between the declaration and the use.
    private func pushedObjects(into name: String, from: Int, until: Int, depth: Int) -> [Int] {
        var out: [Int] = []
        for i in from..<until where isWord(i, name) && isPunct(i + 1, ".") && isWord(i + 2, "push") && isPunct(i + 3, "(") {
            for argument in arguments(ofCallAt: i + 3) { out += yieldedObjects(in: argument, depth: depth + 1) }
        }
        return out
    }

    /// The string literal `name` holds at `use`: `const kind = 'weekly_digest'` in a scope around it. Nil when the
    /// nearest declaration in scope is anything else (a parameter, a computed value).
    func boundLiteral(of name: String, before use: Int) -> Int? {
        guard let value = initializer(of: name, before: use), value.count == 1,
              let literal = token(value.lowerBound), literal.kind == .string else { return nil }
        return value.lowerBound
    }

    /// The initializer of the nearest declaration of `name` before `use` whose scope holds `use`
    /// (`const|let|var name[: T] = <initializer>`), up to the `;` or the next statement's keyword.
    /// Nil when that declaration is a parameter or a pattern.
    func initializer(of name: String, before use: Int) -> Range<Int>? {
        var i = use - 1
        while i >= 0 {
            defer { i -= 1 }
            guard isWord(i, name), !isPunct(i - 1, "."), !isPunct(i - 1, "?."), declares(i) else { continue }
            let isVariable = ["const", "let", "var"].contains(where: { isWord(i - 1, $0) })
            let scopeEnd: Int
            if isVariable {
                let open = blockOpen(of: i)
                scopeEnd = open >= 0 && partner[open] >= 0 ? partner[open] : tokens.count
            } else {
                scopeEnd = parameterScopeEnd(of: i) ?? tokens.count
            }
            guard use < scopeEnd else { continue }
            guard isVariable else { return nil }
            var equals = i + 1
            if isPunct(equals, ":") {
                while equals < min(i + 12, tokens.count), !isPunct(equals, "="), !isPunct(equals, ";") { equals += 1 }
            }
            guard isPunct(equals, "=") else { return nil }
            return (equals + 1)..<expressionEnd(afterEquals: equals)
        }
        return nil
    }

    /// The end (exclusive) of the expression after the `=` at `equals`: the `;` or `,` at its level, or the next
    /// statement's start.
    func expressionEnd(afterEquals equals: Int) -> Int {
        let level = enclosing[equals]
        let levelEnd = level >= 0 && partner[level] > level ? partner[level] : tokens.count
        var end = equals + 1
        while end < levelEnd, !isPunct(end, ";"), !isPunct(end, ",") {
            if end > equals + 1, endsStatement(before: end) { break }
            end = partner[end] > end ? partner[end] + 1 : end + 1
        }
        return end
    }

    /// Whether a statement without `;` ends before token `i`: `i` starts a statement keyword, or a word on a new
    /// line after a complete operand (automatic semicolon insertion).
    private func endsStatement(before i: Int) -> Bool {
        guard let t = token(i), t.kind == .identifier, !isPunct(i - 1, "."), !isPunct(i - 1, "?.") else { return false }
        if TSSource.statementWords.contains(t.text) { return true }
        guard let previous = token(i - 1), location(of: i - 1).line < location(of: i).line else { return false }
        return previous.kind == .string || previous.kind == .identifier || previous.kind == .number
            || previous.isPunct(")") || previous.isPunct("]") || previous.isPunct("}")
    }

    /// Words that start a statement: an initializer without `;` ends before them.
    static let statementWords: Set<String> = [
        "const", "let", "var", "if", "for", "while", "return", "switch", "try", "throw", "export", "function", "class",
    ]
}
