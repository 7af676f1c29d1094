import ContractsCore

/// A notification type as written where one is expected: a string literal or a member of the `as const` object.
struct TypeValue: Equatable {
    /// The raw value written (literal), or the raw the const key maps to (nil when the key is not registered).
    var raw: String?
    /// `NOTIFICATION_TYPES.KEY`'s key, when written that way.
    var constKey: String?
    /// Token index of the literal or of the key.
    var index: Int
}

extension TSSource {
    /// Type values in an expression: the expression itself, or each branch of `a ? 'x' : 'y'`, `a ?? 'x'`,
    /// `a || 'x'` at its top level. Concatenations and calls are not type values.
    func typeValues(in range: Range<Int>, contract: TSContract) -> [TypeValue] {
        guard !range.isEmpty else { return [] }
        let level = enclosing[range.lowerBound]
        var out: [TypeValue] = []
        var pieceStart = range.lowerBound
        for i in range.lowerBound...range.upperBound {
            let splits = i == range.upperBound
                || (enclosing[i] == level && ["?", ":", "||", "??"].contains(where: { isPunct(i, $0) }))
            guard splits else { continue }
            if let v = typeValue(pieceStart..<i, contract: contract) { out.append(v) }
            pieceStart = i + 1
        }
        return out
    }

    private func typeValue(_ piece: Range<Int>, contract: TSContract) -> TypeValue? {
        var r = piece
        // `'x' as const`, `'x' as NotificationType`
        if r.count == 3, isWord(r.lowerBound + 1, "as") { r = r.lowerBound..<(r.lowerBound + 1) }
        if r.count == 1, let t = token(r.lowerBound), t.kind == .string {
            return TypeValue(raw: t.value, constKey: nil, index: r.lowerBound)
        }
        if r.count == 3, isWord(r.lowerBound, contract.constName),
           isPunct(r.lowerBound + 1, ".") || isPunct(r.lowerBound + 1, "?."),
           let key = token(r.lowerBound + 2), key.kind == .identifier {
            return TypeValue(raw: contract.constKeys[key.text], constKey: key.text, index: r.lowerBound + 2)
        }
        return nil
    }

    /// Names bound to a notification type: `const t = payload.type`, `const t = resolveEventType(p) ?? 'other'`,
    /// `const { type } = body`, `const { notification_type: kind } = row`, `({ type }) => ...`.
    func typeBindings(contract: TSContract) -> Set<String> {
        var names: Set<String> = []
        for i in tokens.indices where ["const", "let", "var"].contains(where: { isWord(i, $0) }) {
            guard let name = token(i + 1), name.kind == .identifier else { continue }
            var equals = i + 2
            // `const t: string = ...`: a short annotation.
            if isPunct(equals, ":") {
                while equals < min(i + 8, tokens.count), !isPunct(equals, "=") { equals += 1 }
            }
            if isPunct(equals, "="), expressionReadsType(from: equals + 1, contract: contract) { names.insert(name.text) }
        }
        for open in tokens.indices where isPunct(open, "{") && isPattern(open) {
            for p in properties(ofObjectAt: open) where contract.typeKeys.contains(p.key) {
                if p.kind == .shorthand { names.insert(p.key) }
                if p.kind == .keyValue, let v = token(p.value.lowerBound), v.kind == .identifier { names.insert(v.text) }
            }
        }
        return names
    }

    /// Whether the `{` at `open` is a destructuring pattern: after `const`/`let`/`var`, or a parameter of a
    /// function (its parenthesis is followed by `=>` or a body).
    func isPattern(_ open: Int) -> Bool {
        if ["const", "let", "var"].contains(where: { isWord(open - 1, $0) }) { return true }
        let paren = enclosing[open]
        guard paren >= 0, isPunct(paren, "("), partner[paren] > paren else { return false }
        let after = partner[paren] + 1
        return isPunct(after, "=>") || (isPunct(after, ":") && !isPunct(paren - 1, ")"))
            || (isPunct(after, "{") && (isWord(paren - 2, "function") || isWord(paren - 1, "function")))
    }

    /// Whether the operand `[start, end]` reads the notification type: `x.type`, `x?.['type']`, a bound name,
    /// or a call of a type function (`resolveEventType(p)`).
    /// Returns what it reads it from (`payload.record`, or the bound name), so evidence about one receiver
    /// can be gathered across a file; nil when it does not read the type.
    func typeReceiver(_ start: Int, _ end: Int, contract: TSContract, bindings: Set<String>) -> String? {
        guard start <= end, !isWord(start - 1, "typeof") else { return nil }
        if let key = lastKey(endingAt: end), contract.typeKeys.contains(key.key) {
            var receiverEnd = key.index - 2          // before `.type`, or before `['type'`
            if isPunct(receiverEnd, "?.") { receiverEnd -= 1 }
            return text(from: start, through: max(start, receiverEnd))
        }
        if let callee = token(start), callee.kind == .identifier, contract.typeFunctions.contains(callee.text),
           isPunct(start + 1, "("), partner[start + 1] == end {
            return callee.text + "()"
        }
        guard start == end, token(start)?.kind == .identifier, bindings.contains(tokens[start].text),
              !isPunct(start - 1, "."), !isPunct(start - 1, "?.") else { return nil }
        return tokens[start].text
    }
}
