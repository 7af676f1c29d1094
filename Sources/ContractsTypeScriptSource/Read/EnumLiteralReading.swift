import ContractsCore

/// Where the values of which enum go in one TypeScript file: every literal used as a value of some enum, with its
/// enum and its place, as `EnumLiteralDrift` takes it (`uses`), and the literals compared with a column of a table
/// the code does not show that no enum with a column of that name holds (`unknownTables`).
///
/// The places of the notification contract's enum are the payload key's and row column's values, the const's keys,
/// the emitters' and sink functions' arguments (`notificationLiterals`); every other enum's, the columns it is held
/// in, by the table a literal meets (`TSSource.sharedEnumLiterals`).
struct EnumLiteralReading {
    var uses: [(sharedEnum: SharedEnum, use: EnumLiteralUse)] = []
    var unknownTables: [SharedEnumLiteral] = []

    init(_ source: TSSource, contract: TSContract) {
        if let types = contract.types {
            uses = Self.notificationLiterals(in: source, contract: contract).map { (types.sharedEnum, Self.use($0, in: source)) }
        }
        let enums = contract.sharedEnums
        let literals = source.sharedEnumLiterals(enums)
        guard !literals.isEmpty else { return }
        let isValidSomewhere = { (l: SharedEnumLiteral) -> Bool in
            (enums.byColumn[l.column.lowercased()] ?? []).contains {
                switch $0.sharedEnum.standing(of: l.raw, on: .server) {
                case .held, .retired: return true
                case .outOfScope, .unknown: return false
                }
            }
        }
        let evidenced = Set(literals.filter { $0.table == nil && isValidSomewhere($0) }.map { "\($0.receiver).\($0.column)" })
        var seen = Set<Int>()
        for l in literals where seen.insert(l.index).inserted {
            if let table = l.table {
                guard let e = enums.sharedEnum(table, l.column) else { continue }
                uses.append((e, EnumLiteralUse(raw: l.raw, constKey: nil, location: source.location(of: l.index), written: l.use == .write,
                                               context: (l.use == .write ? "written to " : "compared with ") + "\(table.display).\(l.column)",
                                               replacing: { source.replacingLiteral(l.index, with: $0) })))
                continue
            }
            guard !contract.typeKeys.contains(l.column), !isValidSomewhere(l), enums.byColumn[l.column.lowercased()]?.isEmpty == false,
                  evidenced.contains("\(l.receiver).\(l.column)") else { continue }
            unknownTables.append(l)
        }
    }

    /// A literal the rule reports, as the judgement takes it: corrected in its own quotes when written as one.
    static func use(_ literal: UnknownTypeLiteral, in source: TSSource) -> EnumLiteralUse {
        let quote = literal.bytes.flatMap { source.text.utf8.dropFirst($0.lowerBound).first }.map { Character(Unicode.Scalar($0)) }
        return EnumLiteralUse(raw: literal.raw, constKey: literal.constKey, location: literal.location, written: literal.written,
                              context: "", replacing: { value in quote.map { literal.replacement(value, quote: $0) } ?? [] })
    }

    /// The notification enum's literals the rule reports, each once, in the order they appear in the file (its
    /// places in `EnumLiteralReading`, and what `generate` reads before a first CHECK constraint).
    static func notificationLiterals(in source: TSSource, contract: TSContract) -> [UnknownTypeLiteral] {
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
