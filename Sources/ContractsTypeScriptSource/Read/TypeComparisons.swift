/// Type values compared with what one receiver holds as its type: `payload.type === 'a'` (receiver
/// `payload`), or the cases of one `switch (payload.type)`.
struct TypeComparison {
    var receiver: String
    var values: [TypeValue]
}

extension TSSource {
    /// `x.type === 'a'`, `'a' !== type`, `x?.['type'] == "a"`, `['a', 'b'].includes(x.type)`.
    func typeComparisons(contract: TSContract, bindings: Set<String>) -> [TypeComparison] {
        let operators: Set<String> = ["===", "!==", "==", "!="]
        var out: [TypeComparison] = []
        for i in tokens.indices where tokens[i].kind == .punctuator && operators.contains(tokens[i].text) {
            let leftEnd = i - 1
            let leftStart = chainStart(endingAt: leftEnd)
            guard let rightEnd = chainEnd(from: i + 1) else { continue }
            if let receiver = typeReceiver(leftStart, leftEnd, contract: contract, bindings: bindings) {
                out.append(TypeComparison(receiver: receiver, values: typeValues(in: (i + 1)..<(rightEnd + 1), contract: contract)))
            } else if let receiver = typeReceiver(i + 1, rightEnd, contract: contract, bindings: bindings), leftStart <= leftEnd {
                out.append(TypeComparison(receiver: receiver, values: typeValues(in: leftStart..<(leftEnd + 1), contract: contract)))
            }
        }
        for i in tokens.indices where isWord(i, "includes") && isPunct(i - 1, ".") && isPunct(i - 2, "]")
            && isPunct(i + 1, "(") {
            let list = partner[i - 2], args = arguments(ofCallAt: i + 1)
            guard list >= 0, chainStart(endingAt: i - 2) == list, args.count == 1,
                  let receiver = typeReceiver(args[0].lowerBound, args[0].upperBound - 1, contract: contract, bindings: bindings)
            else { continue }
            let values = arguments(ofCallAt: list).flatMap { typeValues(in: $0, contract: contract) }
            out.append(TypeComparison(receiver: receiver, values: values))
        }
        return out
    }

    /// `case 'a':` directly in `switch (x.type) { ... }` or `switch (type) { ... }`, one comparison a switch.
    func switchComparisons(contract: TSContract, bindings: Set<String>) -> [TypeComparison] {
        var out: [TypeComparison] = []
        for i in tokens.indices where isWord(i, "switch") && isPunct(i + 1, "(") {
            let close = partner[i + 1]
            guard close > i + 2,
                  let receiver = typeReceiver(i + 2, close - 1, contract: contract, bindings: bindings),
                  isPunct(close + 1, "{"), partner[close + 1] > close else { continue }
            let body = close + 1
            var values: [TypeValue] = []
            for c in (body + 1)..<partner[body] where isWord(c, "case") && enclosing[c] == body {
                var colon = c + 1
                while colon < partner[body], !(isPunct(colon, ":") && enclosing[colon] == body) { colon += 1 }
                // A case value is one literal or const member; `case a ? 'x' : 'y':` is not read.
                if colon - c <= 4 { values += typeValues(in: (c + 1)..<colon, contract: contract) }
            }
            out.append(TypeComparison(receiver: receiver, values: values))
        }
        return out
    }
}
