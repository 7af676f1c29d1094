/// TypeScript functions that write a parameter as a notification type, like `_shared/push.ts`'s
/// `sendPushToUser(supabase, userId, notificationType, …)`: the parameter is the type of a notification object
/// (a row of the registry's table, a push payload, an emitter's argument), or is handed on, at a position, to
/// another such function or to a declared emitter.
///
/// Each file's reader records its named functions (`function f(…)`, `const f = (…) =>`) and where their
/// parameters go (`TSSinkSummary`); the summaries of every source are joined (`TSSinks`), so a call from
/// another function with a literal is judged like the write itself, and so is a parameter's default
/// (`notificationType = 'x'`), where it is declared.
struct TSSinkSummary: Sendable {
    /// A named function: its parameters' names (nil: a destructured one) and default string literals' tokens.
    struct Declaration: Sendable {
        var name: String
        var parameters: [String?]
        var defaults: [Int?]
        /// 1-based positions of the parameters written as a type in this function itself.
        var direct: Set<Int> = []
        /// (1-based position of the parameter, the function called, 1-based position of the argument).
        var forwards: [(parameter: Int, callee: String, argument: Int)] = []
        /// Pushes this function sends: the parameter that is the push's type, the one whose keys it sends
        /// (`{ aps, type: notificationType, ...data }`, `{ …, data }`), and whether the push carries keys of its own.
        var pushes: [TSSinks.Push] = []
    }

    var declarations: [Declaration] = []
}

/// The project's TypeScript sinks: function name → 1-based positions of the arguments written as a type. A
/// name declared by several files counts a position only when every declaration writes it.
struct TSSinks: Sendable {
    private(set) var positions: [String: Set<Int>] = [:]
    /// Function name → the pushes it sends for its callers, when every declaration of the name sends the same.
    private(set) var senders: [String: [Push]] = [:]

    /// A push a function sends: the 1-based positions of its type argument and of the parameters it puts in
    /// the push (`...data`, `data`, `ride_id: rideId`: a caller's object literal there is sent keys);
    /// `ownKeys`: it sends keys of its own as well (its callers' objects are then not the whole payload).
    struct Push: Sendable, Equatable {
        var type: Int
        var entries: [Int]
        var ownKeys: Bool
    }

    init() {}

    /// `emitters`: the registry's, whose positional argument a function may hand its parameter on to.
    init(_ summaries: [TSSinkSummary], emitters: [String: Int?]) {
        let declarations = summaries.flatMap(\.declarations)
        var sinks = declarations.map(\.direct)
        var changed = true
        while changed {
            changed = false
            var byName: [String: Set<Int>] = [:]
            for (d, declaration) in declarations.enumerated() {
                byName[declaration.name] = byName[declaration.name].map { $0.intersection(sinks[d]) } ?? sinks[d]
            }
            for (d, declaration) in declarations.enumerated() {
                for forward in declaration.forwards where !sinks[d].contains(forward.parameter) {
                    let emitted = (emitters[forward.callee] ?? nil) == forward.argument
                    guard emitted || byName[forward.callee]?.contains(forward.argument) == true else { continue }
                    sinks[d].insert(forward.parameter)
                    changed = true
                }
            }
        }
        for (d, declaration) in declarations.enumerated() {
            positions[declaration.name] = positions[declaration.name].map { $0.intersection(sinks[d]) } ?? sinks[d]
        }
        positions = positions.filter { !$0.value.isEmpty }
        var pushes: [String: [Push]?] = [:]
        for declaration in declarations {
            pushes[declaration.name] = pushes[declaration.name].map { $0 == declaration.pushes ? $0 : nil } ?? declaration.pushes
        }
        senders = pushes.compactMapValues { $0 }.filter { !$0.value.isEmpty }
    }

    /// The names of the sink functions: a file that calls one is read too.
    var names: [String] { positions.keys.sorted() }
}

extension TSSource {
    /// This file's named functions and where their parameters go.
    func sinkSummary(contract: TSContract) -> TSSinkSummary {
        let declared = functionDeclarations()
        guard !declared.isEmpty else { return TSSinkSummary() }
        var declarations = declared.map {
            TSSinkSummary.Declaration(name: $0.name, parameters: $0.parameters, defaults: $0.defaults)
        }
        let bodies = Dictionary(declared.enumerated().flatMap { d, f in f.bodies.map { ($0, d) } }, uniquingKeysWith: { a, _ in a })
        for object in notificationObjects(contract: contract) where object.isCertain {
            guard let p = object.typeProperty else { continue }
            let name: (text: String, at: Int)
            switch p.kind {
            case .keyValue where p.value.count == 1 && tokens[p.value.lowerBound].kind == .identifier:
                name = (tokens[p.value.lowerBound].text, p.value.lowerBound)
            case .shorthand:
                name = (p.key, p.keyIndex)
            default:
                continue
            }
            guard let (d, index) = parameter(name.text, at: name.at, bodies: bodies, declared: declared) else { continue }
            declarations[d].direct.insert(index + 1)
            guard !object.isRow else { continue }
            var keys: [Int] = []
            var ownKeys = false
            for property in object.properties where property.keyIndex != p.keyIndex {
                let value: (text: String, at: Int)?
                switch property.kind {
                case .spread where property.value.count == 1: value = (tokens[property.value.lowerBound].text, property.value.lowerBound)
                case .keyValue where property.value.count == 1 && property.key != "aps":
                    value = (tokens[property.value.lowerBound].text, property.value.lowerBound)
                case .shorthand: value = (property.key, property.keyIndex)
                default: value = nil
                }
                // A deep-link key the sender fills itself, or keys it spreads from elsewhere, may be the ones a
                // caller's object lacks.
                let linkKey = contract.deepLinkKeys.contains(property.key) || property.key == contract.linkKey
                if let value, !linkKey, let (e, k) = parameter(value.text, at: value.at, bodies: bodies, declared: declared), e == d {
                    keys.append(k + 1)
                } else if linkKey || property.kind == .spread || property.kind == .computed {
                    ownKeys = true
                }
            }
            if !keys.isEmpty { declarations[d].pushes.append(TSSinks.Push(type: index + 1, entries: keys, ownKeys: ownKeys)) }
        }
        for i in tokens.indices where tokens[i].kind == .identifier && isPunct(i + 1, "(") && !isWord(i - 1, "function") {
            for (a, argument) in arguments(ofCallAt: i + 1).enumerated() where argument.count == 1 {
                guard tokens[argument.lowerBound].kind == .identifier,
                      let (d, index) = parameter(tokens[argument.lowerBound].text, at: argument.lowerBound, bodies: bodies, declared: declared)
                else { continue }
                declarations[d].forwards.append((index + 1, tokens[i].text, a + 1))
            }
        }
        return TSSinkSummary(declarations: declarations)
    }

    /// The default string literals of the sink parameters this file declares (`notificationType = 'x'`).
    func sinkDefaults(_ sinks: TSSinks) -> [Int] {
        functionDeclarations().flatMap { f in
            (sinks.positions[f.name] ?? []).sorted().compactMap { f.defaults.indices.contains($0 - 1) ? f.defaults[$0 - 1] : nil }
        }
    }

    /// The declaration and 0-based index of the parameter `name` a use at `use` sees: the innermost named function
    /// around it, unless an arrow, an anonymous function or a `const`/`let`/`var` in between binds the name too.
    private func parameter(_ name: String, at use: Int, bodies: [Int: Int],
                           declared: [(name: String, parameters: [String?], defaults: [Int?], bodies: [Int])]) -> (Int, Int)? {
        var b = enclosing[use]
        while b >= 0 {
            if let d = bodies[b] {
                guard let index = declared[d].parameters.firstIndex(of: name) else { return nil }
                let close = partner[b] >= 0 ? partner[b] : tokens.count
                let rebound = (b..<close).contains { i in
                    ["const", "let", "var"].contains { isWord(i, $0) } && isWord(i + 1, name)
                }
                return rebound ? nil : (d, index)
            }
            if isPunct(b - 1, "=>"), arrowParameters(arrow: b - 1).contains(name) { return nil }
            b = enclosing[b]
        }
        return nil
    }

    /// The names an arrow at `arrow` binds: `(a, b) =>`, `a =>`.
    private func arrowParameters(arrow: Int) -> [String?] {
        if isPunct(arrow - 1, ")"), partner[arrow - 1] >= 0 { return parameterNames(arguments(ofCallAt: partner[arrow - 1])).names }
        if let t = token(arrow - 1), t.kind == .identifier { return [t.text] }
        return []
    }

    /// Each parameter's name (nil when destructured) and default string literal's token.
    private func parameterNames(_ ranges: [Range<Int>]) -> (names: [String?], defaults: [Int?]) {
        let names = ranges.map { r -> String? in
            let first = isPunct(r.lowerBound, "...") ? r.lowerBound + 1 : r.lowerBound
            guard let t = token(first), t.kind == .identifier else { return nil }
            return t.text
        }
        let defaults = ranges.map { r -> Int? in
            guard r.count >= 3, let last = token(r.upperBound - 1), last.kind == .string, isPunct(r.upperBound - 2, "=") else { return nil }
            return r.upperBound - 1
        }
        return (names, defaults)
    }

    /// `function f(…) {` and `const f = (…) => {` (also `async`, an expression body in parentheses): the name,
    /// parameters, and the brackets their body opens with.
    private func functionDeclarations() -> [(name: String, parameters: [String?], defaults: [Int?], bodies: [Int])] {
        var out: [(name: String, parameters: [String?], defaults: [Int?], bodies: [Int])] = []
        for i in tokens.indices {
            var open: Int?
            var name: String?
            if isWord(i, "function"), let n = token(i + 1), n.kind == .identifier, isPunct(i + 2, "(") {
                (open, name) = (i + 2, n.text)
            } else if ["const", "let", "var"].contains(where: { isWord(i, $0) }), let n = token(i + 1), n.kind == .identifier,
                      isPunct(i + 2, "=") {
                let start = isWord(i + 3, "async") ? i + 4 : i + 3
                if isPunct(start, "("), partner[start] > start, arrow(after: partner[start]) != nil { (open, name) = (start, n.text) }
            }
            guard let open, let name, partner[open] > open else { continue }
            let (names, defaults) = parameterNames(arguments(ofCallAt: open))
            var bodies: [Int] = []
            if let arrow = arrow(after: partner[open]) {
                if isPunct(arrow + 1, "{") || isPunct(arrow + 1, "(") { bodies.append(arrow + 1) }
            } else if let body = functionBody(after: partner[open]) {
                bodies.append(body)
            }
            if !bodies.isEmpty { out.append((name, names, defaults, bodies)) }
        }
        return out
    }

    /// The `=>` after a parameter list's `)` at `close`, past a return type annotation.
    private func arrow(after close: Int) -> Int? {
        var i = close + 1
        while let t = token(i), enclosing[i] == enclosing[close], !t.isPunct(";"), !t.isPunct("{") || isPunct(i - 1, "<") || isPunct(i - 1, ":") {
            if t.isPunct("=>") { return i }
            if partner[i] > i { i = partner[i] }
            i += 1
        }
        return nil
    }

    /// The `{` of a `function`'s body after its parameter list's `)`, past a return type annotation
    /// (`: Promise<{ ok: boolean }>`).
    private func functionBody(after close: Int) -> Int? {
        var i = close + 1
        while let t = token(i), enclosing[i] == enclosing[close], !t.isPunct(";") {
            if t.isPunct("{") {
                if !(isPunct(i - 1, ":") || isPunct(i - 1, "<") || isPunct(i - 1, "|") || isPunct(i - 1, "&") || isPunct(i - 1, ",")) { return i }
            }
            if partner[i] > i { i = partner[i] }
            i += 1
        }
        return nil
    }
}
