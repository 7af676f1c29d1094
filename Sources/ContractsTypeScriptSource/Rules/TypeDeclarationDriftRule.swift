import ContractsCore

/// `ts-const-drift`, second form: the notification type written as a union or a string enum under the
/// registry's TypeScript type name, `type NotificationType = 'message' | 'ride_claimed' | ...` or
/// `enum NotificationType { Message = 'message', ... }`, with raws missing or extra.
/// `type NotificationType = (typeof NOTIFICATION_TYPES)[keyof typeof NOTIFICATION_TYPES]` has no literals
/// and is left to the const.
enum TypeDeclarationDriftRule {
    static func findings(in source: TSSource, contract: TSContract) -> [Finding] {
        let name = contract.notification.typescriptType
        var out: [Finding] = []
        for i in source.tokens.indices where source.isWord(i + 1, name) {
            if source.isWord(i, "type"), source.isPunct(i + 2, "="), let members = unionMembers(source, from: i + 3) {
                out += compare(members, what: "the union type \(name)", nameIndex: i + 1, source, contract, isUnion: true)
            } else if source.isWord(i, "enum"), source.isPunct(i + 2, "{"), source.partner[i + 2] > i {
                let members = source.properties(ofObjectAt: i + 2).compactMap { p -> Int? in
                    // `Key = 'raw'` reads as a shorthand with a default; the literal follows the `=`.
                    let literal = p.keyIndex + 2
                    return source.isPunct(p.keyIndex + 1, "=") && source.token(literal)?.kind == .string ? literal : nil
                }
                out += compare(members, what: "the enum \(name)", nameIndex: i + 1, source, contract)
            }
        }
        return out
    }

    /// Token indices of `'a' | 'b' | ...` from `start` (a leading `|` allowed); nil unless every member is a literal.
    static func unionMembers(_ source: TSSource, from start: Int) -> [Int]? {
        var i = source.isPunct(start, "|") ? start + 1 : start
        var members: [Int] = []
        while let t = source.token(i), t.kind == .string {
            members.append(i)
            guard source.isPunct(i + 1, "|") else { break }
            i += 2
        }
        let next = source.token(members.last.map { $0 + 1 } ?? start)
        let ends = next == nil || next!.isPunct(";") || next!.kind == .identifier || next!.isPunct("}")
        return members.isEmpty || !ends ? nil : members
    }

    /// `isUnion`: a missing raw can be added (` | 'raw'`); a string enum's member needs a name a person gives.
    static func compare(_ members: [Int], what: String, nameIndex: Int, _ source: TSSource,
                        _ contract: TSContract, isUnion: Bool = false) -> [Finding] {
        guard !members.isEmpty else { return [] }
        var out: [Finding] = []
        let written = Set(members.map { source.tokens[$0].value })
        let types = contract.notification
        // A misspelt member corrected to a missing raw is that raw's addition too: one edit, both findings fixed.
        var corrections: [String: [FixEdit]] = [:]
        for m in members where !contract.raws.contains(source.tokens[m].value) && contract.outOfScope(source.tokens[m].value) == nil {
            guard let only = Suggestion.only(to: source.tokens[m].value, among: types.rawValues, closeness: .typeScriptName),
                  types.value(raw: only)?.scope.onServer == true, corrections[only] == nil else { continue }
            corrections[only] = source.replacingLiteral(m, with: only)
        }
        for m in members where !contract.raws.contains(source.tokens[m].value) {
            let raw = source.tokens[m].value
            if let reason = contract.outOfScope(raw) {
                out.append(Finding(
                    .tsConstDrift, "\(what) has '\(raw)', which \(reason.why): remove it.",
                    at: source.location(of: m), registry: reason.location, fix: "remove '\(raw)'",
                    subject: .notificationType(raw, of: contract.notification)))
                continue
            }
            let hint = Suggestion.closest(to: raw, among: contract.notification.rawValues.sorted(), closeness: .typeScriptName)
            out.append(Finding(
                .tsConstDrift,
                "\(what) has '\(raw)', which is not a registered notification type\(hint.map { " (did you mean '\($0)'?)" } ?? ""): remove it, or add it to \(contract.notification.entry) in \(contract.registry.file).",
                at: source.location(of: m), registry: contract.typesLocation,
                fix: hint.map { "replace '\(raw)' with '\($0)'" }
                    ?? "remove '\(raw)', or add it to \(contract.notification.entry) in \(contract.registry.file)",
                subject: .notificationType(raw, of: contract.notification),
                edits: corrections.values.first { $0.first?.start == source.tokens[m].start } ?? []))
        }
        for value in contract.notification.values where value.scope.onServer && !written.contains(value.raw) {
            out.append(Finding(
                .tsConstDrift,
                "\(what) lacks '\(value.raw)', a registered notification type: add it (or import the generated type).",
                at: source.location(of: nameIndex), registry: value.location,
                fix: isUnion ? "add | '\(value.raw)'" : "add a member = '\(value.raw)' (its name is yours to choose), or import the generated type",
                subject: .notificationType(value.raw, of: contract.notification),
                edits: corrections[value.raw]
                    ?? (isUnion ? source.quotedLike(members.last!, value.raw).map { source.appendingUnionMember($0, last: members.last!) } ?? [] : [])))
        }
        return out
    }
}

extension TypeDeclarationDriftRule: TSFactRule {
    static let judgesNotificationTypes = true

    /// The union type or string enum is declared under the type's name.
    static func needles(_ contract: TSContract) -> [String] { [contract.notification.typescriptType] }

    static let rule = Rule.tsConstDrift
    static func findings(_ facts: TSRuleFacts) -> [Finding] { findings(in: facts.source, contract: facts.contract) }

    /// `mark` is `↓` when the example triggers: the union misses a registered value and has an extra one.
    static func source(_ rideUpdate: String, mark: String = "") -> [String: String] {
        ["supabase/functions/_shared/types.ts": """
            export type \(mark)NotificationType = 'message' | \(rideUpdate);
            export type RideState = 'open' | 'closed';
            """]
    }
    static let triggeringExamples = [RuleExample(source("↓'ride_updated'", mark: "↓"))]
    static let nonTriggeringExamples = [RuleExample(source("'ride_update'"))]
}
