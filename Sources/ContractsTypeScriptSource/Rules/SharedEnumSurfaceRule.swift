import ContractsCore

/// `ts-const-drift` for the shared enums (`enums:`): a hand-written TypeScript declaration of an enum's values
/// (see `enumSurfaces`) that differs from the registry: a value it lacks (at the declaration's name), or one it
/// has that the enum does not (at the literal). The functions hold the enum's server values (scope `all`/`server`):
/// an app-only value is drift, as is a retired one (TypeScript only writes the values it lists, and nothing may
/// write a retired one). An array or set typed with the enum's type under another name
/// may list a few values; only the ones it has are judged.
enum SharedEnumSurfaceRule {
    static func findings(in source: TSSource, contract: TSContract) -> [Finding] {
        source.enumSurfaces(contract.sharedEnums).flatMap { compare($0, source, contract.registry.file) }
    }

    static func compare(_ surface: EnumSurface, _ source: TSSource, _ registryFile: String) -> [Finding] {
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
                out.append(Finding(
                    .tsConstDrift,
                    "\(surface.what) has '\(raw)', an app-only \(e.name) (scope: app): the database and the server never hold it; "
                        + "remove it, or give it scope all in enums.\(e.name).values in \(registryFile).",
                    at: source.location(of: m), registry: value.location, fix: "remove '\(raw)'"))
                continue
            case .retired(let retired):
                out.append(Finding(
                    .tsConstDrift,
                    "\(surface.what) has '\(raw)', a retired \(e.name): old rows may hold it, but nothing may write it again; remove it.",
                    at: source.location(of: m), registry: retired.location, fix: "remove '\(raw)'"))
                continue
            case .unknown:
                break
            }
            let hint = Suggestion.closest(to: raw, among: server.sorted(), closeness: .typeScriptName)
            out.append(Finding(
                .tsConstDrift,
                "\(surface.what) has '\(raw)', which is not a \(e.name)\(hint.map { " (did you mean '\($0)'?)" } ?? ""): remove it, "
                    + "or add it to enums.\(e.name).values in \(registryFile).",
                at: source.location(of: m), registry: e.location,
                fix: hint.map { "replace '\(raw)' with '\($0)'" } ?? "remove '\(raw)', or add it to enums.\(e.name).values in \(registryFile)",
                edits: corrections.values.first { $0.first?.start == source.tokens[m].start } ?? []))
        }
        guard surface.isComplete else { return out }
        for value in e.values(on: .server) where !written.contains(value.raw) {
            out.append(Finding(
                .tsConstDrift,
                "\(surface.what) lacks '\(value.raw)', one of \(e.name)'s values: add it (or import the generated "
                    + "\(SharedEnumFiles.typeScriptFileStem(e)).ts).",
                at: source.location(of: surface.nameIndex), registry: value.location, fix: "add '\(value.raw)'",
                edits: corrections[value.raw] ?? addition(value.raw, to: surface, source)))
        }
        return out
    }

    /// `raw` added after the surface's last member, quoted like it: a union member, or an array's or set's element.
    /// An object or string enum needs a key a person names.
    private static func addition(_ raw: String, to surface: EnumSurface, _ source: TSSource) -> [FixEdit] {
        guard let last = surface.members.last, let quoted = source.quotedLike(last, raw) else { return [] }
        switch surface.layout {
        case .union: return source.appendingUnionMember(quoted, last: last)
        case .list: return source.appendingEntry(quoted, first: last, last: last)
        case .keyed: return []
        }
    }
}

extension SharedEnumSurfaceRule: TSFactRule {
    /// A surface is declared under, or typed with, one of the names the registry gives an enum.
    static func needles(_ contract: TSContract) -> [String] { contract.sharedEnums.bySurfaceName.keys.sorted() }

    static let rule = Rule.tsConstDrift
    static func findings(_ facts: TSRuleFacts) -> [Finding] { findings(in: facts.source, contract: facts.contract) }

    static let registry = """
        enums:
          ReportTargetType:
            typescript_const: REPORT_TARGETS
            values: [message, profile]
            retired: [ride]

        """

    static func source(_ set: String, union: String = "'message' | 'profile'", mark: String = "") -> [String: String] {
        ["supabase/functions/_shared/reports.ts": """
            export type \(mark)ReportTargetType = \(union);
            export const REPORT_TARGETS = new Set(\(set));
            // 'ride' and 'profile' in a comment, a log line and a key are no surface.
            console.log(`reported a profile: ${'ride'}`);
            export const LABELS = { ride: 'Ride', profile: 'Profile' };
            """]
    }

    /// A hand-written union of the status (`mark` is `↓` when it lacks a value).
    static func mediaSource(_ union: String, mark: String = "") -> [String: String] {
        ["supabase/functions/_shared/media.ts": "export type \(mark)MediaAssetStatus = \(union);\n"]
    }

    static let triggeringExamples = [
        RuleExample(source("['message', 'profile', ↓'comment']"), registryAdding: registry),
        RuleExample(source("['message', 'profile', ↓'ride']"), registryAdding: registry),
        RuleExample(source("['message', 'profile']", union: "'message'", mark: "↓"), registryAdding: registry),
        // The union lists the app-only value and lacks the server-only one.
        RuleExample(mediaSource("'uploaded' | ↓'draft'", mark: "↓"), registryAdding: RuleExample.scopedStatusEnum),
    ]
    static let nonTriggeringExamples = [
        RuleExample(source("['message', 'profile']"), registryAdding: registry),
        RuleExample(mediaSource("'uploaded' | 'pending_upload'"), registryAdding: RuleExample.scopedStatusEnum),
    ]
}
