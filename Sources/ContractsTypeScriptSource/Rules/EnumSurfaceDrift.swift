import ContractsCore

/// The `ts-const-drift` judgement of one hand-written declaration of an enum's values (an `EnumSurface`), the same
/// for every enum and every kind of declaration: a value it lacks (at the declaration's name), or a member the enum
/// does not have (at the literal). The functions hold the enum's server values (scope `all`/`server`): an app-only
/// member is drift, as is a retired one (TypeScript only writes the values it lists, and nothing may write a
/// retired one). A declaration that need not list every value (`isComplete` false) is judged on the ones it has.
enum EnumSurfaceDrift {
    static func compare(_ surface: EnumSurface, _ source: TSSource, _ w: EnumSurfaceWording, registryFile: String) -> [Finding] {
        let e = surface.sharedEnum, server = e.rawValues(on: .server)
        var out: [Finding] = []
        var written = Set<String>()
        // A misspelt member corrected to a missing value is that value's addition too: one edit, both findings fixed.
        var corrections: [String: [FixEdit]] = [:]
        for m in surface.members where e.standing(of: source.tokens[m].value, on: .server) == .unknown {
            guard let only = Suggestion.only(to: source.tokens[m].value, among: server, closeness: .typeScriptName),
                  corrections[only] == nil else { continue }
            corrections[only] = source.replacingLiteral(m, with: only)
        }
        for m in surface.members {
            let raw = source.tokens[m].value
            guard written.insert(raw).inserted else { continue }
            switch e.standing(of: raw, on: .server) {
            case .held:
                continue
            case .outOfScope(let value):
                out.append(Finding(.tsConstDrift, "\(surface.what) has '\(raw)', \(w.appOnly)", at: source.location(of: m),
                                   registry: value.location, fix: "remove '\(raw)'", subject: w.subject(raw)))
            case .retired(let retired):
                out.append(Finding(.tsConstDrift, "\(surface.what) has '\(raw)', \(w.retired)", at: source.location(of: m),
                                   registry: retired.location, fix: "remove '\(raw)'", subject: w.subject(raw)))
            case .unknown:
                let hint = Suggestion.closest(to: raw, among: server.sorted(), closeness: .typeScriptName)
                out.append(Finding(
                    .tsConstDrift,
                    "\(surface.what) has '\(raw)', which is not \(w.notOne)\(hint.map { " (did you mean '\($0)'?)" } ?? ""): remove it, "
                        + "or add it to \(w.valuesHome) in \(registryFile).",
                    at: source.location(of: m), registry: e.location,
                    fix: hint.map { "replace '\(raw)' with '\($0)'" } ?? "remove '\(raw)', or add it to \(w.valuesHome) in \(registryFile)",
                    subject: w.subject(raw),
                    edits: corrections.values.first { $0.first?.start == source.tokens[m].start } ?? []))
            }
        }
        guard surface.isComplete else { return out }
        for value in e.values(on: .server) where !written.contains(value.raw) {
            out.append(Finding(
                .tsConstDrift, "\(surface.what) lacks '\(value.raw)', \(w.oneOf): add it (or import \(w.generated)).",
                at: source.location(of: surface.nameIndex), registry: value.location, fix: w.addition(value.raw, surface.layout),
                subject: w.subject(value.raw), edits: corrections[value.raw] ?? addition(value.raw, to: surface, source)))
        }
        return out
    }

    /// `raw` added after the surface's last member, quoted like it: a union member, or an array's or set's element.
    /// An object or string enum needs a key a person names.
    static func addition(_ raw: String, to surface: EnumSurface, _ source: TSSource) -> [FixEdit] {
        guard let last = surface.members.last, let quoted = source.quotedLike(last, raw) else { return [] }
        switch surface.layout {
        case .union: return source.appendingUnionMember(quoted, last: last)
        case .list: return source.appendingEntry(quoted, first: last, last: last)
        case .keyed: return []
        }
    }
}
