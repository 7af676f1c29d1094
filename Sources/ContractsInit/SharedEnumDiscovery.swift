import ContractsCore
import ContractsSQL
import ContractsSwiftSource

/// A shared enum `init` found: the database columns (or ENUM type) that hold it and the declarations and literals
/// of the other stacks whose values meet theirs.
struct SharedEnumDraft: Sendable, Equatable {
    /// Its key under `enums:`.
    var name: String
    /// The columns, each with its CHECK, or every column of `enumType`.
    var columns: [DiscoveredValueSet]
    var enumType: String?
    /// The values the database allows, in its order (CHECK list, or ENUM labels): the values registered.
    var values: [String]
    var swiftEnum: DiscoveredSwiftEnum?
    var union: DiscoveredUnion?
    var const: DiscoveredConst?
    /// Literals the code writes to or compares with the column, that the database allows (when no Swift enum or
    /// TypeScript declaration meets its values).
    var literals: [String] = []
    var literalLocation: SourceLocation?
    /// Every value the code writes to or compares with the columns (any stack), whatever declares it: never retired.
    var written: [String] = []
    /// The free-text column that holds it (no CHECK, no ENUM type; `columns` is empty then).
    var freeText: FreeTextColumn?

    /// Swift and TypeScript values the database does not allow: written as comments, not registered.
    var codeOnlyValues: [(value: String, whereFound: String, location: SourceLocation)] {
        var out: [(String, String, SourceLocation)] = []
        let allowed = Set(values)
        for c in swiftEnum?.cases ?? [] where c.raw.map({ !allowed.contains($0) }) ?? false {
            out.append((c.raw!, "a case of \(swiftEnum!.qualifiedName)", c.location))
        }
        let seen = Set(out.map(\.0))
        for (name, list, location) in [(union?.name, union?.values, union?.location), (const?.name, const?.values, const?.location)] {
            guard let name, let list, let location else { continue }
            for value in list where !allowed.contains(value) && !seen.contains(value) { out.append((value, "in \(name)", location)) }
        }
        return out
    }
}

/// A column `init` considered as a shared enum and did not register, with why: it never chooses silently.
struct LeftOutCandidate: Sendable, Equatable {
    /// `public.payments.amount_kind`, or the columns of an ENUM type.
    var subject: String
    var reason: String
}

/// Finds every shared enum beside the notification types: each column the database restricts to a list of values
/// (a CHECK `IN`/`= ANY` list or an ENUM type) whose values meet, in two or more values, a Swift `String` enum, a
/// TypeScript union or `as const` object, or the literals the code writes to the column.
enum SharedEnumDiscovery {
    /// What the other stacks declare, read once.
    struct Declarations {
        var swiftEnums: [DiscoveredSwiftEnum]
        var unions: [DiscoveredUnion]
        var consts: [DiscoveredConst]
        var literals: [String: ColumnLiteralDiscovery.Found]
    }

    /// A restricted column, or every column of one ENUM type.
    private struct Candidate {
        var columns: [DiscoveredValueSet]
        var enumType: String? { columns.first?.enumType }
        var values: [String] { columns.first?.values ?? [] }

        var subject: String {
            columns.map { "\($0.schema).\($0.table).\($0.column)" }.joined(separator: ", ")
        }

        var surface: String {
            enumType.map { "ENUM type \(ValueSetNames.unqualified($0))" } ?? "CHECK list"
        }
    }

    static func discover(_ sets: [DiscoveredValueSet], _ found: Declarations, notification draft: InitDraft,
                         wanted: [String]) throws -> (enums: [SharedEnumDraft], leftOut: [LeftOutCandidate]) {
        var candidates: [Candidate] = []
        for set in sets where !isNotificationColumn(set, draft.column) {
            if let type = set.enumType, let i = candidates.firstIndex(where: { $0.enumType == type }) {
                candidates[i].columns.append(set)
            } else {
                candidates.append(Candidate(columns: [set]))
            }
        }
        var enums: [SharedEnumDraft] = [], leftOut: [LeftOutCandidate] = []
        for candidate in candidates {
            let entry: SharedEnumDraft
            switch match(candidate, found, notification: draft) {
            case .success(var matched):
                // A TypeScript declaration holding a strict subset of the values is a use, not the enum's surface.
                let all = Set(matched.values + (matched.swiftEnum?.cases.compactMap(\.raw) ?? []))
                for (name, values, location) in [(matched.union?.name, matched.union?.values, matched.union?.location),
                                                 (matched.const?.name, matched.const?.values, matched.const?.location)] {
                    guard let name, let values, let location, Set(values).isStrictSubset(of: all),
                          !namedFor(name, [matched.name] + candidate.columns.map { $0.table + "_" + $0.column }) else { continue }
                    let lacking = matched.values.filter { !values.contains($0) }
                    guard !lacking.isEmpty else { continue }
                    leftOut.append(LeftOutCandidate(subject: "TypeScript \(name) (\(RegistryWriter.line(location)))",
                        reason: "holds some of \(matched.name)'s values, not \(lacking.joined(separator: ", ")): not its surface"))
                    if matched.union?.name == name { matched.union = nil } else { matched.const = nil }
                }
                entry = matched
            case .failure(let reason):
                leftOut.append(LeftOutCandidate(subject: candidate.subject, reason: reason.text))
                continue
            }
            if let problem = unwritable(entry) {
                leftOut.append(LeftOutCandidate(subject: candidate.subject, reason: problem + ": register it by hand"))
                continue
            }
            // One enum on several tables, each with its own CHECK: the same declaration and the same values.
            if let i = enums.firstIndex(where: { sameDeclaration($0, entry) }) {
                if enums[i].enumType == nil, entry.enumType == nil, Set(enums[i].values) == Set(entry.values) {
                    enums[i].columns += entry.columns
                } else {
                    leftOut.append(LeftOutCandidate(subject: candidate.subject,
                        reason: "\(candidate.surface) meets \(declarationName(entry)) as \(enums[i].name) does, with other values: register it by hand"))
                }
                continue
            }
            if let taken = nameTaken(entry, by: enums, draft: draft) {
                leftOut.append(LeftOutCandidate(subject: candidate.subject,
                    reason: "\(taken): register it by hand under another name"))
                continue
            }
            enums.append(entry)
        }
        guard !wanted.isEmpty else { return (enums, leftOut) }
        return try limit(enums, leftOut, to: wanted)
    }

    /// Why a candidate is no enum.
    private struct Reason: Error {
        var text: String
    }

    /// The enum a candidate makes with the declarations and literals that meet its values, or why it makes none.
    private static func match(_ candidate: Candidate, _ found: Declarations, notification draft: InitDraft) -> Result<SharedEnumDraft, Reason> {
        let wantedValues = Set(candidate.values)
        let stringEnums = found.swiftEnums.filter { $0.hasStringRawValues && $0.cases.contains { $0.raw != nil } }
        let swift = best(stringEnums, wantedValues, values: { $0.cases.compactMap(\.raw) }, path: { $0.location.file })
        let union = best(found.unions, wantedValues, values: \.values, path: { $0.location.file })
        let const = best(found.consts, wantedValues, values: \.values, path: { $0.location.file })
        let literals = uniqued(candidate.columns.flatMap { found.literals[$0.column]?.values ?? [] }.filter(wantedValues.contains))
        if let notification = swift.flatMap({ $0.qualifiedName == draft.swiftEnum?.qualifiedName ? $0.qualifiedName : nil })
            ?? const.flatMap({ c in draft.typeScriptConst.flatMap { $0 == c ? c.name : nil } }) {
            return .failure(Reason(text: "\(candidate.surface) holds the notification types (\(notification)); notification_types: names one column"))
        }
        guard swift != nil || union != nil || const != nil || literals.count >= 2 else {
            return .failure(Reason(text: "\(candidate.surface) shares fewer than two values with any Swift enum, TypeScript union or literal"))
        }
        var entry = SharedEnumDraft(name: name(candidate, swift), columns: candidate.columns, enumType: candidate.enumType,
                                    values: candidate.values, swiftEnum: swift, union: union, const: const)
        entry.written = literals
        // Literals are the evidence only when nothing declares the values: the table is not resolved.
        if literals.count >= 2, swift == nil, union == nil, const == nil {
            entry.literals = literals
            entry.literalLocation = candidate.columns.compactMap { found.literals[$0.column]?.locations[literals[0]] }.first
        }
        return .success(entry)
    }

    /// Whether a TypeScript declaration is named for the enum (`CHAT_ROOM_STATUS`, `ChatRoomStatus`,
    /// `CHAT_ROOM_STATUSES` for ChatRoomStatus): then one lacking a value is the enum's surface behind the others
    /// (drift); a declaration named otherwise holding a strict subset (`SettledOutcome` of SettlementOutcome's
    /// values) is a use of some values, not the surface.
    static func namedFor(_ declaration: String, _ names: [String]) -> Bool {
        func normal(_ name: String) -> String {
            var n = name.lowercased().replacingOccurrences(of: "_", with: "")
            for suffix in ["values", "types", "es", "s"] where n.hasSuffix(suffix) && n.count > suffix.count + 2 {
                n.removeLast(suffix.count)
                break
            }
            return n
        }
        let wanted = Set(names.flatMap { [normal($0), normal(FreeTextEnumDiscovery.singular($0))] })
        return wanted.contains(normal(declaration))
    }

    /// `--enum`: the enums named (by name or Swift enum), the others said to be left out; a name found nowhere is an
    /// error listing the enums found.
    static func limit(_ enums: [SharedEnumDraft], _ leftOut: [LeftOutCandidate],
                              to wanted: [String]) throws -> (enums: [SharedEnumDraft], leftOut: [LeftOutCandidate]) {
        var leftOut = leftOut
        let names = Set(enums.map(\.name) + enums.compactMap { $0.swiftEnum?.qualifiedName })
        for name in wanted where !names.contains(name) {
            throw ContractDiscovery.Failure(description: "error: --enum \(name): no shared enum of that name; init found "
                + (enums.isEmpty ? "none" : enums.map(\.name).joined(separator: ", ")))
        }
        let kept = enums.filter { wanted.contains($0.name) || $0.swiftEnum.map { wanted.contains($0.qualifiedName) } ?? false }
        for e in enums where !kept.contains(e) {
            leftOut.append(LeftOutCandidate(subject: e.freeText.map { "\($0.schema).\($0.table).\($0.column)" }
                                                ?? e.columns.map { "\($0.schema).\($0.table).\($0.column)" }.joined(separator: ", "),
                                            reason: "shared enum \(e.name), not named by --enum"))
        }
        return (kept, leftOut)
    }

    private static func isNotificationColumn(_ set: DiscoveredValueSet, _ column: InitDraft.Column?) -> Bool {
        guard let column else { return false }
        return set.schema == column.schema && set.table == column.table && set.column == column.column
    }

    /// The declaration sharing the most values (two at least), then with the fewest others, then by path.
    private static func best<T>(_ items: [T], _ wanted: Set<String>, values: (T) -> [String], path: (T) -> String) -> T? {
        items.filter { wanted.intersection(values($0)).count >= 2 }.max { a, b in
            ContractDiscovery.overlapOrder(wanted, values(a), path(a), values(b), path(b))
        }
    }

    /// The Swift enum's name (`Expense.Category` → `ExpenseCategory`), else the ENUM type's, else table and
    /// column, in UpperCamelCase.
    /// The name a restricted column's enum gets when no Swift enum names it (what `--notifications-enum` accepts).
    static func name(of set: DiscoveredValueSet) -> String {
        name(Candidate(columns: [set]), nil)
    }

    private static func name(_ candidate: Candidate, _ swift: DiscoveredSwiftEnum?) -> String {
        if let swift { return swift.qualifiedName.split(separator: ".").joined() }
        if let type = candidate.enumType { return Identifiers.pascalCase(ValueSetNames.unqualified(type)) }
        let column = candidate.columns[0]
        return Identifiers.pascalCase(column.table) + Identifiers.pascalCase(column.column)
    }

    private static func sameDeclaration(_ a: SharedEnumDraft, _ b: SharedEnumDraft) -> Bool {
        if let x = a.swiftEnum, let y = b.swiftEnum { return x == y }
        if a.swiftEnum != nil || b.swiftEnum != nil { return false }
        if let x = a.union, let y = b.union { return x == y }
        if let x = a.const, let y = b.const { return x == y }
        return false
    }

    private static func declarationName(_ e: SharedEnumDraft) -> String {
        e.swiftEnum.map { "Swift enum \($0.qualifiedName)" } ?? e.union.map { "TypeScript union \($0.name)" }
            ?? e.const.map { "TypeScript const \($0.name)" } ?? e.name
    }

    /// What the registry would refuse in the entry as the database and the code spell it: names that are not
    /// identifiers (a quoted `"Media Kind"`, a `$` in a TypeScript name), values that are no wire values, two values
    /// that make one Swift case.
    static func unwritable(_ e: SharedEnumDraft) -> String? {
        let sqlNames = e.columns.flatMap { [$0.schema, $0.table, $0.column] } + (e.enumType.map { $0.split(separator: ".").map(String.init) } ?? [])
            + (e.freeText.map { [$0.schema, $0.table, $0.column] } ?? [])
        if let name = sqlNames.first(where: { !isSQLIdentifier($0) }) {
            return "the SQL name '\(name.prefix(80))' is not a lowercase identifier the registry accepts"
        }
        let typeNames = [e.name, e.union?.name, e.const?.name].compactMap { $0 }
            + (e.swiftEnum?.qualifiedName.split(separator: ".", omittingEmptySubsequences: false).map(String.init) ?? [])
        if let name = typeNames.first(where: { !Identifiers.isIdentifier($0) }) {
            return "the name '\(name.prefix(80))' is not an identifier the registry accepts"
        }
        if let name = typeNames.first(where: { Identifiers.typeNameProblem($0) != nil }), let problem = Identifiers.typeNameProblem(name) {
            return "the name \(name) \(problem)"
        }
        if let raw = e.values.first(where: { !Identifiers.isWireValue($0) }) {
            return "the value '\(raw.prefix(80))' is not one the registry accepts (empty, over 255 bytes or hidden characters)"
        }
        var cases: Set<String> = []
        for raw in e.values {
            let name = e.swiftEnum?.cases.first { $0.raw == raw }?.name ?? Identifiers.derivedCaseName(raw) ?? Identifiers.suggestedCaseName(raw)
            if !cases.insert(name).inserted { return "two of its values make the Swift case \(name)" }
        }
        return nil
    }

    /// `^[a-z_][a-z0-9_]*$`, at most 63 bytes: the SQL names the registry accepts.
    private static func isSQLIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, name.utf8.count <= 63, (first >= 97 && first <= 122) || first == 95 else { return false }
        return name.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 95 }
    }

    /// Which of the enum's names (its own, its TypeScript union's or const's) another generated name already has,
    /// and whose: the registry keeps generated names apart.
    static func nameTaken(_ e: SharedEnumDraft, by enums: [SharedEnumDraft], draft: InitDraft) -> String? {
        let notification = RegistryWriter.notificationEnumName(draft)
        let notificationConst = draft.typeScriptConst?.name ?? RegistryWriter.constName(notification)
        var taken: [String: String] = [notification.lowercased(): "is the notification types' enum",
                                       notificationConst.lowercased(): "is the notification types' TypeScript const",
                                       "notificationtypes": "is the notification types' TypeScript file",
                                       "deeplinks": "is the deep links' TypeScript file", "payloads": "is the payloads' TypeScript file"]
        if let badges = draft.badgeEnum { taken[badges.name.lowercased()] = "is the badges' enum" }
        if let links = draft.deepLinks { taken[links.name.lowercased()] = "is the deep links' enum" }
        for payload in draft.payloads {
            taken[payload.name.lowercased()] = "is a payload's type"
            taken[payload.typeName.lowercased()] = "is a payload's type"
        }
        for other in enums {
            for name in [other.name, other.union?.name, other.const?.name].compactMap({ $0 }) {
                taken[name.lowercased()] = "is taken by the shared enum \(other.name)"
            }
        }
        for name in [e.name, e.union?.name, e.const?.name].compactMap({ $0 }) {
            if let why = taken[name.lowercased()] { return "the name \(name) \(why)" }
        }
        return nil
    }
}

/// Values in first-seen order, each once.
private func uniqued(_ values: [String]) -> [String] {
    var seen: Set<String> = [], out: [String] = []
    for v in values where seen.insert(v).inserted { out.append(v) }
    return out
}

/// Names of SQL objects as the registry writes them.
enum ValueSetNames {
    /// `public.media_kind` → `media_kind` (the registry's default schema), other schemas kept.
    static func unqualified(_ type: String) -> String {
        type.hasPrefix("public.") ? String(type.dropFirst(7)) : type
    }
}
