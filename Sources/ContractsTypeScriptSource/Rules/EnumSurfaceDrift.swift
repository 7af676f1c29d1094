import ContractsCore

/// The `ts-const-drift` judgement of one hand-written declaration of an enum's values (an `EnumSurface`), the same
/// for every enum and every kind of declaration: a value it lacks (at the declaration's name), or a member the enum
/// does not have (at the literal). The functions hold the enum's server values (scope `all`/`server`): an app-only
/// member is drift, as is a retired one (TypeScript only writes the values it lists, and nothing may write a
/// retired one). A declaration that need not list every value (`isComplete` false) is judged on the ones it has.
enum EnumSurfaceDrift {
    /// The findings of every surface, each enum worded once.
    static func findings(_ surfaces: [EnumSurface], in source: TSSource, contract: TSContract) -> [Finding] {
        guard !surfaces.isEmpty else { return [] }
        let registry = contract.registry
        let wordings = Dictionary(registry.allEnums.map { ($0.name, EnumSurfaceWording($0, in: registry)) }, uniquingKeysWith: { a, _ in a })
        return surfaces.flatMap { surface in
            wordings[surface.sharedEnum.name].map { compare(surface, source, $0, registryFile: registry.file) } ?? []
        }
    }

    static func compare(_ surface: EnumSurface, _ source: TSSource, _ w: EnumSurfaceWording, registryFile: String) -> [Finding] {
        let e = surface.sharedEnum, server = e.values(on: .server), serverRaws = server.map(\.raw)
        let name = source.tokens[surface.nameIndex].text
        let writtenKeys = Set(surface.keys?.map(\.name) ?? [])
        var out: [Finding] = []
        var written = Set<String>()
        // A misspelt member corrected to a missing value is that value's addition too: one edit, both findings fixed.
        // An object whose keys are judged adds a missing value as its own entry.
        var corrections: [String: [FixEdit]] = [:]
        for m in surface.members where surface.keys == nil && e.standing(of: source.tokens[m].value, on: .server) == .unknown {
            guard let only = Suggestion.only(to: source.tokens[m].value, among: serverRaws, closeness: .typeScriptName),
                  corrections[only] == nil else { continue }
            corrections[only] = source.replacingLiteral(m, with: only)
        }
        for (n, m) in surface.members.enumerated() {
            let raw = source.tokens[m].value
            let key = surface.keys?[n]
            // A value listed twice is judged once; an object's entries are each judged under their key.
            guard written.insert(raw).inserted || key != nil else { continue }
            let standing = e.standing(of: raw, on: .server)
            if let key {
                if let expected = server.first(where: { $0.typescriptKey == key.name }) {
                    guard raw != expected.raw else { continue }
                    out.append(Finding(
                        .tsConstDrift,
                        "\(name).\(key.name) is '\(raw)' but the registry's raw for \(key.name) is '\(expected.raw)': change the value to '\(expected.raw)' (or run `naars-contracts generate` and import the generated \(name)).",
                        at: source.location(of: m), registry: expected.location, fix: "replace '\(raw)' with '\(expected.raw)'",
                        subject: w.subject(expected.raw), edits: source.replacingLiteral(m, with: expected.raw)))
                    continue
                }
                if case .held(let value) = standing {
                    guard !writtenKeys.contains(value.typescriptKey) else { continue }
                    out.append(Finding(
                        .tsConstDrift,
                        "\(name) names '\(raw)' with key \(key.name), but its key is \(value.typescriptKey): rename the key to \(value.typescriptKey).",
                        at: source.location(of: key.index), registry: value.location,
                        fix: "rename \(key.name) to \(value.typescriptKey)", subject: w.subject(raw)))
                    continue
                }
            }
            // A member is named as its declaration lists it, or in an object whose keys are judged by its key.
            let member = key.map { "\(name).\($0.name) = '\(raw)'" } ?? "\(surface.what) has '\(raw)',"
            let at = source.location(of: key?.index ?? m)
            let remove = key.map { "remove \($0.name)" } ?? "remove '\(raw)'"
            let outOfScope = key.map { _ in "remove it from \(name) (the generated \(name) has only server values)." }
            switch standing {
            case .held:
                continue
            case .outOfScope(let value):
                out.append(Finding(.tsConstDrift, outOfScope.map { "\(member) \(EnumSurfaceWording.appOnlyWhy): \($0)" } ?? "\(member) \(w.appOnly)",
                                   at: at, registry: value.location, fix: remove, subject: w.subject(raw)))
            case .retired(let retired):
                out.append(Finding(.tsConstDrift, outOfScope.map { "\(member) \(w.retiredWhy): \($0)" } ?? "\(member) \(w.retired)",
                                   at: at, registry: retired.location, fix: remove, subject: w.subject(raw)))
            case .unknown where key != nil:
                let add = "add '\(raw)' to \(w.valuesHome) in \(registryFile) and run `naars-contracts generate`"
                out.append(Finding(.tsConstDrift, "\(member) is not \(w.notOne): remove it, or \(add).",
                                   at: at, registry: e.location, fix: "\(remove), or \(add)", subject: w.subject(raw)))
            case .unknown:
                let hint = Suggestion.closest(to: raw, among: serverRaws.sorted(), closeness: .typeScriptName)
                out.append(Finding(
                    .tsConstDrift,
                    "\(member) which is not \(w.notOne)\(hint.map { " (did you mean '\($0)'?)" } ?? ""): remove it, "
                        + "or add it to \(w.valuesHome) in \(registryFile).",
                    at: at, registry: e.location,
                    fix: hint.map { "replace '\(raw)' with '\($0)'" } ?? "remove '\(raw)', or add it to \(w.valuesHome) in \(registryFile)",
                    subject: w.subject(raw),
                    edits: corrections.values.first { $0.first?.start == source.tokens[m].start } ?? []))
            }
        }
        guard surface.isComplete else { return out }
        for value in server where !written.contains(value.raw) && !writtenKeys.contains(value.typescriptKey) {
            let entry = "\(value.typescriptKey): '\(value.raw)'"
            out.append(Finding(
                .tsConstDrift,
                surface.keys == nil
                    ? "\(surface.what) lacks '\(value.raw)', \(w.oneOf): add it (or import \(w.generated))."
                    : "\(name) lacks '\(value.raw)', \(w.oneOf): add \(entry) (or import the generated \(name)).",
                at: source.location(of: surface.nameIndex), registry: value.location,
                fix: surface.keys == nil ? w.addition(value.raw, surface.layout) : "add \(entry),",
                subject: w.subject(value.raw), edits: corrections[value.raw] ?? addition(value, to: surface, source)))
        }
        return out
    }

    /// `value` added after the surface's last member, quoted like it: a union member, an array's or set's element, or
    /// an object's entry under the value's key. An object whose keys are not judged, or a string enum, needs a key a
    /// person names.
    static func addition(_ value: SharedEnumValue, to surface: EnumSurface, _ source: TSSource) -> [FixEdit] {
        guard let last = surface.members.last, let quoted = source.quotedLike(last, value.raw) else { return [] }
        switch surface.layout {
        case .union: return source.appendingUnionMember(quoted, last: last)
        case .list: return source.appendingEntry(quoted, first: last, last: last)
        case .entries:
            guard let key = surface.keys?.last, Identifiers.isIdentifier(value.typescriptKey) else { return [] }
            return source.appendingEntry("\(value.typescriptKey): \(quoted)", first: key.index, last: last)
        case .keyed: return []
        }
    }
}
