import ContractsCore

/// `ts-unknown-literal`: a literal used as a notification type that the registry does not know, where the
/// code expects one: compared with the type read from a payload, a `case` of a switch on it, the type of a
/// notification object, or a positional emitter argument. A typo here silently routes nothing.
/// Comparisons are judged when their receiver is also compared with a registered type somewhere in the
/// file, or when the literal is a near miss of one: `type` is too common a key to judge every `x.type`.
/// Likewise an object that only carries a deep-link key (`{ type: 'text', user_id }`) is judged for near misses.
enum UnknownTypeLiteralRule {
    static func findings(in source: TSSource, contract: TSContract) -> [Finding] {
        let bindings = source.typeBindings(contract: contract)
        let comparisons = source.typeComparisons(contract: contract, bindings: bindings)
            + source.switchComparisons(contract: contract, bindings: bindings)
        let isRegistered = { (v: TypeValue) in v.raw.map(contract.raws.contains) ?? false }
        // A receiver also compared with a registered type holds notification types; `event.type === 'INSERT'`
        // (a database webhook) or `file.type === 'image'` do not, and are judged only when the literal is a
        // near miss of a registered raw (`'ride_claimd'`).
        let evidenced = Set(comparisons.filter { $0.values.contains(where: isRegistered) }.map(\.receiver))
        let isNearMiss = { (v: TypeValue) -> Bool in
            guard v.constKey == nil, let raw = v.raw else { return true }
            return Identifiers.isRawValue(raw) && Suggestion.closest(to: raw, in: contract.registry.notificationTypes.rawValues) != nil
        }
        var values: [TypeValue] = []
        for c in comparisons {
            values += c.values.filter { v in
                evidenced.contains(c.receiver) ? Identifiers.isRawValue(v.raw ?? "") || v.constKey != nil : isNearMiss(v)
            }
        }
        for object in source.notificationObjects(contract: contract) {
            if let p = object.typeProperty, p.kind == .keyValue {
                values += source.typeValues(in: p.value, contract: contract).filter { object.isCertain || isNearMiss($0) }
            }
        }
        values += positionalEmitterValues(source, contract)
        var seen = Set<Int>()
        return values.filter { !isRegistered($0) }
            .filter { seen.insert($0.index).inserted }
            .sorted { $0.index < $1.index }
            .map { finding(for: $0, source, contract) }
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
        // An app-only value is registered, but never on this surface: the comparison can never hold.
        if let raw = value.raw, let registered = contract.registry.notificationTypes.value(raw: raw),
           !registered.scope.onServer {
            return Finding(
                .tsUnknownLiteral,
                "'\(raw)' is used as a notification type but is app-only (scope: app): the database and the server never hold it, so this can never match; remove it, or give '\(raw)' scope all in \(contract.registry.file).",
                at: source.location(of: value.index), registry: registered.location)
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
