import ContractsCore

/// `ts-unknown-literal`: a literal used as a notification type that the registry does not know, where the
/// code expects one: compared with the type read from a payload, a `case` of a switch on it, the type of a
/// notification object, or a positional emitter argument. A typo here silently routes nothing.
enum UnknownTypeLiteralRule {
    static func findings(in source: TSSource, contract: TSContract) -> [Finding] {
        var values: [TypeValue] = []
        let bindings = source.typeBindings(contract: contract)
        values += comparedValues(source, contract, bindings)
        values += switchCaseValues(source, contract, bindings)
        for object in source.notificationObjects(contract: contract) {
            if let p = object.typeProperty, p.kind == .keyValue {
                values += source.typeValues(in: p.value, contract: contract)
            }
        }
        values += positionalEmitterValues(source, contract)
        var seen = Set<Int>()
        return values.filter { $0.raw.map { !contract.raws.contains($0) } ?? true }
            .filter { seen.insert($0.index).inserted }
            .map { finding(for: $0, source, contract) }
    }

    /// `x.type === 'a'`, `'a' !== type`, `x?.['type'] == "a"`.
    static func comparedValues(_ source: TSSource, _ contract: TSContract, _ bindings: Set<String>) -> [TypeValue] {
        let operators = ["===", "!==", "==", "!="]
        var out: [TypeValue] = []
        for i in source.tokens.indices where operators.contains(source.tokens[i].text)
            && source.tokens[i].kind == .punctuator {
            let leftEnd = i - 1
            let leftStart = source.chainStart(endingAt: leftEnd)
            guard let rightEnd = source.chainEnd(from: i + 1) else { continue }
            if source.readsType(leftStart, leftEnd, contract: contract, bindings: bindings) {
                out += source.typeValues(in: (i + 1)..<(rightEnd + 1), contract: contract)
            } else if source.readsType(i + 1, rightEnd, contract: contract, bindings: bindings), leftStart <= leftEnd {
                out += source.typeValues(in: leftStart..<(leftEnd + 1), contract: contract)
            }
        }
        return out
    }

    /// `case 'a':` directly in `switch (x.type) { ... }` or `switch (type) { ... }`.
    static func switchCaseValues(_ source: TSSource, _ contract: TSContract, _ bindings: Set<String>) -> [TypeValue] {
        var out: [TypeValue] = []
        for i in source.tokens.indices where source.isWord(i, "switch") && source.isPunct(i + 1, "(") {
            let close = source.partner[i + 1]
            guard close > i + 2, source.readsType(i + 2, close - 1, contract: contract, bindings: bindings),
                  source.isPunct(close + 1, "{"), source.partner[close + 1] > close else { continue }
            let body = close + 1
            for c in (body + 1)..<source.partner[body] where source.isWord(c, "case") && source.enclosing[c] == body {
                var colon = c + 1
                while colon < source.partner[body], !(source.isPunct(colon, ":") && source.enclosing[colon] == body) {
                    colon += 1
                }
                // `case a ? 'x' : 'y':` is not worth reading; a case value is one literal or const member.
                out += source.typeValues(in: (c + 1)..<colon, contract: contract).filter { _ in colon - c <= 4 }
            }
        }
        return out
    }

    /// `sendPush('a', ...)` when the registry names the argument position.
    static func positionalEmitterValues(_ source: TSSource, _ contract: TSContract) -> [TypeValue] {
        var out: [TypeValue] = []
        for i in source.tokens.indices where source.isPunct(i + 1, "(") && source.tokens[i].kind == .identifier {
            guard let position = contract.emitters[source.tokens[i].text] ?? nil, position >= 1,
                  !source.isWord(i - 1, "function") else { continue }
            let args = source.arguments(ofCallAt: i + 1)
            if position <= args.count { out += source.typeValues(in: args[position - 1], contract: contract) }
        }
        return out
    }

    static func finding(for value: TypeValue, _ source: TSSource, _ contract: TSContract) -> Finding {
        let written: String, what: String
        if let key = value.constKey {
            written = "\(contract.constName).\(key)"
            what = "`\(written)` is not a key of \(contract.constName)"
        } else {
            written = "'\(value.raw ?? "")'"
            what = "\(written) is used as a notification type but is not registered"
        }
        let target = value.constKey.map { Suggestion.closest(to: $0, in: Array(contract.constKeys.keys)) }
            ?? Suggestion.closest(to: value.raw ?? "", in: contract.registry.notificationTypes.rawValues)
        let hint = target.map { " (did you mean \(value.constKey == nil ? "'\($0)'" : "`\(contract.constName).\($0)`")?)" } ?? ""
        return Finding(
            .tsUnknownLiteral,
            "\(what)\(hint): use a registered type (\(contract.rawList())) or add it to notification_types in \(contract.registry.file).",
            at: source.location(of: value.index), registry: contract.typesLocation,
            fix: target.map { "replace \(written) with \(value.constKey == nil ? "'\($0)'" : "\(contract.constName).\($0)")" })
    }
}
