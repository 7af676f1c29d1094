import ContractsCore

extension Rule {
    public static let tsConstDrift = Rule("ts-const-drift", .error, "A TypeScript declaration of an enum (an `as const` object, a union, Supabase's generated `Enums`) differs from the registry.")
}

/// `ts-const-drift`: a hand-written `export const NOTIFICATION_TYPES = { KEY: 'raw', ... } as const` whose
/// entries differ from the registry: a raw missing, an extra one, or a registered key mapped to another raw.
/// No such object in a file is no finding (the generated one is excluded from the sources).
enum ConstDriftRule {
    static func findings(in source: TSSource, contract: TSContract) -> [Finding] {
        var out: [Finding] = []
        for i in source.tokens.indices where source.isWord(i, "const") && source.isWord(i + 1, contract.constName) {
            var open = i + 2
            // `const NOTIFICATION_TYPES: Record<string, string> = {`: skip a type annotation.
            if source.isPunct(open, ":") {
                while open < source.tokens.count, !source.isPunct(open, "="), !source.isPunct(open, ";") { open += 1 }
            }
            guard source.isPunct(open, "=") else { continue }
            var brace = open + 1
            // `Object.freeze({ ... })`
            if source.isWord(brace, "Object"), source.isPunct(brace + 1, "."), source.isWord(brace + 2, "freeze"),
               source.isPunct(brace + 3, "(") { brace += 4 }
            guard source.isPunct(brace, "{") else { continue }
            out += compare(source.properties(ofObjectAt: brace), nameIndex: i + 1, source, contract)
        }
        return out
    }

    static func compare(_ properties: [TSProperty], nameIndex: Int, _ source: TSSource, _ contract: TSContract) -> [Finding] {
        let name = contract.constName
        let file = contract.registry.file
        let types = contract.notification
        var out: [Finding] = []
        var writtenKeys = Set<String>(), writtenRaws = Set<String>()
        let entries: [(TSProperty, TSToken)] = properties.compactMap { p in
            guard p.kind == .keyValue, p.value.count == 1, let v = source.token(p.value.lowerBound),
                  v.kind == .string else { return nil }
            return (p, v)
        }
        for (p, v) in entries {
            writtenKeys.insert(p.key)
            writtenRaws.insert(v.value)
        }
        for (p, v) in entries {
            if let expected = contract.constKeys[p.key] {
                guard v.value != expected else { continue }
                let registered = contract.notification.value(raw: expected)
                out.append(Finding(
                    .tsConstDrift,
                    "\(name).\(p.key) is '\(v.value)' but the registry's raw for \(p.key) is '\(expected)': change the value to '\(expected)' (or run `naars-contracts generate` and import the generated \(name)).",
                    at: source.location(of: p.value.lowerBound), registry: registered?.location ?? contract.typesLocation,
                    fix: "replace '\(v.value)' with '\(expected)'", subject: .notificationType(expected, of: types),
                    edits: source.replacingLiteral(p.value.lowerBound, with: expected)))
            } else if contract.raws.contains(v.value), let value = contract.notification.value(raw: v.value) {
                guard !writtenKeys.contains(value.typescriptKey) else { continue }
                out.append(Finding(
                    .tsConstDrift,
                    "\(name) names '\(v.value)' with key \(p.key), but its key is \(value.typescriptKey): rename the key to \(value.typescriptKey).",
                    at: source.location(of: p.keyIndex), registry: value.location,
                    fix: "rename \(p.key) to \(value.typescriptKey)", subject: .notificationType(v.value, of: types)))
            } else if let reason = contract.outOfScope(v.value) {
                out.append(Finding(
                    .tsConstDrift,
                    "\(name).\(p.key) = '\(v.value)' \(reason.why): remove it from \(name) (the generated \(name) has only server values).",
                    at: source.location(of: p.keyIndex), registry: reason.location, fix: "remove \(p.key)",
                    subject: .notificationType(v.value, of: types)))
            } else {
                out.append(Finding(
                    .tsConstDrift,
                    "\(name).\(p.key) = '\(v.value)' is not a registered notification type: remove it, or add '\(v.value)' to \(contract.notification.entry) in \(file) and run `naars-contracts generate`.",
                    at: source.location(of: p.keyIndex), registry: contract.typesLocation,
                    fix: "remove \(p.key), or add '\(v.value)' to \(contract.notification.entry) in \(file) and run `naars-contracts generate`",
                    subject: .notificationType(v.value, of: types)))
            }
        }
        // A new entry goes after the last one, quoted like it; only into an object of plain `KEY: 'raw'` entries.
        let last = entries.count == properties.count ? entries.last : nil
        for value in contract.notification.values
        where value.scope.onServer && !writtenKeys.contains(value.typescriptKey) && !writtenRaws.contains(value.raw) {
            let edits: [FixEdit] = last.flatMap { entry -> [FixEdit]? in
                let p = entry.0
                return source.quotedLike(p.value.lowerBound, value.raw).map { quoted in
                    source.appendingEntry("\(value.typescriptKey): \(quoted)", first: p.keyIndex, last: p.value.upperBound - 1)
                }
            } ?? []
            out.append(Finding(
                .tsConstDrift,
                "\(name) lacks '\(value.raw)', a registered notification type: add \(value.typescriptKey): '\(value.raw)' (or import the generated \(name)).",
                at: source.location(of: nameIndex), registry: value.location,
                fix: "add \(value.typescriptKey): '\(value.raw)',", subject: .notificationType(value.raw, of: types),
                edits: Identifiers.isIdentifier(value.typescriptKey) ? edits : []))
        }
        return out
    }
}

extension ConstDriftRule: TSFactRule {
    static let judgesNotificationTypes = true

    /// The `as const` object is declared under its name.
    static func needles(_ contract: TSContract) -> [String] { [contract.constName] }

    static let rule = Rule.tsConstDrift
    static func findings(_ facts: TSRuleFacts) -> [Finding] { findings(in: facts.source, contract: facts.contract) }

    static func source(_ rideUpdate: String) -> [String: String] {
        ["supabase/functions/_shared/types.ts": """
            export const NOTIFICATION_TYPES = {
              MESSAGE: 'message',
              RIDE_UPDATE: \(rideUpdate),
            } as const;
            export const RIDE_STATES = { OPEN: 'open' } as const;
            """]
    }
    static let triggeringExamples = [RuleExample(source("↓'ride_updated'"))]
    static let nonTriggeringExamples = [RuleExample(source("'ride_update'"))]
}
