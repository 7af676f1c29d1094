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
/// row, a payload, an `invoke` body, an emitter argument) is reported, as retired. This unit reads the literals;
/// `EnumLiteralDrift` judges them, as it judges the other enums' (`SharedEnumLiteralRule`).
enum UnknownTypeLiteralRule {
    static func findings(in source: TSSource, contract: TSContract) -> [Finding] {
        let literals = literals(in: source, contract: contract)
        guard !literals.isEmpty else { return [] }
        let wording = EnumLiteralWording(notification: contract)
        return literals.compactMap { EnumLiteralDrift.finding(use($0, in: source), of: contract.notification.sharedEnum, wording) }
    }

    /// A literal the rule reports, as the judgement takes it: corrected in its own quotes when written as one.
    static func use(_ literal: UnknownTypeLiteral, in source: TSSource) -> EnumLiteralUse {
        let quote = literal.bytes.flatMap { source.text.utf8.dropFirst($0.lowerBound).first }.map { Character(Unicode.Scalar($0)) }
        return EnumLiteralUse(raw: literal.raw, constKey: literal.constKey, location: literal.location, written: literal.written,
                              context: "", replacing: { value in quote.map { literal.replacement(value, quote: $0) } ?? [] })
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
