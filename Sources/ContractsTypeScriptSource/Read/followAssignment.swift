import ContractsCore

/// Where a traced value goes next: a name (`const counts = data`), a destructuring pattern
/// (`const { data: counts } = await ...`), a `for (const d of details)` loop, or an array callback.
extension PayloadTracer {
    mutating func followAssignment(start: Int, end: Int, value: PayloadValue) {
        if source.isWord(start - 1, "of"), case .array(let element) = value {
            followLoop(ofIndex: start - 1, element: element)
            return
        }
        if source.isPunct(start - 1, "?"), let whole = conditional(around: start, end: end) {
            followAssignment(start: whole.start, end: whole.end, value: value)
            return
        }
        guard source.isPunct(start - 1, "=") else { return }
        var target = start - 2
        // `const counts: BadgeCounts = data`: skip a one-word annotation.
        if source.token(target)?.kind == .identifier, source.isPunct(target - 1, ":") { target -= 2 }
        guard let t = source.token(target) else { return }
        if t.kind == .identifier, ["const", "let", "var"].contains(where: { source.isWord(target - 1, $0) }) {
            bind(t.text, declaredAt: target, after: end, value: value)
        } else if t.isPunct("}"), source.partner[target] >= 0, source.isPattern(source.partner[target]) {
            destructure(source.partner[target], value: value, after: end, scope: source.partner[target])
        }
    }

    /// `Array.isArray(data) ? data[0] : data`, `data ? data[0] : null`: a conditional whose first branch is the
    /// traced value and whose other branch is the same name, or nothing, holds that value. Its tokens, from the
    /// first of its condition to its end; nil for any other other branch.
    func conditional(around start: Int, end: Int) -> (start: Int, end: Int)? {
        let level = source.enclosing[start]
        guard source.isPunct(end + 1, ":"), source.enclosing[end + 1] == level,
              let name = source.token(start), name.kind == .identifier,
              let other = source.token(end + 2), let otherEnd = source.chainEnd(from: end + 2) else { return nil }
        // `name[0]` against `name`: the row, or the one row a set holds.
        let isFirstRow = { (from: Int, to: Int) in
            to == from + 3 && source.isPunct(from + 1, "[") && source.token(from + 2)?.kind == .number
        }
        let bare = otherEnd == end + 2
        guard (bare && ["null", "undefined"].contains(other.text))
            || (bare && other.text == name.text && (end == start || isFirstRow(start, end)))
            || (other.text == name.text && end == start && isFirstRow(end + 2, otherEnd)) else { return nil }
        // The condition runs back to the `=` that the conditional is the value of.
        var k = start - 2
        while k > level, start - k < 64, !source.isPunct(k, "=") {
            if source.partner[k] >= 0, source.partner[k] < k {
                k = source.partner[k] - 1
                continue
            }
            if source.isPunct(k, ";") || source.isPunct(k, ",") || source.isPunct(k, "?") || source.isPunct(k, ":") { return nil }
            k -= 1
        }
        guard k > level, source.isPunct(k, "="), source.expressionEnd(afterEquals: k) == otherEnd + 1 else { return nil }
        return (k + 1, otherEnd)
    }

    /// Follows every read of `name` after `after`, to the end of the block around `index` (the declaration).
    mutating func bind(_ name: String, declaredAt index: Int, after: Int, value: PayloadValue) {
        let region = (after + 1)..<max(after + 1, source.scopeEnd(of: index))
        for r in source.reads(of: name, in: region) { trace(expressionFrom: r, after: r, holding: value) }
    }

    /// `{ data }`, `{ data: counts }`, `{ messages_total, request_details: details }`, nested patterns.
    mutating func destructure(_ open: Int, value: PayloadValue, after: Int, scope: Int) {
        for p in source.properties(ofObjectAt: open) where p.kind == .keyValue || p.kind == .shorthand {
            var held: PayloadValue?
            switch value {
            case .response(let shape): held = p.key == "data" ? .object(shape) : nil
            case .object(let shape):
                guard let field = shape.fields.first(where: { $0.key == p.key }) else {
                    report(p.key, at: p.keyIndex, shape: shape, subject: "destructuring `{ \(p.key) }`")
                    continue
                }
                held = self.held(by: field.type)
            case .array, .map: held = nil
            }
            guard let held else { continue }
            if p.kind == .shorthand {
                bind(p.key, declaredAt: scope, after: after, value: held)
            } else if let v = source.token(p.value.lowerBound) {
                if v.kind == .identifier { bind(v.text, declaredAt: scope, after: after, value: held) }
                if v.isPunct("{") { destructure(p.value.lowerBound, value: held, after: after, scope: scope) }
            }
        }
    }

    /// `for (const d of <array>) body`: `d` is an element inside the body.
    mutating func followLoop(ofIndex of: Int, element: PayloadShape) {
        guard let name = source.token(of - 1), name.kind == .identifier,
              ["const", "let", "var"].contains(where: { source.isWord(of - 2, $0) }),
              source.isPunct(of - 3, "("), source.isWord(of - 4, "for"), source.partner[of - 3] > of else { return }
        let close = source.partner[of - 3]
        let bodyEnd = source.isPunct(close + 1, "{") && source.partner[close + 1] > close
            ? source.partner[close + 1] : source.scopeEnd(of: close)
        for r in source.reads(of: name.text, in: (close + 1)..<bodyEnd) {
            trace(expressionFrom: r, after: r, holding: .object(element))
        }
    }

    /// `.map((d) => d.key)`, `.forEach(d => ...)`, `.map(({ key }) => ...)`, `.find(function (d) { ... })`.
    mutating func traceCallback(open: Int, element: PayloadShape) {
        let close = source.partner[open]
        var p = open + 1
        if source.isWord(p, "function") || source.isWord(p, "async") { p += 1 }
        if source.isWord(p, "function") { p += 1 }
        if source.isPunct(p, "(") { p += 1 }
        guard let param = source.token(p), p < close else { return }
        if param.kind == .identifier {
            for r in source.reads(of: param.text, in: (p + 1)..<close) {
                trace(expressionFrom: r, after: r, holding: .object(element))
            }
        } else if param.isPunct("{"), source.partner[p] > p {
            destructure(p, value: .object(element), after: source.partner[p], scope: p)
        }
    }
}
