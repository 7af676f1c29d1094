import ContractsCore
import ContractsSQL
import ContractsSwiftSource
import ContractsTypeScriptSource

/// Walks the project once and picks the contract's pieces: migration folders, the type column, the Swift enum,
/// the TypeScript const, source globs and output folders.
public enum ContractDiscovery {
    /// Bad command-line choices (`--swift-enum` naming no enum), or a file that cannot be read: exit 2.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The project in `tree`, listed and read. A file or folder the walk finds but cannot read (no permission, a path
    /// past the system's limit) is a `Failure` at it, as `generate` says it (`App/Ride.swift:1:1: error: cannot read
    /// file (permission denied)`): bad input, exit 2, never the command's crash.
    public static func discover(in tree: FileTree, options: InitOptions) throws -> InitDraft {
        do {
            return try discover(try ProjectFiles(tree: tree), options: options)
        } catch let error as FileTreeError {
            throw Failure(description: "\(HiddenScalars.visible(error.path)):1:1: error: \(error.reason)")
        }
    }

    public static func discover(_ files: ProjectFiles, options: InitOptions) throws -> InitDraft {
        var draft = InitDraft()
        draft.leftOut = files.leftOut
        draft.migrations = MigrationFolderDiscovery.folders(in: files)
        let folders = draft.migrations.map {
            MigrationFolder(dir: $0.dir, scheme: $0.scheme, location: SourceLocation(file: "", line: 1, column: 1))
        }
        let sets = try ValueSetDiscovery.valueSets(folders: folders, tree: files.tree)
        let (enums, extensions) = try swiftEnums(files)
        let stringEnums = enums.filter { $0.hasStringRawValues && $0.cases.contains { $0.raw != nil } }

        let pushDecoded = try NotificationFlowEvidence.pushDecodedEnums(files, stringEnums)
        var pinnedSwift = options.swiftEnum, pinnedColumn: DiscoveredValueSet?
        if let wanted = options.notificationsEnum {
            if wanted == "none" {
                draft.notificationsNone = true
            } else if enums.contains(where: { $0.name == wanted }) {
                pinnedSwift = pinnedSwift ?? wanted
            } else if let set = sets.first(where: { SharedEnumDiscovery.name(of: $0) == wanted }) {
                pinnedColumn = set
            } else {
                throw Failure(description: "error: --notifications-enum \(wanted) names no Swift enum and no restricted column; "
                    + "the String enums: " + (stringEnums.isEmpty ? "none" : Set(stringEnums.map(\.name)).sorted().joined(separator: ", "))
                    + "; or `--notifications-enum none` for an app with no notification contract")
            }
        }
        if !draft.notificationsNone {
            if let wanted = pinnedSwift {
                guard let found = enums.first(where: { $0.name == wanted }) else {
                    throw Failure(description: "error: no enum named \(wanted) in the Swift sources")
                }
                draft.swiftEnum = found
            }
            let pinned = pinnedSwift != nil || pinnedColumn != nil
            draft.column = try pinnedColumn.map(column) ?? chooseColumn(sets, options: options, enums: draft.swiftEnum.map { [$0] } ?? stringEnums,
                                                                       pushDecoded: pinned ? nil : Set(pushDecoded.keys))
            if draft.swiftEnum == nil { draft.swiftEnum = chooseEnum(stringEnums, for: draft.column, pushDecoded: Set(pushDecoded.keys)) }
            if !pinned, options.table == nil { draft.notificationEvidence = evidence(draft, pushDecoded) }
        }
        if var chosen = draft.swiftEnum {
            chosen.properties += extensions[chosen.name]?.read ?? []
            chosen.unreadProperties += extensions[chosen.name]?.unread ?? []
            draft.swiftEnum = chosen
            draft.badgeEnum = badgeEnum(of: chosen, among: enums)
        }
        let wantedValues = Set(draft.swiftEnum?.cases.compactMap(\.raw) ?? draft.column?.values ?? [])
        // Each TypeScript source lexed once, for every discovery that reads TypeScript.
        let typeScript = try files.typeScriptSources.map { TSSource(path: $0, text: try files.tree.readText($0)) }
        let consts = typeScript.flatMap(TypeScriptConstDiscovery.consts(in:))
        // A const the registry can name (`typescript_const` is a type name: `NOTIFICATIO$$N_TYPES` is none).
        draft.typeScriptConst = consts.filter { Identifiers.isIdentifier($0.name) && Identifiers.typeNameProblem($0.name) == nil }.max { a, b in overlapOrder(wantedValues, a.values, a.location.file, b.values, b.location.file) }
        .flatMap { wantedValues.isDisjoint(with: $0.values) ? nil : $0 }
        let migrationFiles = draft.migrations.flatMap { folder in
            files.paths.filter { $0.hasPrefix(folder.dir + "/") && $0.hasSuffix(".sql") && !$0.dropFirst(folder.dir.count + 1).contains("/") }
        }
        try readPushPayloads(&draft, files, enums, typeScript: typeScript, migrations: migrationFiles, pinned: options.deepLinkEnum)
        // A push type's Swift enum, when one holds two of its values or more (not a status the database holds).
        if let push = draft.pushType {
            let held = Set(sets.flatMap(\.values))
            if var match = stringEnums.filter({ e in
                let raws = Set(e.cases.compactMap(\.raw))
                return raws.intersection(push.values).count >= 2 && raws.intersection(held).count < 2
            }).max(by: { a, b in overlapOrder(Set(push.values), a.cases.compactMap(\.raw), a.location.file, b.cases.compactMap(\.raw), b.location.file) }) {
                match.properties += extensions[match.name]?.read ?? []
                match.unreadProperties += extensions[match.name]?.unread ?? []
                draft.swiftEnum = match
                draft.badgeEnum = badgeEnum(of: match, among: enums)
            }
        }
        var typeKeys = Set([draft.payloadKey] + (draft.column.map { [$0.column] } ?? []))
        try EmitterDiscovery.fill(&draft, files, typeScript: typeScript, migrations: migrationFiles, typeKeys: typeKeys)
        if !draft.notificationsNone, draft.pushType == nil, draft.swiftEnum == nil, draft.column?.values.isEmpty ?? true {
            try readFreeText(&draft, files, typeScript: typeScript, migrations: migrationFiles, enums: enums, typeKeys: &typeKeys)
        }
        draft.payloads = try PayloadDiscovery.payloads(files, migrations: migrationFiles)
        if draft.deepLinks != nil { draft.urlScheme = try URLSchemeDiscovery.scheme(files, deepLinkFile: draft.deepLinks?.location.file) }
        SourceLayout.fill(&draft, files)
        try readSharedEnums(&draft, files, typeScript: typeScript, migrations: migrationFiles, sets: sets, enums: enums, consts: consts,
                            wanted: options.enums)
        draft.leftOutSharedEnums = try LeftOutEnumDiscovery.enums(files, draft, sets: sets, typeScript: typeScript, consts: consts)
        return draft
    }

    /// The other shared enums: every restricted column but the notification types', with what meets its values.
    private static func readSharedEnums(_ draft: inout InitDraft, _ files: ProjectFiles, typeScript: [TSSource], migrations: [String],
                                        sets: [DiscoveredValueSet], enums: [DiscoveredSwiftEnum], consts: [DiscoveredConst],
                                        wanted: [String]) throws {
        let unions = typeScript.flatMap(TypeScriptUnionDiscovery.unions(in:))
        let literals = try ColumnLiteralDiscovery.literals(files, typeScript: typeScript, columns: Set(sets.map(\.column)))
        // A shared enum's TypeScript surface may also be a set or a list of its values (`new Set([...])`, `X[]`): one
        // that holds exactly a column's values. A list of some of them (`OPEN_STATUSES`) is a use, not the surface.
        let columnSets = Set(sets.map { Set($0.values) })
        let lists = typeScript.flatMap(TypeScriptConstDiscovery.valueLists(in:)).filter { columnSets.contains(Set($0.values)) }
        let found = SharedEnumDiscovery.Declarations(swiftEnums: enums, unions: unions, consts: consts + lists, literals: literals)
        // `--enum` is applied once the free-text enums are found too (it may name one of them).
        (draft.sharedEnums, draft.leftOutEnums) = try SharedEnumDiscovery.discover(sets, found, notification: draft, wanted: [])
        // What any stack writes to a column, by its table: never retired, and a free-text column's values.
        let written = try TableLiteralDiscovery.literals(files, typeScript: typeScript, migrations: migrations)
        for i in draft.sharedEnums.indices {
            for c in draft.sharedEnums[i].columns {
                for w in written[c.table + "." + c.column] ?? [] where !draft.sharedEnums[i].written.contains(w.value) {
                    draft.sharedEnums[i].written.append(w.value)
                }
            }
        }
        let allLists = typeScript.flatMap(TypeScriptConstDiscovery.valueLists(in:))
        let free = FreeTextEnumDiscovery.discover(try FreeTextEnumDiscovery.textColumns(files, migrations: migrations), restricted: sets,
                                                  notification: draft, swiftEnums: enums, declarations: consts + allLists, unions: unions,
                                                  literals: written)
        draft.leftOutEnums += free.leftOut
        for e in free.enums {
            let subject = e.freeText.map { "\($0.schema).\($0.table).\($0.column)" } ?? e.name
            if draft.sharedEnums.contains(where: { $0.swiftEnum != nil && $0.swiftEnum == e.swiftEnum }) { continue }
            if let problem = SharedEnumDiscovery.unwritable(e) {
                draft.leftOutEnums.append(LeftOutCandidate(subject: subject, reason: problem + ": register it by hand"))
                continue
            }
            if let taken = SharedEnumDiscovery.nameTaken(e, by: draft.sharedEnums, draft: draft) {
                draft.leftOutEnums.append(LeftOutCandidate(subject: subject, reason: "\(taken): register it by hand under another name"))
                continue
            }
            draft.sharedEnums.append(e)
        }
        if !wanted.isEmpty { (draft.sharedEnums, draft.leftOutEnums) = try SharedEnumDiscovery.limit(draft.sharedEnums, draft.leftOutEnums, to: wanted) }
    }

    /// No enum and no restricted column: the free-text column, its values (what is written to it), the values
    /// data migrations retired, and the enum name the Swift uses without declaring it.
    private static func readFreeText(_ draft: inout InitDraft, _ files: ProjectFiles, typeScript: [TSSource], migrations: [String],
                                     enums: [DiscoveredSwiftEnum], typeKeys: inout Set<String>) throws {
        guard let found = try FreeTextColumnDiscovery.column(files, migrations: migrations, pinned: draft.column) else { return }
        if draft.column == nil {
            draft.column = InitDraft.Column(schema: found.schema, table: found.table, column: found.column, constraint: nil,
                                            enumType: nil, values: [], location: found.location)
            draft.payloadKey = draft.decodedTypeKey ?? found.column
            draft.notificationEvidence.append("rows inserted into \(found.table).\(found.column) (\(RegistryWriter.line(found.location)))")
            typeKeys.insert(found.column)
            try EmitterDiscovery.fill(&draft, files, typeScript: typeScript, migrations: migrations, typeKeys: typeKeys)
        }
        let referenced = try UndeclaredEnumDiscovery.name(files, declared: Set(enums.map(\.name)))
        var values = try WrittenValueProbe.values(files, draft: draft, swiftEnum: referenced?.name ?? "NotificationType")
            .filter { !found.retired.contains($0) }
        // The column's DEFAULT is written to every row that names no type: a value, and the fallback.
        let fallback = found.defaultValue.flatMap { found.retired.contains($0) ? nil : $0 }
        if let fallback, !values.isEmpty, !values.contains(fallback) { values.append(fallback) }
        draft.freeText = InitDraft.FreeText(values: values, retired: found.retired, fallback: fallback,
                                            swiftEnum: referenced?.name, swiftEnumLocation: referenced?.location)
    }

    /// The deep-link enum and the other keys read from push payloads.
    private static func readPushPayloads(_ draft: inout InitDraft, _ files: ProjectFiles, _ enums: [DiscoveredSwiftEnum],
                                         typeScript: [TSSource], migrations: [String], pinned: String?) throws {
        var flow = DiscoveredPushFlow()
        var arms: [DiscoveredSwitchArm] = [], localKeys: [String] = []
        for path in files.swiftSources {
            let text = try files.tree.readText(path)
            let read = DeepLinkDiscovery.read(path: path, text: text, typeName: draft.swiftEnum?.name)
            flow.constructions += read.constructions
            flow.pushKeys += read.pushKeys
            flow.typeKeys += read.typeKeys
            flow.builders += read.builders
            let handling = PushArmDiscovery.read(path: path, text: text)
            arms += handling.arms
            localKeys += handling.localKeys
        }
        let keys = flow.pushKeys
        draft.deepLinks = try DeepLinkChoice.choose(enums, flow: flow, pinned: pinned)
        // A case the registry cannot name (an empty name read from a half-written file) is not written.
        draft.deepLinks?.cases.removeAll { c in !Identifiers.isIdentifier(c.name) || c.params.contains { !Identifiers.isIdentifier($0.name) } }
        if draft.deepLinks?.cases.isEmpty ?? false { draft.deepLinks = nil }
        draft.decodedTypeKey = flow.typeKeys.first
        draft.payloadKey = flow.typeKeys.first ?? draft.column?.column ?? "type"
        // A routed key whose values name the deep-link cases selects the screen: the deep links' link key. Else, when
        // no column and no Swift enum is the notification enum, the key the push handling routes on is, if one.
        var routed = try PushTypeDiscovery.find(files, typeScript: typeScript, migrations: migrations)
        if let i = routed.firstIndex(where: { PushTypeDiscovery.selectsScreen($0, draft.deepLinks) }) {
            draft.linkKey = (routed[i].key, routed[i].routedAt)
            routed.remove(at: i)
        }
        if !draft.notificationsNone, draft.swiftEnum == nil, draft.column == nil, let push = routed.first {
            draft.pushType = push
            draft.payloadKey = push.key
            draft.notificationEvidence = ["userInfo[\"\(push.key)\"] routed at \(RegistryWriter.line(push.routedAt))"]
                + (push.writtenAt.isEmpty ? [] : ["written by the push builders at " + push.writtenAt.map(RegistryWriter.line).joined(separator: ", ")])
        }
        var known = EmitterDiscovery.serviceKeys.union(["deep_link", draft.payloadKey] + (draft.linkKey.map { [$0.key] } ?? []))
        for c in draft.deepLinks?.cases ?? [] {
            for p in c.params { known.insert(p.payloadKey ?? DeepLinkChoice.guessedKey(case: c.name, param: p.name)) }
        }
        draft.valueDeepLinks = PushHandlingChoice.valueDeepLinks(arms, swiftEnum: draft.swiftEnum,
                                                                 pushTypes: draft.pushType?.values ?? [], deepLinks: draft.deepLinks)
        draft.pushKeys = PushHandlingChoice.pushKeys(reads: keys, arms: arms, swiftEnum: draft.swiftEnum,
                                                     pushTypes: draft.pushType?.values ?? [], excluding: known.union(localKeys))
    }

    /// Every enum of the hand-written Swift, and the `switch self` properties extensions add, by type name.
    private static func swiftEnums(_ files: ProjectFiles) throws -> ([DiscoveredSwiftEnum], [String: DiscoveredProperties]) {
        var enums: [DiscoveredSwiftEnum] = [], extensions: [String: DiscoveredProperties] = [:]
        for path in files.swiftSources {
            let read = SwiftEnumDiscovery.read(path: path, text: try files.tree.readText(path))
            enums += read.enums
            for (name, props) in read.extensions.sorted(by: { $0.key < $1.key }) { extensions[name] = (extensions[name] ?? DiscoveredProperties()) + props }
        }
        return (enums, extensions)
    }

    /// `--table/--column`, else the value set sharing the most values with a Swift enum, else one on a
    /// `*notification*` table.
    /// `pushDecoded`: the enums the app builds from push payloads; nil when the enum was pinned (any column meeting
    /// it will do). Unpinned, a column is the notification contract only when the flow names it: on a notifications
    /// table, or meeting an enum named for notifications or built from `userInfo`. A status column never is.
    private static func chooseColumn(_ sets: [DiscoveredValueSet], options: InitOptions,
                                     enums: [DiscoveredSwiftEnum], pushDecoded: Set<String>?) throws -> InitDraft.Column? {
        if let table = options.table, let column = options.column {
            let parts = table.lowercased().split(separator: ".").map(String.init)
            let schema = parts.count > 1 ? parts[0] : "public", name = parts.last ?? table
            if let set = sets.first(where: { $0.schema == schema && $0.table == name && $0.column == column.lowercased() }) {
                return Self.column(set)
            }
            return InitDraft.Column(schema: schema, table: name, column: column.lowercased(), constraint: nil,
                                    enumType: nil, values: [], location: nil)
        }
        if options.table != nil || options.column != nil {
            throw Failure(description: "error: --table and --column go together")
        }
        // An app shares other enums too (an invite status, a chat-room status): a value set is a candidate only on a
        // notifications table or meeting an enum the flow names; the pinned enum, any set meeting it.
        let enumValues: [(values: Set<String>, inFlow: Bool)] = enums.map { e in
            let inFlow = pushDecoded.map { $0.contains(e.name) || NotificationFlowEvidence.isNotificationNamed(e.name) } ?? true
            return (Set(e.cases.compactMap(\.raw)), inFlow)
        }
        let scored: [(set: DiscoveredValueSet, count: Int, inFlow: Bool)] = sets.map { set in
            let shared = enumValues.map { (count: $0.values.intersection(set.values).count, inFlow: $0.inFlow) }
            let count = shared.map(\.count).max() ?? 0
            let inFlow = NotificationFlowEvidence.isNotificationTable(set.table) || shared.contains { $0.count >= 2 && $0.inFlow }
            return (set, count, inFlow)
        }
        let candidates = scored.filter { $0.count >= 2 && $0.inFlow }
        if let best = candidates.max(by: { a, b in
            if a.count != b.count { return a.count < b.count }
            return (a.set.table, a.set.column) > (b.set.table, b.set.column)
        }) {
            return column(best.set)
        }
        return sets.first { $0.table.contains("notification") }.map(column)
    }

    private static func column(_ set: DiscoveredValueSet) -> InitDraft.Column {
        InitDraft.Column(schema: set.schema, table: set.table, column: set.column,
                         constraint: set.constraint,
                         enumType: set.enumType, values: set.values, location: set.location)
    }

    /// The string enum sharing the most raw values with the column; without a column, the one named like
    /// `NotificationType`/`NotificationKind` with the most cases.
    private static func chooseEnum(_ enums: [DiscoveredSwiftEnum], for column: InitDraft.Column?,
                                   pushDecoded: Set<String>) -> DiscoveredSwiftEnum? {
        if let values = column?.values, !values.isEmpty {
            let wanted = Set(values)
            return enums.max { a, b in
                overlapOrder(wanted, a.cases.compactMap(\.raw), a.location.file, b.cases.compactMap(\.raw), b.location.file)
            }.flatMap { wanted.isDisjoint(with: $0.cases.compactMap(\.raw)) ? nil : $0 }
        }
        // The enum the app builds from push payloads first, then one named for notifications.
        return enums.filter { pushDecoded.contains($0.name) || NotificationFlowEvidence.isNotificationNamed($0.name) }
            .max { a, b in
                let (fa, fb) = (pushDecoded.contains(a.name), pushDecoded.contains(b.name))
                if fa != fb { return !fa }
                return a.cases.count != b.cases.count ? a.cases.count < b.cases.count : a.location.file > b.location.file
            }
    }

    /// What names the chosen contract, each with `file:line`, for the summary.
    private static func evidence(_ draft: InitDraft, _ pushDecoded: [String: SourceLocation]) -> [String] {
        var out: [String] = []
        if let e = draft.swiftEnum, let at = pushDecoded[e.name] {
            out.append("\(e.name) built from a push payload (\(RegistryWriter.line(at)))")
        }
        if let c = draft.column, NotificationFlowEvidence.isNotificationTable(c.table) {
            out.append("the column \(c.table).\(c.column) (\(RegistryWriter.line(c.location)))")
        }
        if let e = draft.swiftEnum, NotificationFlowEvidence.isNotificationNamed(e.name), pushDecoded[e.name] == nil {
            out.append("the enum's name \(e.name) (\(RegistryWriter.line(e.location)))")
        }
        return out
    }

    /// Orders candidates by shared values, then fewer extra values, then path (deterministic).
    static func overlapOrder(_ wanted: Set<String>, _ a: [String], _ aPath: String, _ b: [String], _ bPath: String) -> Bool {
        let sa = wanted.intersection(a).count, sb = wanted.intersection(b).count
        if sa != sb { return sa < sb }
        if a.count != b.count { return a.count > b.count }
        return aPath > bPath
    }

    /// The enum named by the badge property's type (`BadgeTab?`).
    private static func badgeEnum(of chosen: DiscoveredSwiftEnum, among enums: [DiscoveredSwiftEnum]) -> DiscoveredSwiftEnum? {
        guard let property = chosen.properties.first(where: { AttributeMapping.builtIn[$0.name] == "badge" }) else { return nil }
        let typeName = property.type.replacingOccurrences(of: "?", with: "").split(separator: ".").last.map(String.init) ?? ""
        return enums.first { $0.name == typeName }
    }
}
