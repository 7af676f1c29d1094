/// Functions that return the notification type read from a payload, like `_shared/apns.ts`'s
/// `resolveEventType(payload)` (`payload.type ?? payload.eventType ?? ...`): calling one reads the type.
extension TSSource {
    /// Names of functions in this file whose `return` (or arrow body) reads the type key.
    func typeFunctions(contract: TSContract) -> Set<String> {
        var out: Set<String> = []
        for i in tokens.indices where isWord(i, "return") && expressionReadsType(from: i + 1, contract: contract) {
            if let name = enclosingFunctionName(of: i) { out.insert(name) }
        }
        // `const resolve = (p) => p.type ?? p.event_type`
        for i in tokens.indices where isPunct(i, "=>") && !isPunct(i + 1, "{")
            && expressionReadsType(from: i + 1, contract: contract) {
            if let name = arrowName(arrow: i) { out.insert(name) }
        }
        return out
    }

    /// Whether some `??`/`||` branch of the expression at `start` reads the type: `p.type ?? p.data?.type`,
    /// `await resolveEventType(p)`, or the same in parentheses (`(p.type ?? p.eventType) as string`).
    func expressionReadsType(from start: Int, contract: TSContract) -> Bool {
        let s = isWord(start, "await") ? start + 1 : start
        if branchesReadType(from: s, contract: contract) { return true }
        return isPunct(s, "(") && expressionReadsType(from: s + 1, contract: contract)
    }

    private func branchesReadType(from start: Int, contract: TSContract) -> Bool {
        var s = start
        while let end = chainEnd(from: s) {
            if typeReceiver(s, end, contract: contract, bindings: []) != nil { return true }
            guard isPunct(end + 1, "??") || isPunct(end + 1, "||") else { return false }
            s = end + 2
        }
        return false
    }

    static let controlWords: Set<String> = ["if", "for", "while", "switch", "catch", "with", "else", "try", "do", "finally"]

    /// The name of the function whose body holds token `i`, skipping `if`/`for`/... blocks; nil in an
    /// anonymous function or at the top level.
    func enclosingFunctionName(of i: Int) -> String? {
        var body = enclosing[i]
        while body >= 0 {
            if isPunct(body, "{") {
                if let word = token(body - 1), word.kind == .identifier, TSSource.controlWords.contains(word.text) {
                    body = enclosing[body]
                    continue
                }
                if isPunct(body - 1, "=>") { return arrowName(arrow: body - 1) }
                // `function name(...) {`, `name(...) {` (a method), `function name(...): T {`
                var close = body - 1
                while close > body - 12, close > 0, !isPunct(close, ")"), !isPunct(close, ";"), !isPunct(close, "}") {
                    close -= 1
                }
                guard isPunct(close, ")"), partner[close] >= 0, let name = token(partner[close] - 1) else { return nil }
                if name.kind != .identifier || name.text == "function" { return nil }
                if TSSource.controlWords.contains(name.text) {
                    body = enclosing[body]
                    continue
                }
                return name.text
            }
            body = enclosing[body]
        }
        return nil
    }

    /// `const name = (...) =>`, `const name = async (p) =>`, `const name = p =>`.
    func arrowName(arrow: Int) -> String? {
        var p = arrow - 1
        if isPunct(p, ")"), partner[p] >= 0 { p = partner[p] }
        if isWord(p - 1, "async") { p -= 1 }
        guard isPunct(p - 1, "="), let name = token(p - 2), name.kind == .identifier,
              ["const", "let", "var"].contains(where: { isWord(p - 3, $0) }) else { return nil }
        return name.text
    }
}
