import ContractsCore

/// Whether a statement that does not parse could change the type column's value set: its text names the
/// table, the constraint or the ENUM type as an identifier. Text is all there is (no tree), so this errs on
/// the side of "could": a comment naming the table counts too.
enum ValueSetReach {
    /// The broken statements that could touch the set and that no later statement restates it after: a
    /// `CREATE TABLE` or `DROP TABLE` of the table, an `ADD CONSTRAINT` under the registry's constraint name (what
    /// `DROP CONSTRAINT IF EXISTS` + `ADD CONSTRAINT` migrations do), or a `CREATE`/`DROP TYPE` of the ENUM type.
    /// So a team with an old broken migration that must never be edited gets out by adding one that restates the set.
    static func blockers(_ history: [MigrationFacts], _ target: SQLConstraintTarget, _ events: [ConstraintEvent],
                         _ enumEvents: [EnumEvent]) -> [UnparsedStatement] {
        let restated: [SourceLocation] = events.compactMap { event in
            switch event.action {
            case .createTable(ifNotExists: false, _), .dropAll: return event.location
            case .add(let check) where check.name == target.constraintName: return event.location
            default: return nil
            }
        }
        var names = [target.table, target.constraintName]
        if let type = target.enumType { names.append(type.name) }
        return blockers(history, names: names, restated: restated + typeRestated(target.enumType, enumEvents))
    }

    /// The broken statements that name ENUM type `type` after its last `CREATE TYPE`/`DROP TYPE`: its labels are then
    /// unknown.
    static func blockers(_ history: [MigrationFacts], type: SQLTypeName, _ enumEvents: [EnumEvent]) -> [UnparsedStatement] {
        blockers(history, names: [type.name], restated: typeRestated(type, enumEvents))
    }

    /// The `CREATE TYPE` and `DROP TYPE` statements of `type`.
    private static func typeRestated(_ type: SQLTypeName?, _ enumEvents: [EnumEvent]) -> [SourceLocation] {
        guard let name = type.map({ $0.qualified.lowercased() }) else { return [] }
        return enumEvents.compactMap { event in
            switch event.action {
            case .create(let type, _) where type == name: return event.location
            case .drop(let type, _) where type == name: return event.location
            default: return nil
            }
        }
    }

    /// The unparsed statements naming any of `names` at or after the last of `restated`.
    private static func blockers(_ history: [MigrationFacts], names: [String], restated: [SourceLocation]) -> [UnparsedStatement] {
        let order = Dictionary(history.enumerated().map { ($1.path, $0) }, uniquingKeysWith: { first, _ in first })
        let key = { (at: SourceLocation) in [order[at.file] ?? 0, at.line, at.column] }
        let last = restated.map(key).max { $0.lexicographicallyPrecedes($1) }
        return history.flatMap(\.unparsed).filter { statement in
            guard couldTouch(statement.text, names) else { return false }
            guard let last else { return true }
            return !key(statement.location).lexicographicallyPrecedes(last)
        }
    }

    static func couldTouch(_ text: String, _ target: SQLConstraintTarget) -> Bool {
        var names = [target.table, target.constraintName]
        if let type = target.enumType?.name { names.append(type) }
        return couldTouch(text, names)
    }

    static func couldTouch(_ text: String, _ names: [String]) -> Bool {
        let lower = Array(text.lowercased().utf8)
        return names.contains { containsIdentifier(Array($0.lowercased().utf8), in: lower) }
    }

    /// `name` in `text` with no identifier character on either side (`notifications` matches in
    /// `public.notifications` and `"notifications"`, not in `notifications_log`).
    static func containsIdentifier(_ name: [UInt8], in text: [UInt8]) -> Bool {
        guard !name.isEmpty, name.count <= text.count else { return false }
        let isIdentifier = { (b: UInt8) in (b >= 97 && b <= 122) || (b >= 48 && b <= 57) || b == 95 || b == 36 || b >= 0x80 }
        var i = 0
        while i + name.count <= text.count {
            if text[i] == name[0], text[i ..< i + name.count].elementsEqual(name),
               i == 0 || !isIdentifier(text[i - 1]),
               i + name.count == text.count || !isIdentifier(text[i + name.count]) {
                return true
            }
            i += 1
        }
        return false
    }
}
