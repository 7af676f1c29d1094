import ContractsCore

extension Rule {
    public static let tsUnknownLiteral = Rule("ts-unknown-literal", .error, "A string literal TypeScript writes as an enum's value (a row, a payload, an emitter's argument) is not one of its values, or is retired.")
    /// Split from `ts-unknown-literal`: a dead branch, apart from a broken write (see `Rule.swiftUnknownLiteralRead`).
    public static let tsUnknownLiteralRead = Rule("ts-unknown-literal-read", .error, "A string literal TypeScript compares with an enum's value is not one of its values: a branch that never runs.", narrowing: .tsUnknownLiteral)
}

/// `ts-unknown-literal` (a write) and `ts-unknown-literal-read` (a comparison): a literal used as a notification
/// type that the registry does not know, where the code expects one: compared with the type read from a payload, a `case` of a switch on it, the type of a
/// notification object, or a positional emitter argument. A typo here silently routes nothing.
/// Comparisons are judged when their receiver is also compared with a registered type somewhere in the
/// file, or when the literal is a near miss of one: `type` is too common a key to judge every `x.type`.
/// Likewise an object that only carries a deep-link key (`{ type: 'text', user_id }`) is judged for near misses.
/// An object's type may be a name bound to a literal (`const kind = 'weekly_digest'; ... { kind }`): the literal
/// is judged where it is written.
///
/// Retired values (`notification_types.retired`) may be read (`if (row.kind === 'old')`): only writing one (a
/// row, a payload, an `invoke` body, an emitter argument) is reported, as retired.
enum UnknownTypeLiteralRule {
    static func findings(in source: TSSource, contract: TSContract) -> [Finding] {
        literals(in: source, contract: contract).map {
            $0.standing == .retired ? retiredFinding(for: $0, contract) : finding(for: $0, contract, source: source)
        }
    }

    /// The literals the rule reports, each once, in the order they appear in the file.
    static func literals(in source: TSSource, contract: TSContract) -> [UnknownTypeLiteral] {
        let bindings = source.typeBindings(contract: contract)
        let comparisons = source.typeComparisons(contract: contract, bindings: bindings)
            + source.switchComparisons(contract: contract, bindings: bindings)
        let isRegistered = { (v: TypeValue) in v.raw.map(contract.raws.contains) ?? false }
        let isRetired = { (v: TypeValue) in v.constKey == nil && v.raw.map(contract.retired.contains) == true }
        // A receiver also compared with a registered type holds notification types; `event.type === 'INSERT'`
        // (a database webhook) or `file.type === 'image'` do not, and are judged only when the literal is a
        // near miss of a registered raw (`'ride_claimd'`).
        let evidenced = Set(comparisons.filter { $0.values.contains { isRegistered($0) || isRetired($0) } }.map(\.receiver))
        let isNearMiss = { (v: TypeValue) -> Bool in
            guard v.constKey == nil, let raw = v.raw else { return true }
            return Identifiers.isRawValue(raw) && Suggestion.closest(to: raw, among: contract.notification.rawValues.sorted(), closeness: .typeScriptName) != nil
        }
        var reads: [TypeValue] = []
        for c in comparisons {
            reads += c.values.filter { v in
                evidenced.contains(c.receiver) ? Identifiers.isRawValue(v.raw ?? "") || v.constKey != nil : isNearMiss(v)
            }
        }
        var writes: [TypeValue] = []
        for object in source.notificationObjects(contract: contract) {
            guard let p = object.typeProperty else { continue }
            writes += writtenValues(p, source, contract).filter { object.isCertain || isNearMiss($0) }
        }
        writes += positionalEmitterValues(source, contract) + sinkValues(source, contract)
        var seen = Set<Int>()
        let judged = reads.filter { !isRegistered($0) && !isRetired($0) }.map { (value: $0, retired: false, written: false) }
            + writes.filter { !isRegistered($0) }.map { (value: $0, retired: isRetired($0), written: true) }
        return judged.filter { seen.insert($0.value.index).inserted }
            .sorted { $0.value.index < $1.value.index }
            .map { value, retired, written in
                // An app-only value is registered, but never on this surface: the comparison can never hold.
                let offSurface = value.raw.flatMap(contract.notification.value(raw:)).map { !$0.scope.onServer } ?? false
                return UnknownTypeLiteral(raw: value.raw, constKey: value.constKey, at: source.location(of: value.index),
                                          standing: retired ? .retired : offSurface ? .offSurface : .unregistered, written: written,
                                          bytes: value.constKey == nil ? source.tokens[value.index].start..<source.tokens[value.index].end : nil)
            }
    }

    /// The type values an object's type entry writes: `kind: 'x'`, `kind: cond ? 'x' : 'y'`, or a name bound to a
    /// literal (`kind: k`, `{ kind }` after `const kind = 'x'`).
    static func writtenValues(_ p: TSProperty, _ source: TSSource, _ contract: TSContract) -> [TypeValue] {
        var name: (text: String, at: Int)?
        switch p.kind {
        case .keyValue:
            let values = source.typeValues(in: p.value, contract: contract)
            if !values.isEmpty { return values }
            if p.value.count == 1, let t = source.token(p.value.lowerBound), t.kind == .identifier {
                name = (t.text, p.value.lowerBound)
            }
        case .shorthand:
            name = (p.key, p.keyIndex)
        default:
            break
        }
        guard let name, let literal = source.boundLiteral(of: name.text, before: name.at) else { return [] }
        return [TypeValue(raw: source.tokens[literal].value, constKey: nil, index: literal)]
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

    /// `sendPushToUser(supabase, id, 'a')` when a function of any file writes that argument as a type
    /// (`TSSinks`), and the default of such a parameter where it is declared.
    static func sinkValues(_ source: TSSource, _ contract: TSContract) -> [TypeValue] {
        guard !contract.sinks.positions.isEmpty else { return [] }
        var out: [TypeValue] = []
        for i in source.tokens.indices where source.isPunct(i + 1, "(") && source.tokens[i].kind == .identifier {
            guard let positions = contract.sinks.positions[source.tokens[i].text], !source.isWord(i - 1, "function") else { continue }
            let args = source.arguments(ofCallAt: i + 1)
            for position in positions.sorted() where position <= args.count {
                out += source.typeValues(in: args[position - 1], contract: contract)
            }
        }
        return out + source.sinkDefaults(contract.sinks).map { TypeValue(raw: source.tokens[$0].value, constKey: nil, index: $0) }
    }

    /// A retired value written again: reading it is fine (old rows hold it), writing it brings it back.
    static func retiredFinding(for value: UnknownTypeLiteral, _ contract: TSContract) -> Finding {
        let raw = value.raw ?? ""
        let retired = contract.notification.retired.first { $0.raw == raw }
        return Finding(
            .tsUnknownLiteral,
            "'\(raw)' is written as a notification type but is retired: old rows may hold it, nothing may write it again; "
                + "use a registered type (\(contract.rawList())).",
            at: value.location, registry: retired?.location ?? contract.typesLocation,
            fix: "write a registered type instead, or move '\(raw)' from \(contract.notification.entry).retired back to its values in \(contract.registry.file)",
            subject: .notificationType(raw, of: contract.notification))
    }

    /// `source`: the file, for the edit that corrects a misspelt literal (in its own quotes).
    static func finding(for value: UnknownTypeLiteral, _ contract: TSContract, source: TSSource? = nil) -> Finding {
        let written = value.constKey.map { "\(contract.constName).\($0)" } ?? "'\(value.raw ?? "")'"
        if value.standing == .offSurface, let raw = value.raw, let registered = contract.notification.value(raw: raw) {
            return Finding(
                value.written ? .tsUnknownLiteral : .tsUnknownLiteralRead,
                "'\(raw)' is used as a notification type but is app-only (scope: app): the database and the server never hold it, so this can never match; remove it, or give '\(raw)' scope all in \(contract.registry.file).",
                at: value.location, registry: registered.location,
                fix: "remove this use of '\(raw)', or give '\(raw)' scope all in \(contract.registry.file)",
                subject: .notificationType(raw, of: contract.notification))
        }
        let target = value.constKey.map { Suggestion.closest(to: $0, among: contract.constKeys.keys.sorted(), closeness: .typeScriptName) }
            ?? Suggestion.closest(to: value.raw ?? "", among: contract.notification.rawValues.sorted(), closeness: .typeScriptName)
        let place = UnknownTypeLiteralMessage.Place.typeScript(
            constName: contract.constName, constKey: value.constKey, rawList: contract.rawList(), registryFile: contract.registry.file,
            entry: contract.notification.entry)
        return Finding(
            value.written ? .tsUnknownLiteral : .tsUnknownLiteralRead, UnknownTypeLiteralMessage.text(value.raw ?? "", at: place, suggestion: target),
            at: value.location, registry: contract.typesLocation,
            fix: target.map { "replace \(written) with \(value.constKey == nil ? "'\($0)'" : "\(contract.constName).\($0)")" }
                ?? (value.constKey == nil
                    ? "use a registered type, or add '\(value.raw ?? "")' to \(contract.notification.entry) in \(contract.registry.file)"
                    : "use a key of \(contract.constName), or add the value to \(contract.notification.entry) in \(contract.registry.file) and run `naars-contracts generate`"),
            // `CONST.KEY` whose key the object lacks names no value: its message is what it is about.
            subject: value.raw.map { .notificationType($0, of: contract.notification) },
            edits: correction(of: value, contract, source))
    }

    /// The one registered server value within the hint's distance, in place of a raw literal, in its quotes.
    static func correction(of value: UnknownTypeLiteral, _ contract: TSContract, _ source: TSSource?) -> [FixEdit] {
        let types = contract.notification
        guard value.constKey == nil, let raw = value.raw, let bytes = value.bytes, let source,
              let only = Suggestion.only(to: raw, among: types.rawValues, closeness: .typeScriptName),
              types.value(raw: only)?.scope.onServer == true,
              let quote = source.text.utf8.dropFirst(bytes.lowerBound).first.map({ Character(Unicode.Scalar($0)) }) else { return [] }
        return value.replacement(only, quote: quote)
    }
}

extension UnknownTypeLiteralRule: TSFactRule {
    static let judgesNotificationTypes = true

    /// A literal is a type where the const or type names it, or where it is the payload key's or row column's value.
    static func needles(_ contract: TSContract) -> [String] { [contract.constName, contract.notification.typescriptType, contract.typeKey, contract.rowKey] }

    static let rule = Rule.tsUnknownLiteral
    static let narrowerRules = [Rule.tsUnknownLiteralRead]
    static func findings(_ facts: TSRuleFacts) -> [Finding] { findings(in: facts.source, contract: facts.contract) }

    static func source(_ type: String) -> [String: String] {
        ["supabase/functions/notify/index.ts": """
            export async function notify(supabase: any, userId: string) {
              await supabase.from('notifications').insert({ user_id: userId, type: \(type) });
              await supabase.from('rides').insert({ user_id: userId, type: 'carpool' });
            }
            """]
    }
    static let triggeringExamples = [RuleExample(source("↓'mesage'"))]
    static let nonTriggeringExamples = [RuleExample(source("'message'"))]
}
