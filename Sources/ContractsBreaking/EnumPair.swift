import ContractsCore

/// An enum of the registry at the base ref and what became of it in the working one. Every enum is paired the same
/// way: the notification enum with the working notification enum (even renamed: the contract is the same push
/// type); any other by its name among the working enums not claimed yet, else by its wire (the same ENUM type, a
/// column in common or the same Swift enum: the enum renamed, its wire kept), else with nothing (it was removed).
/// An enum that is the notification enum on one side only (the contract added, dropped or pointed elsewhere) is
/// paired by name like any other.
///
/// The rules judge every pair with one body; the pair says how its findings speak. A pair that is the notification
/// enum on both sides is judged in the words it always was (`notification type 'x'`, `notification_types.retired`,
/// accepted by the bare raw value), so the reports and baselines of every project stay as they were.
struct EnumPair {
    var old: SharedEnum
    var new: SharedEnum?
    /// The working contract, when both registries' notification contracts name this enum.
    var notification: NotificationContract?
    /// Where the enum is written at the ref (`notification_types`, `enums.ChatRoomStatus`).
    var oldEntry: String

    /// What a finding about the pair calls the enum: its working name (the one a user can see and edit).
    var name: String { new?.name ?? old.name }

    /// Where the enum is written in the working registry, as messages and key paths name it.
    var entry: String { notification?.entry ?? "enums.\(name)" }

    /// The name a finding's subject gives the enum: the notification enum's Swift enum (as `FindingSubject`
    /// names it), any other's registry name.
    var subjectName: String {
        guard notification != nil, let new else { return name }
        return new.swiftEnum ?? new.name
    }

    /// A finding's subject about one of its values.
    func subject(_ raw: String) -> FindingSubject { .enumValue(enumName: subjectName, value: raw) }

    /// A value as an `accept_breaking` entry's `value` names it: the notification enum's bare, any other's qualified
    /// by the enum (`ChatRoomStatus.closed`).
    func acceptValue(_ raw: String) -> String { notification != nil ? raw : "\(name).\(raw)" }

    /// A value as messages name it, with its enum: `notification type 'x'`, `ChatRoomStatus value 'x'`.
    func valueNoun(_ raw: String) -> String { notification != nil ? "notification type '\(raw)'" : "\(name) value '\(raw)'" }

    /// A value removed, as a message says it: `notification type 'x' (line 9 at main) was removed`, `'x' (line 9 at
    /// main) was removed from ChatRoomStatus`.
    func removedValue(_ raw: String, at: String) -> String {
        notification != nil ? "notification type '\(raw)' (\(at)) was removed" : "'\(raw)' (\(at)) was removed from \(name)"
    }

    /// A case as a message names it: `case rideUpdate`, `ChatRoomStatus.closed`.
    func caseName(_ swiftCase: String) -> String { notification != nil ? "case \(swiftCase)" : "\(name).\(swiftCase)" }

    /// What a Swift enum of the pair decodes an unknown raw value as: `an unknown type`, `an unknown ChatRoomStatus`.
    var unknownCase: String { notification != nil ? "an unknown type" : "an unknown \(name)" }

    /// The enum in a phrase about its fallback: nothing for the notification enum (`the fallback changed`), ` of
    /// ChatRoomStatus` for any other.
    var ofName: String { notification != nil ? "" : " of \(name)" }

    /// What unknown values are called in messages about decoding: `types` for the notification enum, `values`.
    var unknownValues: String { notification != nil ? "types" : "values" }

    /// The names an `accept_breaking` entry's `value` may use for a change of the pair. The notification enum's:
    /// the details themselves (raw values). Any other's: the enum (every change of the rule in it), and each of
    /// `details` qualified by the enum's name (`ChatRoomStatus.closed`), under the working name and, for a renamed
    /// enum, the name at the ref too.
    func subjects(_ details: [String] = []) -> [String] {
        if notification != nil { return details }
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
    /// Every enum at the ref (the notification enum first) with its counterpart in the working registry, in the
    /// ref's order.
    var enumPairs: [EnumPair] {
        let oldContract = atRef.notificationContract, newContract = working.notificationContract
        var unclaimed = working.allEnums
        let oldEnums = atRef.allEnums
        var pairs: [EnumPair] = []
        // The notification enum with the notification enum, whatever their names.
        var notificationAtRef: String?
        if let oldContract, let newContract, let old = oldEnums.first(where: { $0.name == oldContract.enumName }),
           let index = unclaimed.firstIndex(where: { $0.name == newContract.enumName }) {
            notificationAtRef = old.name
            pairs.append(EnumPair(old: old, new: unclaimed.remove(at: index), notification: newContract, oldEntry: oldContract.entry))
        }
        // Every other enum by name first, so a renamed enum never takes another's counterpart; then by its wire.
        let rest = oldEnums.filter { $0.name != notificationAtRef }
        var byName: [String: SharedEnum] = [:]
        for old in rest {
            if let index = unclaimed.firstIndex(where: { $0.name == old.name }) { byName[old.name] = unclaimed.remove(at: index) }
        }
        for old in rest {
            let oldEntry = atRef.notificationContract(of: old)?.entry ?? "enums.\(old.name)"
            if let same = byName[old.name] {
                pairs.append(EnumPair(old: old, new: same, oldEntry: oldEntry))
            } else if let index = unclaimed.firstIndex(where: { Self.sameSurface(old, $0) }) {
                pairs.append(EnumPair(old: old, new: unclaimed.remove(at: index), oldEntry: oldEntry))
            } else {
                pairs.append(EnumPair(old: old, new: nil, oldEntry: oldEntry))
            }
        }
        return pairs
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
    /// registry has (`values`, `retired`, ...), else the enum's entry (the notification enum's key, or any other
    /// enum's place), else `enums:`, else the file's start.
    func nearestKey(in pair: EnumPair, _ keys: String...) -> SourceLocation {
        guard let new = pair.new else { return nearestKey("enums") }
        for key in keys {
            if let location = working.keyLocations["\(pair.entry).\(key)"] { return location }
        }
        return pair.notification != nil ? nearestKey(pair.entry) : new.location
    }
}

extension SQLColumn {
    /// `schema.table.column`, lowercased: how two registries' columns are matched.
    var qualifiedName: String { "\(schema).\(table).\(column)".lowercased() }
}
