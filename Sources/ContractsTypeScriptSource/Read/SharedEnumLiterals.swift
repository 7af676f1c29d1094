/// A string literal that meets a column some shared enum holds: written to it, filtered on it, or compared with
/// a row's value of it.
struct SharedEnumLiteral {
    enum Use {
        /// `.insert/.update/.upsert({ status: 'x' })`: the value must be a current one.
        case write
        /// A filter (`.eq('status', 'x')`, `.in(...)`, `.match({...})`) or a comparison on a row: retired values
        /// are fine (old rows hold them).
        case compare
    }

    var raw: String
    /// Token index of the literal.
    var index: Int
    /// The column as the code names it.
    var column: String
    /// The row's table; nil when it cannot be known (a parameter, a webhook payload).
    var table: QueryTable?
    /// What holds the column, as written (`m`, `payload.record`): comparisons on one receiver are judged together.
    var receiver: String
    /// The read as a message shows it: `m.status`, or a name bound to it (`status`).
    var shown: String
    var use: Use
}

extension TSSource {
    /// Every literal in the file that meets a shared enum's column, in one pass over the tokens for every enum.
    func sharedEnumLiterals(_ enums: TSSharedEnums) -> [SharedEnumLiteral] {
        guard !enums.byColumn.isEmpty else { return [] }
        let rows = QueryRowResolver(self)
        var out: [SharedEnumLiteral] = []
        for i in tokens.indices {
            let t = tokens[i]
            switch t.kind {
            case .punctuator where ["===", "!==", "==", "!="].contains(t.text):
                out += comparison(at: i, enums, rows)
            case .identifier where t.text == "switch" && isPunct(i + 1, "("):
                out += switchCases(at: i, enums, rows)
            case .identifier where t.text == "includes" && isPunct(i - 1, ".") && isPunct(i - 2, "]") && isPunct(i + 1, "("):
                out += includes(at: i, enums, rows)
            case .identifier where ["eq", "neq", "in", "match", "filter", "not"].contains(t.text) && isPunct(i + 1, "(")
                && (isPunct(i - 1, ".") || isPunct(i - 1, "?.")):
                out += filter(at: i, enums, rows)
            case .identifier where ["insert", "update", "upsert"].contains(t.text) && isPunct(i + 1, "(")
                && (isPunct(i - 1, ".") || isPunct(i - 1, "?.")):
                out += written(at: i, enums, rows)
            default:
                break
            }
        }
        return out
    }

    /// `row.status === 'x'`, `'x' !== rows[0]?.status`, `status === 'x'` after `const status = row.status`.
    private func comparison(at i: Int, _ enums: TSSharedEnums, _ rows: QueryRowResolver) -> [SharedEnumLiteral] {
        let leftEnd = i - 1, leftStart = chainStart(endingAt: leftEnd)
        // `row.status === 'a' + suffix` compares with the concatenation, not with 'a'.
        guard leftStart <= leftEnd, let rightEnd = chainEnd(from: i + 1), !isPunct(rightEnd + 1, "+"),
              !isPunct(leftStart - 1, "+") else { return [] }
        if let literal = singleLiteral(i + 1, rightEnd), let read = columnRead(leftStart, leftEnd, enums, rows) {
            return [read.literal(literal, tokens[literal].value, .compare)]
        }
        if let literal = singleLiteral(leftStart, leftEnd), let read = columnRead(i + 1, rightEnd, enums, rows) {
            return [read.literal(literal, tokens[literal].value, .compare)]
        }
        return []
    }

    /// The `case 'x':` directly in `switch (row.status) { ... }`.
    private func switchCases(at i: Int, _ enums: TSSharedEnums, _ rows: QueryRowResolver) -> [SharedEnumLiteral] {
        let close = partner[i + 1]
        guard close > i + 2, isPunct(close + 1, "{"), partner[close + 1] > close,
              let read = columnRead(i + 2, close - 1, enums, rows) else { return [] }
        let body = close + 1
        var out: [SharedEnumLiteral] = []
        for c in (body + 1)..<partner[body] where isWord(c, "case") && enclosing[c] == body {
            if let literal = singleLiteral(c + 1, c + 1), isPunct(c + 2, ":") {
                out.append(read.literal(literal, tokens[literal].value, .compare))
            }
        }
        return out
    }

    /// `['a', 'b'].includes(row.status)`.
    private func includes(at i: Int, _ enums: TSSharedEnums, _ rows: QueryRowResolver) -> [SharedEnumLiteral] {
        let list = partner[i - 2], args = arguments(ofCallAt: i + 1)
        guard list >= 0, chainStart(endingAt: i - 2) == list, args.count == 1,
              let read = columnRead(args[0].lowerBound, args[0].upperBound - 1, enums, rows) else { return [] }
        return arguments(ofCallAt: list).compactMap { element in
            singleLiteral(element.lowerBound, element.upperBound - 1).map { read.literal($0, tokens[$0].value, .compare) }
        }
    }

    /// `.eq('status', 'x')`, `.neq(...)`, `.in('status', ['a', 'b'])`, `.match({ status: 'x' })`,
    /// `.filter('status', 'eq', 'x')` and `.not('status', 'eq', 'x')` on a query of a table.
    private func filter(at i: Int, _ enums: TSSharedEnums, _ rows: QueryRowResolver) -> [SharedEnumLiteral] {
        var args = arguments(ofCallAt: i + 1)
        guard let first = args.first else { return [] }
        if isWord(i, "filter") || isWord(i, "not") {
            // The operator in the middle; an array's `filter` takes a callback, never three arguments.
            guard args.count == 3, args[1].count == 1, let op = token(args[1].lowerBound), op.kind == .string,
                  ["eq", "neq"].contains(op.value) else { return [] }
            args.remove(at: 1)
        }
        if isWord(i, "match") {
            guard let table = rows.queryTable(ofCallNamed: i), isPunct(first.lowerBound, "{"), isObjectLiteral(first.lowerBound)
            else { return [] }
            return objectLiterals(first.lowerBound, table, .compare, enums)
        }
        guard args.count == 2, first.count == 1, let column = token(first.lowerBound), column.kind == .string,
              enums.hasColumn(column.value), let table = rows.queryTable(ofCallNamed: i) else { return [] }
        let read = ColumnRead(column: column.value, table: table, receiver: table.display, shown: "\(table.display).\(column.value)")
        var values = args[1]
        if isWord(i, "in") {
            guard isPunct(values.lowerBound, "["), partner[values.lowerBound] == values.upperBound - 1 else { return [] }
            values = (values.lowerBound + 1)..<(values.upperBound - 1)
            return arguments(ofCallAt: values.lowerBound - 1).compactMap { element in
                singleLiteral(element.lowerBound, element.upperBound - 1).map { read.literal($0, tokens[$0].value, .compare) }
            }
        }
        return stringValues(in: values).map { read.literal($0, tokens[$0].value, .compare) }
    }

    /// The rows `.from('t').insert/update/upsert(...)` writes: object literals in place, arrays of them, and the
    /// objects a name is bound to (`writtenRows`' forms).
    private func written(at i: Int, _ enums: TSSharedEnums, _ rows: QueryRowResolver) -> [SharedEnumLiteral] {
        guard let first = arguments(ofCallAt: i + 1).first else { return [] }
        let objects = yieldedObjects(in: first)
        guard !objects.isEmpty, let table = rows.queryTable(ofCallNamed: i) else { return [] }
        return objects.flatMap { objectLiterals($0, table, .write, enums) }
    }

    /// The literals an object written to (or matched against) `table` holds under a column of a shared enum.
    private func objectLiterals(_ open: Int, _ table: QueryTable, _ use: SharedEnumLiteral.Use,
                                _ enums: TSSharedEnums) -> [SharedEnumLiteral] {
        var out: [SharedEnumLiteral] = []
        for p in properties(ofObjectAt: open) where p.kind == .keyValue || p.kind == .shorthand {
            guard enums.sharedEnum(table, p.key) != nil else { continue }
            let read = ColumnRead(column: p.key, table: table, receiver: table.display, shown: "\(table.display).\(p.key)")
            var literals = p.kind == .keyValue ? stringValues(in: p.value) : []
            if literals.isEmpty {
                // `{ status }` or `status: next` after `const next = 'archived'`.
                let name = p.kind == .shorthand ? (p.key, p.keyIndex)
                    : p.value.count == 1 && token(p.value.lowerBound)?.kind == .identifier ? (tokens[p.value.lowerBound].text, p.value.lowerBound) : nil
                if let name, let literal = boundLiteral(of: name.0, before: name.1) { literals = [literal] }
            }
            out += literals.map { read.literal($0, tokens[$0].value, use) }
        }
        return out
    }

    /// The token of a lone string literal in `[start, end]` (`'x'`, `'x' as const`), or nil.
    private func singleLiteral(_ start: Int, _ end: Int) -> Int? {
        guard let t = token(start), t.kind == .string else { return nil }
        if start == end { return start }
        return end == start + 2 && isWord(start + 1, "as") ? start : nil
    }

    /// The string literals an expression may evaluate to: itself, or each branch of `c ? 'a' : 'b'`, `x ?? 'a'`,
    /// `x || 'a'` at its top level.
    private func stringValues(in range: Range<Int>) -> [Int] {
        guard !range.isEmpty else { return [] }
        let level = enclosing[range.lowerBound]
        var out: [Int] = []
        var pieceStart = range.lowerBound
        for i in range.lowerBound...range.upperBound {
            guard i == range.upperBound || (enclosing[i] == level && ["?", ":", "||", "??"].contains(where: { isPunct(i, $0) }))
            else { continue }
            if pieceStart < i, let literal = singleLiteral(pieceStart, i - 1) { out.append(literal) }
            pieceStart = i + 1
        }
        return out
    }

    /// The column an operand reads, with the row's table when it is known: `row.status`, `rows[0]?.status`,
    /// `row['status']`, or a name bound to one (`const status = row.status`, `const { status } = row`).
    private func columnRead(_ start: Int, _ end: Int, _ enums: TSSharedEnums, _ rows: QueryRowResolver) -> ColumnRead? {
        guard start <= end, !isWord(start - 1, "typeof") else { return nil }
        if let key = lastKey(endingAt: end), enums.hasColumn(key.key) {
            var receiverEnd = key.index - 2
            if isPunct(receiverEnd, "?.") { receiverEnd -= 1 }
            guard receiverEnd >= start else { return nil }
            let table: QueryTable?
            if case .rows(let t) = rows.value(ofChain: start, receiverEnd) { table = t } else { table = nil }
            let receiver = text(from: start, through: receiverEnd)
            return ColumnRead(column: key.key, table: table, receiver: receiver, shown: "\(receiver).\(key.key)")
        }
        guard start == end, let name = token(start), name.kind == .identifier, !isPunct(start - 1, "."),
              !isPunct(start - 1, "?."), let (_, binding) = rows.binding(of: name.text, before: start) else { return nil }
        switch binding {
        case .expression(let range):
            guard let chainEnd = chainEnd(from: range.lowerBound), chainEnd == range.upperBound - 1,
                  let key = lastKey(endingAt: chainEnd), enums.hasColumn(key.key) else { return nil }
            return columnRead(range.lowerBound, chainEnd, enums, rows)
        case .patternKey(let key, let range, let element):
            guard enums.hasColumn(key) else { return nil }
            var table: QueryTable?
            if case .rows(let t) = rows.value(of: range) { table = t }
            let receiver = element ? name.text : text(from: range.lowerBound, through: range.upperBound - 1)
            return ColumnRead(column: key, table: table, receiver: receiver, shown: name.text)
        case .element, .rows:
            return nil
        }
    }
}

/// A column read somewhere in the file, with its row's table when known.
struct ColumnRead {
    var column: String
    var table: QueryTable?
    var receiver: String
    var shown: String

    func literal(_ index: Int, _ raw: String, _ use: SharedEnumLiteral.Use) -> SharedEnumLiteral {
        SharedEnumLiteral(raw: raw, index: index, column: column, table: table, receiver: receiver, shown: shown, use: use)
    }
}
