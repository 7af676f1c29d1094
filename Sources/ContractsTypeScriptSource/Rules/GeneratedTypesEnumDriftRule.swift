import ContractsCore

/// `ts-const-drift`, third form: the labels of each enum's PostgreSQL ENUM type (`sql.enum_type`) as Supabase's
/// generated types hold them (`supabase gen types typescript`): the `Database` type's
/// `public: { Enums: { remote_match_status: "live" | "final" } }`, and the `Constants` object's
/// `public: { Enums: { remote_match_status: ["live", "final"] } }`. A stale `database.types.ts` (a label missing
/// or extra) is reported at the label (a missing one at the type's name). Only the `Enums` of the type's own
/// schema count; `Tables` and `Functions` that use the type name it without labels. Every enum with an `enum_type`
/// (the notification enum and every `enums:` entry alike) is compared the same way, in one pass over the file;
/// `EnumSurfaceWording` words each.
enum GeneratedTypesEnumDriftRule {
    static func findings(in source: TSSource, contract: TSContract) -> [Finding] {
        // The enums to compare the labels of each ENUM type with, by `schema.name`: one pass over the file for them all.
        var targets: [String: [(SharedEnum, SQLTypeName, EnumSurfaceWording)]] = [:]
        for e in contract.registry.allEnums {
            guard let type = e.sql.enumType else { continue }
            targets[typeKey(type.schema, type.name), default: []].append((e, type, EnumSurfaceWording(e, in: contract.registry)))
        }
        guard !targets.isEmpty else { return [] }
        var out: [Finding] = []
        for i in source.tokens.indices where source.isWord(i, "Enums") && source.isPunct(i + 1, ":") && source.isPunct(i + 2, "{") {
            // `public: { ... Enums: { ... } }`: the object around `Enums` is the value of the schema's key.
            let schemaOpen = source.enclosing[i]
            guard schemaOpen > 1, source.isPunct(schemaOpen - 1, ":"), let schema = source.token(schemaOpen - 2),
                  schema.kind == .identifier || schema.kind == .string else { continue }
            let open = i + 2, close = source.partner[open]
            guard close > open else { continue }
            var k = open + 1
            while k < close {
                if let key = source.token(k), key.kind == .identifier || key.kind == .string, source.enclosing[k] == open,
                   source.isPunct(k + 1, ":"), let compared = targets[typeKey(schema.value, key.value)],
                   let members = labels(source, from: k + 2) {
                    for (e, type, wording) in compared {
                        out += compare(members, nameIndex: k, type: type, e, wording, source, contract.registry.file)
                    }
                }
                if source.partner[k] > k { k = source.partner[k] }
                k += 1
            }
        }
        return out
    }

    /// A type's key in `targets` (NUL apart: no name holds one).
    private static func typeKey(_ schema: String, _ name: String) -> String { schema + "\u{0}" + name }

    /// Token indices of the labels: a union of string literals (the `Database` type) or an array of them
    /// (`Constants`); nil for anything else (a reference to another type).
    static func labels(_ source: TSSource, from start: Int) -> [Int]? {
        if source.isPunct(start, "["), source.partner[start] > start {
            let close = source.partner[start]
            var members: [Int] = []
            var k = start + 1
            while k < close {
                guard let t = source.token(k), t.kind == .string else { return nil }
                members.append(k)
                k += 1
                if source.isPunct(k, ",") { k += 1 } else if k != close { return nil }
            }
            return members
        }
        return source.literalUnion(from: start)
    }

    /// One enum's labels: the database holds what the server may write, its server values (scope `all`/`server`),
    /// and the retired ones old rows hold.
    static func compare(_ members: [Int], nameIndex: Int, type: SQLTypeName, _ e: SharedEnum, _ w: EnumSurfaceWording,
                        _ source: TSSource, _ registryFile: String) -> [Finding] {
        let generated = "Supabase's generated Enums.\(type.name)"
        var out: [Finding] = []
        let written = Set(members.map { source.tokens[$0].value })
        for m in members {
            let label = source.tokens[m].value
            let judged: (phrase: String, remedy: String, registry: SourceLocation)
            switch e.standing(of: label, on: .server) {
            case .held, .retired: continue
            case .outOfScope(let value) where w.namesAppOnlyLabels:
                judged = ("an app-only \(e.name) (scope: app)", "give it scope all in \(w.valuesHome)", value.location)
            case .outOfScope, .unknown:
                judged = ("not \(w.notOne)", "add it to \(w.valuesHome)", e.location)
            }
            out.append(Finding(
                .tsConstDrift,
                "\(generated) has '\(label)', which is \(judged.phrase): regenerate the types (`supabase gen types typescript`) "
                    + "after the migration that removes it, or \(judged.remedy) in \(registryFile).",
                at: source.location(of: m), registry: judged.registry, fix: "regenerate the types from the database",
                subject: w.subject(label)))
        }
        for value in e.values(on: .server) where !written.contains(value.raw) {
            out.append(Finding(
                .tsConstDrift,
                "\(generated) lacks '\(value.raw)', \(w.oneOf): the types were generated before the migration "
                    + "that adds it; regenerate them (`supabase gen types typescript`).",
                at: source.location(of: nameIndex), registry: value.location, fix: "regenerate the types from the database",
                subject: w.subject(value.raw)))
        }
        return out
    }
}

extension GeneratedTypesEnumDriftRule: TSFactRule {
    /// Supabase writes the labels under `Enums`; a registry without an ENUM type has nothing to compare.
    static func needles(_ contract: TSContract) -> [String] {
        contract.registry.allEnums.contains { $0.sql.enumType != nil } ? ["Enums"] : []
    }

    static let rule = Rule.tsConstDrift
    static func findings(_ facts: TSRuleFacts) -> [Finding] { findings(in: facts.source, contract: facts.contract) }

    static let registry = RuleExample.baseRegistry.replacingOccurrences(
        of: "sql: { table: public.notifications, column: type, constraint: valid_notification_type }",
        with: "sql: { table: public.notifications, column: type, enum_type: notification_kind }")
    static func types(_ labels: String, constants: String = #"["message", "ride_update"]"#, missingMark: String = "") -> [String: String] {
        ["supabase/functions/_shared/database.types.ts": """
            export type Database = {
              public: {
                Tables: {
                  notifications: {
                    Row: { id: string; type: Database["public"]["Enums"]["notification_kind"] }
                  }
                }
                Enums: {
                  \(missingMark)notification_kind: \(labels)
                  other_kind: "message" | "not_ours"
                }
              }
              audit: {
                Enums: {
                  notification_kind: "anything"
                }
              }
            }
            export const Constants = {
              public: {
                Enums: {
                  notification_kind: \(constants),
                },
              },
            } as const
            """]
    }
    static let triggeringExamples = [
        RuleExample(types(#""message" | ↓"ride_updated" | "ride_update""#), registry: registry),
        RuleExample(types(#""message" | "ride_update""#, constants: #"["message", ↓"gone", "ride_update"]"#), registry: registry),
        // Generated before the migration that added ride_update: reported at the type's name.
        RuleExample(types(#""message""#, missingMark: "↓"), registry: registry),
    ]
    static let nonTriggeringExamples = [
        RuleExample(types(#""message" | "ride_update""#), registry: registry),
    ]
}
