import ContractsCore

/// `payload-shape-drift`, declared form: a hand-written `interface BadgeCountsPayload { ... }` (or
/// `type BadgeCounts = { ... }`) named like a registry payload that declares a key the payload does not
/// have; code typed with it compiles and reads `undefined`. Declaring fewer keys is fine: code may type
/// only what it reads.
enum PayloadInterfaceRule {
    static func findings(in source: TSSource, contract: TSContract) -> [Finding] {
        var byName: [String: PayloadShape] = [:]
        for shape in contract.registry.payloads {
            byName[shape.typeName] = byName[shape.typeName] ?? shape
            byName[shape.name] = byName[shape.name] ?? shape
        }
        var out: [Finding] = []
        for i in source.tokens.indices {
            guard let name = source.token(i + 1), let shape = byName[name.text], name.kind == .identifier else { continue }
            var open: Int?
            if source.isWord(i, "interface") {
                var j = i + 2
                while j < min(i + 12, source.tokens.count), !source.isPunct(j, "{") { j += 1 }   // `extends X`
                open = source.isPunct(j, "{") ? j : nil
            } else if source.isWord(i, "type"), source.isPunct(i + 2, "="), source.isPunct(i + 3, "{") {
                open = i + 3
            }
            guard let open, source.partner[open] > open else { continue }
            for m in members(source, open: open) where !shape.keys.contains(source.tokens[m].value) {
                let key = source.tokens[m].value
                let hint = Suggestion.closest(to: key, among: shape.keys.sorted(), closeness: .typeScriptName)
                let origin = shape.rpc.map { "the RPC \($0) never returns" } ?? "\(shape.name) does not have"
                out.append(Finding(
                    .payloadShapeDrift,
                    "\(name.text) declares '\(key)', a key \(origin) (\(shape.name) has \(shape.keys.joined(separator: ", ")))\(hint.map { "; did you mean '\($0)'?" } ?? ""): code typed with it reads undefined; remove or rename it, or add '\(key)' to payloads.\(shape.name) in \(contract.registry.file).",
                    at: source.location(of: m), registry: shape.location,
                    fix: hint.map { "rename '\(key)' to '\($0)'" } ?? "remove '\(key)', or add it to payloads.\(shape.name) in \(contract.registry.file)",
                    subject: .payloadField(payload: shape.name, field: key)))
            }
        }
        return out
    }

    /// Token indices of member names directly in the type literal at `open`: `key:`, `key?:`, `'key':`,
    /// `readonly key:`; members are separated by `;`, `,` or line breaks.
    static func members(_ source: TSSource, open: Int) -> [Int] {
        ((open + 1)..<source.partner[open]).filter { k in
            guard source.enclosing[k] == open, let t = source.token(k), t.kind == .identifier || t.kind == .string,
                  !source.isPunct(k - 1, "?"), !source.isPunct(k - 1, ":") else { return false }
            return source.isPunct(k + 1, ":") || (source.isPunct(k + 1, "?") && source.isPunct(k + 2, ":"))
        }
    }
}

extension PayloadInterfaceRule: TSFactRule {
    /// An interface is named like the payload.
    static func needles(_ contract: TSContract) -> [String] { contract.registry.payloads.map(\.typeName) }

    static let rule = Rule.payloadShapeDrift
    static func findings(_ facts: TSRuleFacts) -> [Finding] { findings(in: facts.source, contract: facts.contract) }

    static func source(_ key: String) -> [String: String] {
        ["supabase/functions/_shared/summary.ts": """
            export interface RideSummary {
              ride_id: number;
              \(key): number;
            }
            export interface RideRow { seat: number }
            """]
    }
    static let triggeringExamples = [RuleExample(source("↓seat"), registryAdding: PayloadShapeRule.payload)]
    // Declaring fewer keys is fine: code may type only what it reads.
    static let nonTriggeringExamples = [RuleExample(source("seats"), registryAdding: PayloadShapeRule.payload)]
}
