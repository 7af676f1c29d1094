import ContractsCore

/// A shared enum (`enums:`) of the registry at the base ref and what became of it in the working one: the entry
/// of the same name, else one that holds the same ENUM type, a column in common or the same Swift enum (the
/// contract renamed, its wire kept), else nothing (the enum was removed).
struct SharedEnumPair {
    var old: SharedEnum
    var new: SharedEnum?

    /// What a finding about the pair calls the enum: its working name (the one a user can see and edit).
    var name: String { new?.name ?? old.name }

    /// The names an `accept_breaking` entry's `value` may use for a change of the pair: the enum (every change of
    /// the rule in it), and each of `details` qualified by the enum's name (`ChatRoomStatus.closed`), under the
    /// working name and, for a renamed enum, the name at the ref too.
    func subjects(_ details: [String] = []) -> [String] {
        var names = [name]
        if old.name != name { names.append(old.name) }
        var subjects: [String] = []
        for enumName in names {
            for subject in [enumName] + details.map({ "\(enumName).\($0)" }) where !subjects.contains(subject) {
                subjects.append(subject)
            }
        }
        return subjects
    }

    /// Who still holds a value the ref's registry gave the enum: rows when it has a SQL surface, shipped apps when
    /// a Swift enum decodes it, deployed edge functions when only TypeScript does.
    var holders: String {
        var holders: [String] = []
        if !old.sql.columns.isEmpty || old.sql.enumType != nil { holders.append("rows") }
        if old.swiftEnum != nil { holders.append("shipped apps") }
        return holders.isEmpty ? "deployed edge functions" : holders.joined(separator: " and ")
    }
}

extension BreakingFacts {
    /// Each shared enum at the ref with its counterpart in the working registry, in the ref's order.
    var sharedEnumPairs: [SharedEnumPair] {
        let namesAtRef = Set(atRef.enums.map(\.name))
        var unclaimed = working.enums.filter { !namesAtRef.contains($0.name) }
        return atRef.enums.map { old in
            if let same = working.enums.first(where: { $0.name == old.name }) { return SharedEnumPair(old: old, new: same) }
            if let index = unclaimed.firstIndex(where: { Self.sameSurface(old, $0) }) {
                return SharedEnumPair(old: old, new: unclaimed.remove(at: index))
            }
            return SharedEnumPair(old: old, new: nil)
        }
    }

    /// Whether two enums hold the same wire: the same ENUM type, a column in common, or the same Swift enum.
    private static func sameSurface(_ a: SharedEnum, _ b: SharedEnum) -> Bool {
        if let type = a.sql.enumType, let other = b.sql.enumType, type.qualified.lowercased() == other.qualified.lowercased() {
            return true
        }
        let columns = Set(a.sql.columns.map(\.qualifiedName))
        if b.sql.columns.contains(where: { columns.contains($0.qualifiedName) }) { return true }
        if let swift = a.swiftEnum, swift == b.swiftEnum { return true }
        return false
    }

    /// Where a finding about something of `pair` that is gone points: the first of the enum's `keys` the working
    /// registry has (`values`, `retired`, ...), else the enum's entry, else `enums:`, else the file's start.
    func nearestKey(in pair: SharedEnumPair, _ keys: String...) -> SourceLocation {
        guard let new = pair.new else { return nearestKey("enums") }
        for key in keys {
            if let location = working.keyLocations["enums.\(new.name).\(key)"] { return location }
        }
        return new.location
    }
}

extension SQLColumn {
    /// `schema.table.column`, lowercased: how two registries' columns are matched.
    var qualifiedName: String { "\(schema).\(table).\(column)".lowercased() }
}
