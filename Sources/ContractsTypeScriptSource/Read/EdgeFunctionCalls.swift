import ContractsCore

/// Edge functions as a contract, on the TypeScript side: the functions a file invokes through supabase-js
/// (`supabase.functions.invoke("name", { method: "GET" })`; supabase-js sends POST when no method is given), and
/// the methods a function's entry file accepts when it refuses every other one.
public enum TSEdgeFunctions {
    /// A file without one of these invokes no function.
    public static let invokeNeedles = [Array("invoke".utf8)]
    /// The `functions.invoke("name", options)` calls of a file whose name is one string literal.
    public static func invokes(path: String, text: String) -> [EdgeFunctionInvoke] {
        guard TextBytes.holdsAny(of: invokeNeedles, in: text) else { return [] }
        return TSLexes.source(path, text: text).edgeFunctionInvokes()
    }

    /// The methods the entry file `path` accepts, when a guard at the top of its request handler refuses every other
    /// one; nil when it has no such guard (it accepts every method, or the reader cannot tell).
    public static func acceptedMethods(path: String, text: String) -> EdgeFunctionMethods? {
        guard text.contains("method") else { return nil }
        return TSLexes.source(path, text: text).acceptedMethods()
    }
}

extension TSSource {
    static let httpMethods: Set<String> = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]

    func edgeFunctionInvokes() -> [EdgeFunctionInvoke] {
        var out: [EdgeFunctionInvoke] = []
        for i in tokens.indices where isWord(i, "invoke") && (isPunct(i - 1, ".") || isPunct(i - 1, "?."))
            && isWord(i - 2, "functions") && isPunct(i + 1, "(") {
            let args = arguments(ofCallAt: i + 1)
            guard let first = args.first, first.count == 1, let name = literalString(at: first.lowerBound) else { continue }
            let (method, isDefault) = args.count >= 2 ? invokeMethod(args[1]) : ("POST", true)
            out.append(EdgeFunctionInvoke(name: name, method: method, methodIsDefault: isDefault, location: location(of: first.lowerBound)))
        }
        return out
    }

    /// A string literal's value, or a whole template without substitutions (`` `name` ``).
    func literalString(at i: Int) -> String? {
        guard let token = token(i) else { return nil }
        if token.kind == .string { return token.value }
        if token.kind == .template, token.text.count >= 2, token.text.hasPrefix("`"), token.text.hasSuffix("`"),
           !token.text.hasSuffix("${") {
            return String(token.text.dropFirst().dropLast())
        }
        return nil
    }

    /// The method an options object sends: its `method` (a string literal, or a `const` bound to one), POST without
    /// one; nil when the options are not an object literal or a spread may carry a method.
    private func invokeMethod(_ options: Range<Int>) -> (String?, Bool) {
        guard isPunct(options.lowerBound, "{"), partner[options.lowerBound] == options.upperBound - 1,
              isObjectLiteral(options.lowerBound) else { return (nil, false) }
        let properties = properties(ofObjectAt: options.lowerBound)
        if properties.contains(where: { $0.kind == .spread || $0.kind == .computed }) { return (nil, false) }
        guard let method = properties.last(where: { $0.key == "method" }) else { return ("POST", true) }
        var value = method.value
        if method.kind == .shorthand {
            guard let bound = initializer(of: "method", before: method.keyIndex) else { return (nil, false) }
            value = bound
        }
        guard value.count == 1, let text = literalString(at: value.lowerBound)?.uppercased(),
              TSSource.httpMethods.contains(text) else { return (nil, false) }
        return (text, false)
    }

    // MARK: The function's side

    /// The guard at the top of the request handler (`Deno.serve(async (req) => { … })`, `serve(handler)`), directly in
    /// its body or in a `try` block there: `if (req.method !== "GET") return …` (also `!=`, the literal first,
    /// several joined by `&&`, `!["GET", "HEAD"].includes(req.method)`), or `switch (req.method)` whose `default`
    /// returns or throws. A `const { method } = req` is followed. OPTIONS answered before the guard is accepted.
    func acceptedMethods() -> EdgeFunctionMethods? {
        for handler in requestHandlers() {
            let (request, body) = handler
            var names = ["\(request).method"]
            let end = partner[body] >= 0 ? partner[body] : tokens.count
            var preflight = false
            var i = body + 1
            while i < end {
                defer { i += 1 }
                let level = enclosing[i]
                guard level == body || (isPunct(level, "{") && isWord(level - 1, "try") && enclosing[level] == body) else { continue }
                // `const { method } = req;`
                if isPunct(i, "{"), ["const", "let"].contains(where: { isWord(i - 1, $0) }), partner[i] > i,
                   isPunct(partner[i] + 1, "="), isWord(partner[i] + 2, request),
                   properties(ofObjectAt: i).contains(where: { $0.key == "method" && $0.kind == .shorthand }) {
                    names.append("method")
                }
                if isWord(i, "if"), isPunct(i + 1, "("), partner[i + 1] > i + 1 {
                    let condition = (i + 2)..<partner[i + 1]
                    let exits = exitsEarly(after: partner[i + 1])
                    if let refused = refusedAllBut(condition, names: names), exits {
                        let accepted = refused.union(preflight ? ["OPTIONS"] : [])
                        return EdgeFunctionMethods(accepted: accepted.sorted(), location: location(of: i))
                    }
                    if let only = equalsOne(condition, names: names), only == "OPTIONS", exits { preflight = true }
                }
                if isWord(i, "switch"), isPunct(i + 1, "("), partner[i + 1] > i + 1,
                   matches((i + 2)..<partner[i + 1], names), isPunct(partner[i + 1] + 1, "{"),
                   let accepted = switchCases(open: partner[i + 1] + 1) {
                    return EdgeFunctionMethods(accepted: accepted.union(preflight ? ["OPTIONS"] : []).sorted(), location: location(of: i))
                }
            }
        }
        return nil
    }

    /// `(request parameter, body "{")` of each function handed to `serve(` / `Deno.serve(`, directly or by name.
    private func requestHandlers() -> [(String, Int)] {
        var out: [(String, Int)] = []
        for i in tokens.indices where isWord(i, "serve") && isPunct(i + 1, "(") && !isPunct(i - 1, "?.")
            && (!isPunct(i - 1, ".") || isWord(i - 2, "Deno")) {
            let args = arguments(ofCallAt: i + 1)
            guard let handler = args.last else { continue }
            if let found = function(at: handler.lowerBound) { out.append(found); continue }
            if handler.count == 1, token(handler.lowerBound)?.kind == .identifier {
                let name = tokens[handler.lowerBound].text
                for j in tokens.indices where isWord(j, name) && j != handler.lowerBound {
                    if isWord(j - 1, "function"), let found = function(at: j - 1) { out.append(found) }
                    if isPunct(j + 1, "="), ["const", "let"].contains(where: { isWord(j - 1, $0) }), let found = function(at: j + 2) {
                        out.append(found)
                    }
                }
            }
        }
        return out
    }

    /// A function expression starting at `i`: `async (req) => {`, `(req: Request) => {`, `req => {`,
    /// `async function name(req) {`; its first parameter and body brace.
    private func function(at start: Int) -> (String, Int)? {
        var i = start
        if isWord(i, "async") { i += 1 }
        if isWord(i, "function") {
            i += 1
            if token(i)?.kind == .identifier, !isPunct(i, "(") { i += 1 }
        }
        let parameter: String
        var after: Int
        if isPunct(i, "("), partner[i] > i {
            guard let name = token(i + 1), name.kind == .identifier else { return nil }
            parameter = name.text
            after = partner[i] + 1
        } else if let name = token(i), name.kind == .identifier, isPunct(i + 1, "=>") {
            parameter = name.text
            after = i + 1
        } else {
            return nil
        }
        // A return type annotation: `): Promise<Response> =>`.
        if isPunct(after, ":") {
            while after < tokens.count, !isPunct(after, "=>"), !isPunct(after, "{") { after += 1 }
        }
        if isPunct(after, "=>") { after += 1 }
        guard isPunct(after, "{") else { return nil }
        return (parameter, after)
    }

    /// Whether the statement after `close` (an `if`'s condition) returns or throws at once: `return …`, `throw …`,
    /// or a block whose first statement does.
    private func exitsEarly(after close: Int) -> Bool {
        if isWord(close + 1, "return") || isWord(close + 1, "throw") { return true }
        return isPunct(close + 1, "{") && (isWord(close + 2, "return") || isWord(close + 2, "throw"))
    }

    /// Whether `range` is exactly one of `names` (`req.method`, `method`).
    private func matches(_ range: Range<Int>, _ names: [String]) -> Bool {
        let text = range.map { tokens[$0].text }.joined()
        return names.contains(text)
    }

    /// The methods a condition lets through when it is true for every other one: `M !== "GET"`, `"GET" != M`, such
    /// comparisons joined by `&&`, or `!["GET", "HEAD"].includes(M)`.
    private func refusedAllBut(_ condition: Range<Int>, names: [String]) -> Set<String>? {
        var parts: [Range<Int>] = []
        var start = condition.lowerBound
        for i in condition where enclosing[i] == enclosing[condition.lowerBound] && isPunct(i, "&&") {
            parts.append(start..<i)
            start = i + 1
        }
        parts.append(start..<condition.upperBound)
        var accepted: Set<String> = []
        for part in parts {
            if let method = comparison(part, names: names, operators: ["!==", "!="]) {
                accepted.insert(method)
            } else if let listed = negatedIncludes(part, names: names) {
                accepted.formUnion(listed)
            } else {
                return nil
            }
        }
        return accepted.isEmpty ? nil : accepted
    }

    /// `M === "OPTIONS"` (or `==`, either side).
    private func equalsOne(_ condition: Range<Int>, names: [String]) -> String? {
        comparison(condition, names: names, operators: ["===", "=="])
    }

    private func comparison(_ part: Range<Int>, names: [String], operators: Set<String>) -> String? {
        guard let op = part.first(where: { token($0)?.kind == .punctuator && operators.contains(tokens[$0].text) }) else { return nil }
        let left = part.lowerBound..<op, right = (op + 1)..<part.upperBound
        let literal: Range<Int>
        if matches(left, names) { literal = right } else if matches(right, names) { literal = left } else { return nil }
        guard literal.count == 1, let value = literalString(at: literal.lowerBound)?.uppercased(),
              TSSource.httpMethods.contains(value) else { return nil }
        return value
    }

    /// `!["GET", "HEAD"].includes(M)`.
    private func negatedIncludes(_ part: Range<Int>, names: [String]) -> Set<String>? {
        let open = part.lowerBound + 1
        guard isPunct(part.lowerBound, "!"), isPunct(open, "["), partner[open] > open,
              isPunct(partner[open] + 1, "."), isWord(partner[open] + 2, "includes"), isPunct(partner[open] + 3, "("),
              partner[partner[open] + 3] == part.upperBound - 1,
              matches((partner[open] + 4)..<(part.upperBound - 1), names) else { return nil }
        var listed: Set<String> = []
        for element in arguments(ofCallAt: open) {
            guard element.count == 1, let value = literalString(at: element.lowerBound)?.uppercased(),
                  TSSource.httpMethods.contains(value) else { return nil }
            listed.insert(value)
        }
        return listed.isEmpty ? nil : listed
    }

    /// The `case "GET":` labels of a `switch` whose `default:` returns or throws at once; nil otherwise.
    private func switchCases(open: Int) -> Set<String>? {
        let close = partner[open]
        guard close > open else { return nil }
        var cases: Set<String> = []
        var refusesOthers = false
        for i in (open + 1)..<close where enclosing[i] == open {
            if isWord(i, "case") {
                guard let value = literalString(at: i + 1)?.uppercased(), TSSource.httpMethods.contains(value), isPunct(i + 2, ":")
                else { return nil }
                cases.insert(value)
            }
            if isWord(i, "default"), isPunct(i + 1, ":") {
                refusesOthers = isWord(i + 2, "return") || isWord(i + 2, "throw")
                    || (isPunct(i + 2, "{") && (isWord(i + 3, "return") || isWord(i + 3, "throw")))
            }
        }
        return refusesOthers && !cases.isEmpty ? cases : nil
    }
}
