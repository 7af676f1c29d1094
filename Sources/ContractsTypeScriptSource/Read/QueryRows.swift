/// What an expression holds when it comes from a supabase-js query on a table: the query or its response
/// (`supabase.from('t').select()`, awaited or not), or the rows of its `data`. One row (`.single()`) and an
/// array of rows are not told apart: a column is read the same way from both (`row.status`, `rows[0].status`).
enum QueryValue: Equatable {
    case response(QueryTable)
    case rows(QueryTable)
}

/// How a name got its value at some use: the nearest binding before it (a declaration, or an assignment in a
/// block around the use), read once per file.
enum NameBinding {
    /// `const x = <expression>`, `x = <expression>`.
    case expression(Range<Int>)
    /// `for (const x of <array>)`, `<array>.filter((x) => ...)`: an element of the array.
    case element(Range<Int>)
    /// `const { data: x } = <expression>`, `({ status }) =>` over an array: the key `key` of what the expression
    /// holds (of its elements when `element`).
    case patternKey(String, of: Range<Int>, element: Bool)
    /// A parameter typed with a table's row (`m: Tables<'media_assets'>`).
    case rows(QueryTable)
}

/// Resolves which table a row read comes from, within one file: the names bound to queries and their `data`
/// (`const { data: rooms } = await supabase.from('chat_rooms').select('*')`), their elements (`for (const r of
/// rooms ?? [])`, `rooms.filter((r) => ...)`), and what a chain of reads and calls keeps of them. A name assigned
/// again takes its latest binding before the use; one assigned in a branch that does not hold the use is unknown.
final class QueryRowResolver {
    let source: TSSource
    /// Token indices where each name is declared or assigned, in file order.
    private let sites: [String: [Int]]
    private var memo: [Int: QueryValue?] = [:]

    init(_ source: TSSource) {
        self.source = source
        var sites: [String: [Int]] = [:]
        for i in source.tokens.indices where source.tokens[i].kind == .identifier
            && !source.isPunct(i - 1, ".") && !source.isPunct(i - 1, "?.")
            && (source.isPunct(i + 1, "=") || source.declares(i) || Self.assignedByPattern(source, i) != nil) {
            sites[source.tokens[i].text, default: []].append(i)
        }
        self.sites = sites
    }

    /// For a name assigned by a destructuring assignment, `({ data: row } = await ...)`, the pattern's `{`; nil
    /// otherwise (a declaration's pattern is `declares`').
    static func assignedByPattern(_ source: TSSource, _ i: Int) -> Int? {
        let open = source.enclosing[i]
        guard open >= 0, source.isPunct(open, "{"), !["const", "let", "var"].contains(where: { source.isWord(open - 1, $0) }),
              source.isPunct(open - 1, "("), source.partner[open] > i, source.isPunct(source.partner[open] + 1, "="),
              source.isPunct(i - 1, ":") || source.isPunct(i - 1, "{") || source.isPunct(i - 1, ","),
              source.isPunct(i + 1, ",") || source.isPunct(i + 1, "}") else { return nil }
        return open
    }

    /// Methods after which an expression on rows still holds rows of the same table.
    static let rowMethods: Set<String> = ["find", "findLast", "filter", "slice", "sort", "toSorted", "reverse", "at", "concat"]
    /// Array methods whose callback's first parameter is an element.
    static let elementMethods: Set<String> = [
        "filter", "map", "forEach", "find", "findLast", "findIndex", "some", "every", "flatMap", "sort", "toSorted",
    ]
    /// What a table's query builder does first; `Buffer.from('x')` and `storage.from('bucket')` are no queries.
    static let queryVerbs: Set<String> = ["select", "insert", "update", "upsert", "delete"]

    /// What the expression `range` holds: `await`, parentheses, `as T` and a `?? []` / `|| []` default are seen through.
    func value(of range: Range<Int>, depth: Int = 0) -> QueryValue? {
        var start = range.lowerBound
        while start < range.upperBound, source.isWord(start, "await") { start += 1 }
        // A range cut from a longer chain (`rooms` in `rooms?.filter(...)`) ends inside what `chainEnd` would read.
        guard start < range.upperBound, depth < 8, let chainEnd = source.chainEnd(from: start) else { return nil }
        let end = min(chainEnd, range.upperBound - 1)
        let after = source.token(end + 1)
        guard end + 1 == range.upperBound || after?.isPunct("??") == true || after?.isPunct("||") == true
            || after?.isWord("as") == true else { return nil }
        return value(ofChain: start, end, depth: depth)
    }

    /// What the chain `[start, end]` holds: its base (a query, a name, a parenthesized expression) and then each
    /// access and call after it.
    func value(ofChain start: Int, _ end: Int, depth: Int = 0) -> QueryValue? {
        guard start <= end, depth < 8 else { return nil }
        var value: QueryValue?
        var i: Int
        if let query = lastQuery(start, end) {
            value = .response(query.table)
            i = query.close
        } else if let t = source.token(start), t.kind == .identifier, !TSSource.expressionKeywords.contains(t.text) {
            value = self.value(ofName: t.text, at: start, depth: depth + 1)
            i = start
        } else if source.isPunct(start, "("), source.partner[start] > start, source.partner[start] <= end {
            value = self.value(of: (start + 1)..<source.partner[start], depth: depth + 1)
            i = source.partner[start]
        } else {
            return nil
        }
        while i < end, let held = value {
            if source.isPunct(i + 1, "!") {
                i += 1
                continue
            }
            var k = i + 1
            if source.isPunct(k, ".") || source.isPunct(k, "?.") { k += 1 }
            if k > i + 1, let key = source.token(k), key.kind == .identifier {
                let isCall = source.isPunct(k + 1, "(") && source.partner[k + 1] > k
                value = step(held, key.text, isCall: isCall)
                i = isCall ? source.partner[k + 1] : k
            } else if source.isPunct(k, "["), source.partner[k] > k {
                if case .rows = held {} else { value = nil }
                i = source.partner[k]
            } else {
                return nil
            }
        }
        return value
    }

    /// One access or call on what `held` is: a response's `data` is rows; a builder's call (`.eq(...)`,
    /// `.single()`) is still the query; `find`, `filter` and the like keep rows.
    private func step(_ held: QueryValue, _ key: String, isCall: Bool) -> QueryValue? {
        switch held {
        case .response(let table):
            if isCall { return held }
            return key == "data" ? .rows(table) : nil
        case .rows:
            return isCall && QueryRowResolver.rowMethods.contains(key) ? held : nil
        }
    }

    /// The last `.from('t')` directly in the chain (not inside its arguments) that a query verb follows.
    func lastQuery(_ start: Int, _ end: Int) -> (table: QueryTable, close: Int)? {
        var found: (QueryTable, Int)?
        let level = source.enclosing[start]
        for k in start..<end where source.enclosing[k] == level && source.isWord(k, "from") {
            guard source.isPunct(k - 1, ".") || source.isPunct(k - 1, "?."), !source.isWord(k - 2, "storage"),
                  source.isPunct(k + 1, "("), let name = source.token(k + 2), name.kind == .string, source.isPunct(k + 3, ")"),
                  source.isPunct(k + 4, ".") || source.isPunct(k + 4, "?."), let verb = source.token(k + 5),
                  QueryRowResolver.queryVerbs.contains(verb.text) else { continue }
            found = (queryTable(name.value, before: k, chainStart: start), k + 3)
        }
        return found
    }

    /// `from('t')` after `.schema('s')` in the same chain is `s.t`; a qualified `'s.t'` names its schema; else `public`.
    private func queryTable(_ name: String, before from: Int, chainStart: Int) -> QueryTable {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count == 2 { return QueryTable(schema: String(parts[0]), table: String(parts[1])) }
        var k = from - 1
        while k > chainStart {
            if source.isWord(k, "schema"), source.isPunct(k - 1, ".") || source.isPunct(k - 1, "?."), source.isPunct(k + 1, "("),
               let schema = source.token(k + 2), schema.kind == .string {
                return QueryTable(schema: schema.value, table: name)
            }
            k -= 1
        }
        return QueryTable(schema: "public", table: name)
    }

    /// The table of the query a call in a chain belongs to: `supabase.from('t').select().eq(...)`, or a builder
    /// held by a name (`let q = supabase.from('t').select(); q = q.eq(...)`). `method` is the call's name.
    func queryTable(ofCallNamed method: Int) -> QueryTable? {
        let start = source.chainStart(endingAt: method)
        guard start < method else { return nil }
        if let query = lastQuery(start, method) { return query.table }
        guard let base = source.token(start), base.kind == .identifier,
              case .response(let table) = value(ofName: base.text, at: start) else { return nil }
        return table
    }

    /// What the name holds at `use`, from its nearest binding.
    func value(ofName name: String, at use: Int, depth: Int = 0) -> QueryValue? {
        guard depth < 8, let (site, binding) = self.binding(of: name, before: use) else { return nil }
        if let known = memo[site] { return known }
        memo[site] = .some(nil)   // a binding that refers to itself is unknown
        var result: QueryValue?
        switch binding {
        case .expression(let range):
            result = value(of: range, depth: depth + 1)
        case .element(let array):
            if case .rows(let table) = value(of: array, depth: depth + 1) { result = .rows(table) }
        case .patternKey(let key, let range, let element):
            let held = value(of: range, depth: depth + 1)
            if key == "data", !element, case .response(let table) = held { result = .rows(table) }
        case .rows(let table):
            result = .rows(table)
        }
        memo[site] = .some(result)
        return result
    }

    /// The nearest binding of `name` before `use` whose scope holds `use`, with its token index; nil when there is
    /// none, or when it is one that says nothing of tables (a plain parameter, an assignment in another branch).
    func binding(of name: String, before use: Int) -> (Int, NameBinding)? {
        guard let candidates = sites[name] else { return nil }
        // The sites before `use`, nearest first (found by bisection: a name may be assigned thousands of times).
        var low = 0, high = candidates.count
        while low < high {
            let mid = (low + high) / 2
            if candidates[mid] < use { low = mid + 1 } else { high = mid }
        }
        for i in candidates[..<low].reversed() {
            if let open = Self.assignedByPattern(source, i) {
                // `({ data: row } = await ...)`: the key it takes of the value assigned, where the block holds the use.
                let close = source.partner[open], end = source.expressionEnd(afterEquals: close + 1)
                if use < end { continue }
                let block = source.blockOpen(of: i)
                guard block < 0 || (block < use && source.partner[block] > use) else { return nil }
                let key = source.isPunct(i - 1, ":") ? source.token(i - 2)?.value ?? "" : source.tokens[i].text
                return (i, .patternKey(key, of: (close + 2)..<end, element: false))
            }
            if source.declares(i) {
                guard let binding = declaration(at: i, use: use) else { continue }
                return binding.map { (i, $0) } ?? nil
            }
            // `q = q.eq(...)`: a use in the assigned expression reads the binding before it.
            let end = source.expressionEnd(afterEquals: i + 1)
            if use < end { continue }
            // An assignment counts when its block holds the use; one in another branch leaves the name unknown.
            let block = source.blockOpen(of: i)
            guard block < 0 || (block < use && source.partner[block] > use) else { return nil }
            return (i, .expression((i + 2)..<end))
        }
        return nil
    }

    /// The binding a declaration at `i` makes, when its scope holds `use`: `.some(nil)` for one that tells
    /// nothing (a parameter of a function that is no array callback), nil when `use` is out of its scope.
    private func declaration(at i: Int, use: Int) -> NameBinding?? {
        let isVariable = ["const", "let", "var"].contains { source.isWord(i - 1, $0) }
        if isVariable || isPatternDeclaration(i) {
            let open = source.blockOpen(of: i)
            guard open < 0 || source.partner[open] > use || source.partner[open] < 0 else { return nil }
        }
        if isVariable {
            if source.isWord(i + 1, "of"), source.enclosing[i] >= 0, source.partner[source.enclosing[i]] > i {
                return .some(.element((i + 2)..<source.partner[source.enclosing[i]]))
            }
            var equals = i + 1
            if source.isPunct(equals, ":") {
                while equals < min(i + 12, source.tokens.count), !source.isPunct(equals, "="), !source.isPunct(equals, ";") { equals += 1 }
            }
            guard source.isPunct(equals, "=") else { return .some(nil) }
            return .some(.expression((equals + 1)..<source.expressionEnd(afterEquals: equals)))
        }
        let open = source.enclosing[i]
        if open >= 0, source.isPunct(open, "{"), source.isPattern(open) {
            let key = source.isPunct(i - 1, ":") ? source.token(i - 2)?.value ?? "" : source.tokens[i].text
            let close = source.partner[open]
            if isPatternDeclaration(i), close > open, let equals = equalsAfterPattern(close) {
                return .some(.patternKey(key, of: (equals + 1)..<source.expressionEnd(afterEquals: equals), element: false))
            }
            guard let end = source.parameterScopeEnd(of: open) ?? source.parameterScopeEnd(of: i) else { return .some(nil) }
            guard use < end else { return nil }
            return .some(callbackArray(ofParameter: open).map { .patternKey(key, of: $0, element: true) })
        }
        guard let end = source.parameterScopeEnd(of: i) else { return .some(nil) }
        guard use < end else { return nil }
        if source.isPunct(i + 1, ":"), let table = rowType(from: i + 2) { return .some(.rows(table)) }
        return .some(callbackArray(ofParameter: i).map { .element($0) })
    }

    /// The table a parameter's type names with Supabase's generated types: `Tables<'media_assets'>`,
    /// `Database['public']['Tables']['media_assets']['Row']`, either as an array (`[]`), or a type alias of the file
    /// for one (`type MediaAsset = Tables<'media_assets'>`).
    func rowType(from start: Int, depth: Int = 0) -> QueryTable? {
        guard let first = source.token(start), first.kind == .identifier, depth < 2 else { return nil }
        if ["Tables", "TablesInsert", "TablesUpdate"].contains(first.text), source.isPunct(start + 1, "<"),
           let table = source.token(start + 2), table.kind == .string, source.isPunct(start + 3, ">") {
            return QueryTable(schema: "public", table: table.value)
        }
        if first.text == "Database" {
            var keys: [String] = []
            var k = start + 1
            while source.isPunct(k, "["), let key = source.token(k + 1), key.kind == .string, source.isPunct(k + 2, "]"), keys.count < 4 {
                keys.append(key.value)
                k += 3
            }
            guard keys.count >= 3, keys[1] == "Tables" || keys[1] == "Views" else { return nil }
            return QueryTable(schema: keys[0], table: keys[2])
        }
        // A type alias declared in the file.
        for site in sites[first.text] ?? [] where source.isWord(site - 1, "type") && source.isPunct(site + 1, "=") {
            return rowType(from: site + 2, depth: depth + 1)
        }
        return nil
    }

    /// The `=` after a declared pattern's `}` at `close`, past a type annotation
    /// (`const { data: m }: PostgrestSingleResponse<Media> = ...`); nil when there is none.
    private func equalsAfterPattern(_ close: Int) -> Int? {
        if source.isPunct(close + 1, "=") { return close + 1 }
        guard source.isPunct(close + 1, ":") else { return nil }
        var k = close + 2
        while k < min(close + 80, source.tokens.count), !source.isPunct(k, ";") {
            if source.isPunct(k, "=") { return k }
            k = source.partner[k] > k ? source.partner[k] + 1 : k + 1
        }
        return nil
    }

    /// Whether `i` is a name in `const { ... } = ...` (a pattern right after `const`/`let`/`var`).
    private func isPatternDeclaration(_ i: Int) -> Bool {
        let open = source.enclosing[i]
        return open >= 0 && source.isPunct(open, "{") && ["const", "let", "var"].contains { source.isWord(open - 1, $0) }
    }

    /// The array a callback's first parameter (at `param`, a name or a pattern) is an element of:
    /// `rooms.filter((r) => ...)`, `rooms?.map(r => ...)`, `rooms.forEach(function (r) { ... })`.
    private func callbackArray(ofParameter param: Int) -> Range<Int>? {
        var first = param, call = source.enclosing[param]
        if call >= 0, source.isPunct(call, "("), source.partner[call] > param, !source.isPunct(param + 1, "=>") {
            // `(r) =>`, `(r: Row) =>`, `function (r) {`: the parameter list is inside the call's parenthesis.
            guard source.isPunct(call + 1, "{") || call + 1 == param else { return nil }
            first = call
            if source.isWord(first - 1, "function") { first -= 1 }
            call = source.enclosing[first]
        }
        if source.isWord(first - 1, "async") { first -= 1 }
        guard call >= 1, source.isPunct(call, "("), call + 1 == first, let method = source.token(call - 1),
              QueryRowResolver.elementMethods.contains(method.text),
              source.isPunct(call - 2, ".") || source.isPunct(call - 2, "?.") else { return nil }
        let arrayEnd = call - 3
        let start = source.chainStart(endingAt: arrayEnd)
        return start <= arrayEnd ? start..<(arrayEnd + 1) : nil
    }
}
