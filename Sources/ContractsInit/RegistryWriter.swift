import ContractsCore
import ContractsSwiftSource

/// Writes a draft as registry.yaml text: the Swift enum is the source of the values; where the database or the
/// TypeScript const disagrees, a comment with `file:line` says so next to the value, for the user to review.
public enum RegistryWriter {
    public static let header = """
        # yaml-language-server: $schema=registry.schema.json
        # Written by `naars-contracts init` from the app as it is. Review every comment, then run
        # `naars-contracts check`: each disagreement noted below is reported as drift until it is resolved.
        version: 1

        """

    /// Under an entry whose Swift type the app declares: `generate` would declare it a second time
    /// (`generated-redeclared`), so the app's stays and `check` compares it with the registry.
    static let keptByHand = "  generate: false                    # the app declares it: kept, no Swift generated\n"

    public static func text(_ draft: InitDraft) -> String {
        guard draft.hasContract else { return StarterRegistry.text(draft) }
        var out = header
        if draft.hasNotificationContract || !draft.sharedEnums.isEmpty { out += "\n" + SharedEnumWriter.header }
        if draft.hasNotificationContract { out += notificationEnum(draft) }
        out += SharedEnumWriter.entries(draft.sharedEnums)
        if draft.hasNotificationContract {
            out += "\nnotifications:                      # the enum pushes and notification rows carry: "
                + "\(draft.notificationEvidence.isEmpty ? "review" : "a guess, review (init --notifications-enum NAME)")\n"
            out += "  enum: \(notificationEnumName(draft))\n"
            out += "  payload_key: \(YAMLText.scalar(draft.payloadKey))\n"
        }
        if let badges = draft.badgeEnum, draft.hasNotificationContract {
            out += "\nbadges:\n  swift_enum: \(badges.name)              # \(line(badges.location))\n" + keptByHand
            out += "  cases: \(YAMLText.flow(badges.cases.map(\.name)))\n"
        }
        out += deepLinks(draft)
        out += payloads(draft)
        if draft.hasNotificationContract { out += emitters(draft) }
        out += layout(draft)
        return out
    }

    /// The notification enum's key under `enums:`: its Swift enum's name, else the one the Swift uses undeclared,
    /// else `NotificationType`.
    static func notificationEnumName(_ draft: InitDraft) -> String {
        if let name = draft.swiftEnum?.name ?? draft.freeText?.swiftEnum { return name }
        // A push type with no column and no Swift enum: named for its key (`type` → PushType).
        if let key = draft.pushType?.key, draft.column == nil, Identifiers.isIdentifier("Push" + Identifiers.pascalCase(key)) {
            return "Push" + Identifiers.pascalCase(key)
        }
        return "NotificationType"
    }

    /// The notification enum is a push type only the push data carries: no column, no Swift enum.
    static func isPayloadOnly(_ draft: InitDraft) -> Bool {
        draft.pushType != nil && draft.swiftEnum == nil && draft.column == nil && draft.freeText == nil
    }

    /// `deep_links:` and `push_keys:`.
    private static func deepLinks(_ draft: InitDraft) -> String {
        var out = ""
        if let links = draft.deepLinks {
            out += "\ndeep_links:\n  swift_enum: \(links.name)              # \(line(links.location))\n" + keptByHand
            if let scheme = draft.urlScheme { out += "  url_scheme: \(YAMLText.scalar(scheme))\n" }
            if let link = draft.linkKey, Identifiers.isIdentifier(link.key) {
                out += "  link_key: \(YAMLText.scalar(link.key))                 # selects the screen: routed at \(line(link.at))\n"
            }
            out += "  cases:\n"
            var names = Set<String>()
            // A case declared twice (a half-edited enum) is written once: the registry names each case once.
            for c in links.cases where names.insert(c.name).inserted {
                out += "    - name: \(c.name)\n"
                guard !c.params.isEmpty else { continue }
                out += "      params:\n"
                for p in c.params {
                    let key = p.payloadKey ?? DeepLinkChoice.guessedKey(case: c.name, param: p.name)
                    var notes: [String] = []
                    if p.payloadKey == nil { notes.append("no push-payload read of it found: the key is a guess, review") }
                    if let t = p.unmappedType { notes.append("Swift type \(t) has no registry type: review") }
                    if p.unlabelled { notes.append("unlabelled in Swift: label it `\(p.name):` there, or check reports the case") }
                    out += "        - { name: \(p.name), type: \(p.type), payload_key: \(YAMLText.scalar(key))"
                        + (p.optional ? ", optional: true" : "") + " }"
                        + (notes.isEmpty ? "" : "   # " + notes.joined(separator: "; ")) + "\n"
                }
            }
        }
        // A push key the registry can hold: a JSON key (`na\u{85}me` read from a hostile file is not one), once; its
        // `types:` the registered values only (the key stays optional when none of its types is registered).
        var keys = Set<String>()
        let pushKeys = draft.pushKeys.filter { Identifiers.isIdentifier($0.key) && keys.insert($0.key).inserted }
        if !pushKeys.isEmpty {
            let registered = Set(writtenValues(draft))
            out += "\npush_keys:                          # other keys pushes carry (read from userInfo, or sent to an emitter): review types\n"
            for key in pushKeys {
                let types = key.types.filter(registered.contains)
                let optional = key.optional || (types.isEmpty && !key.types.isEmpty)
                out += "  - { key: \(YAMLText.scalar(key.key)), type: \(key.type)" + (optional ? ", optional: true" : "")
                    + (types.isEmpty ? "" : ", types: \(YAMLText.flow(types))") + " }"
                    + (types.isEmpty ? "" : "   # read only where the app handles these types") + "\n"
            }
        }
        return out
    }

    /// `payloads:`: RPC results and the structs the app decodes them into.
    private static func payloads(_ draft: InitDraft) -> String {
        guard !draft.payloads.isEmpty else { return "" }
        var out = "\npayloads:                           # what RPCs return (jsonb_build_object) and the app decodes: review defaults\n"
        for p in draft.payloads {
            out += "  \(p.name):                        # \(line(p.location))\n"
            if p.typeName != p.name || (p.rpc != nil && p.returnsTable) { out += "    type_name: \(p.typeName)\n" }
            // The app declares the struct: `generate` would declare it a second time.
            out += "    generate: false                  # the app declares it (\(line(p.location)))\n"
            if let rpc = p.rpc, p.returnsTable {
                out += "    # the rows of \(rpc) (RETURNS TABLE): no `rpc:`, whose rules read jsonb_build_object replies\n"
            } else if let rpc = p.rpc {
                out += "    rpc: \(YAMLText.scalar(rpc))\n"
            }
            out += "    fields:\n"
            for f in p.fields {
                let type = YAMLText.scalar(f.type)
                var attributes = ["type: \(type)"]
                if f.optional { attributes.append("optional: true") }
                if !f.allowedValues.isEmpty { attributes.append("enum: \(YAMLText.flow(f.allowedValues))") }
                out += "      \(YAMLText.scalar(f.key)): " + (attributes.count == 1 ? type : "{ " + attributes.joined(separator: ", ") + " }")
                    + (f.unmappedType.map { "   # Swift type \($0) has no registry type: review" } ?? "") + "\n"
            }
        }
        return out
    }

    /// `emitters:`, each with where it is defined.
    private static func emitters(_ draft: InitDraft) -> String {
        let sides = [("sql", draft.emitters.sql), ("typescript", draft.emitters.typescript), ("swift", draft.emitters.swift)]
        guard sides.contains(where: { !$0.1.isEmpty }) else { return "" }
        var out = "\nemitters:                           # functions whose arguments are notification types: review\n"
        for (side, list) in sides where !list.isEmpty {
            out += "  \(side):\n"
            for e in list {
                // No argument: a push sender, whose object argument is the push.
                let argument = e.label.map(YAMLText.scalar) ?? e.argument.map(String.init)
                out += "    - { function: \(YAMLText.scalar(e.function))" + (argument.map { ", argument: \($0)" } ?? "") + " }   # \(line(e.location))\n"
            }
        }
        return out
    }

    static func line(_ location: SourceLocation?) -> String {
        location.map { "\($0.file):\($0.line)" } ?? "?"
    }

    /// The values `notification_types.values` lists, in order.
    static func writtenValues(_ draft: InitDraft) -> [String] {
        ValueAdmission(candidateValues(draft), swiftEnum: draft.swiftEnum, enumType: draft.column?.enumType != nil).values.map(\.raw)
    }

    /// The values found: the Swift enum's, else the free-text column's or the constrained column's.
    private static func candidateValues(_ draft: InitDraft) -> [String] {
        let enumValues = draft.swiftEnum?.cases.compactMap(\.raw) ?? []
        // A push type's values the builders write and its Swift enum lacks are registered too: they are written.
        if !enumValues.isEmpty { return enumValues + (draft.pushType?.values.filter { !enumValues.contains($0) } ?? []) }
        if let free = draft.freeText?.values { return free }
        if let column = draft.column?.values, !column.isEmpty { return column }
        return draft.pushType?.values ?? []
    }

    /// The notification enum's entry under `enums:` (the contract itself is `notifications:`).
    private static func notificationEnum(_ draft: InitDraft) -> String {
        var out = "  \(notificationEnumName(draft)):\n"
        let enumValues = draft.swiftEnum?.cases.compactMap(\.raw) ?? []
        let values = candidateValues(draft)
        if let e = draft.swiftEnum {
            out += "    swift_enum: \(e.name)                    # \(line(e.location))\n  " + keptByHand
        } else if let name = draft.freeText?.swiftEnum {
            out += "    swift_enum: \(name)                    # used at \(line(draft.freeText?.swiftEnumLocation)), declared nowhere: generated\n"
        } else if let push = draft.pushType, isPayloadOnly(draft) {
            out += "    # the push data alone carries it: `\(push.key)` routed at \(line(push.routedAt))"
                + (push.writtenAt.isEmpty ? "" : ", written by \(push.writtenAt.map(line).joined(separator: ", "))") + "; no Swift enum declares it\n"
        } else {
            out += "    swift_enum: NotificationType             # no Swift enum of these values found\n"
        }
        if let c = draft.typeScriptConst {
            out += "    typescript_const: \(c.name)              # \(line(c.location))\n"
        } else if !isPayloadOnly(draft) {
            out += "    typescript_const: \(constName(notificationEnumName(draft)))   # no `as const` object of these values found: the name `generate` will use\n"
        }
        let column = draft.column
        let admitted = ValueAdmission(values, swiftEnum: draft.swiftEnum, enumType: column?.enumType != nil)
        let kept = Set(admitted.values.map(\.raw))
        out += sqlTarget(column)
        if let fallback = fallback(draft), kept.contains(fallback) { out += "    fallback: \(YAMLText.scalar(fallback))\n" }
        var retiredSeen = Set<String>()
        let retired = (draft.freeText?.retired ?? []).filter {
            Identifiers.isWireValue($0) && !kept.contains($0) && retiredSeen.insert($0).inserted
        }
        if !retired.isEmpty {
            out += "    retired: \(YAMLText.flow(retired))            # rewritten to other values by data migrations: old rows may hold them\n"
        }
        if let free = draft.freeText, draft.swiftEnum == nil {
            out += "    # free text: the values below are the literals the SQL, TypeScript and Swift write to or compare with\n"
            out += "    # \(free.values.count == 1 ? "it" : "the column"), in the order `check` finds them. Review each: a typo here is registered.\n"
        }
        let properties = draft.swiftEnum?.properties ?? []
        let custom = properties.filter(AttributeMapping.isCustomAttribute)
        if !custom.isEmpty {
            out += "    attributes:\n"
            for p in custom { out += "      \(AttributeMapping.key(of: p)): \(p.name)      # \(line(p.location))\n" }
        }
        for p in draft.swiftEnum.map(AttributeMapping.leftOut) ?? [] {
            out += "    # not registered: \(p.name) at \(line(p.location)): \(p.reason)\n"
        }
        out += "    values:\n"
        let columnValues = Set(column?.values ?? [])
        let constValues = Set(draft.typeScriptConst?.values ?? [])
        let badgeCases = Set(draft.badgeEnum?.cases.map(\.name) ?? [])
        let linkCases = Set(draft.deepLinks?.cases.map(\.name) ?? [])
        for value in admitted.values {
            let raw = value.raw, swiftCase = value.swiftCase
            var notes: [String] = []
            if let column, !column.values.isEmpty, !columnValues.contains(raw) {
                notes.append("not in \(sqlName(column)) (\(line(column.location)))")
            }
            if let c = draft.typeScriptConst, !constValues.contains(raw) { notes.append("not in \(c.name) (\(line(c.location)))") }
            if let swift = draft.swiftEnum, swiftCase == nil { notes.append("written by the push builders; not a case of \(swift.name) (\(line(swift.location)))") }
            if let swiftCase, !notes.isEmpty { notes.insert("case at \(line(swiftCase.location))", at: 0) }
            if swiftCase == nil, value.caseName != nil { notes.append("no Swift case name derives from it: review the case") }
            out += "      - raw: \(YAMLText.scalar(raw))" + (notes.isEmpty ? "" : "      # " + notes.joined(separator: "; ")) + "\n"
            if let name = value.caseName { out += "        case: \(name)\n" }
            if let name = swiftCase?.name {
                out += attributeLines(case: name, properties: properties, custom: custom, badgeCases: badgeCases)
            }
            if let links = draft.valueDeepLinks[raw]?.filter(linkCases.contains), !links.isEmpty {
                out += "        deep_link: " + (links.count == 1 ? YAMLText.scalar(links[0]) : YAMLText.flow(links)) + "\n"
            }
        }
        for note in admitted.leftOut { out += "      # \(note)\n" }
        if let swift = draft.swiftEnum {
            let enumValues = Set(enumValues)
            for raw in column?.values ?? [] where !enumValues.contains(raw) && Identifiers.isWireValue(raw) {
                out += "      # \(raw): in \(sqlName(column!)) (\(line(column?.location))) but not a case of \(swift.name)\n"
            }
            for raw in draft.typeScriptConst?.values ?? [] where !enumValues.contains(raw) && !columnValues.contains(raw)
                && Identifiers.isWireValue(raw) {
                out += "      # \(raw): in \(draft.typeScriptConst!.name) (\(line(draft.typeScriptConst?.location))) but not a case of \(swift.name)\n"
            }
        }
        return out
    }

    /// The const name for an enum with none in TypeScript: SCREAMING_SNAKE_CASE, plural (`RemoteMatchStatus` →
    /// `REMOTE_MATCH_STATUSES`, `NotificationType` → `NOTIFICATION_TYPES`).
    static func constName(_ swiftEnum: String) -> String {
        let snake = Identifiers.snakeCase(swiftEnum).uppercased()
        if snake.hasSuffix("S") || snake.hasSuffix("X") || snake.hasSuffix("SH") || snake.hasSuffix("CH") { return snake + "ES" }
        if snake.hasSuffix("Y"), let before = snake.dropLast().last, !"AEIOU".contains(before) { return snake.dropLast() + "IES" }
        return snake + "S"
    }

    private static func sqlName(_ column: InitDraft.Column) -> String {
        if let type = column.enumType { return "ENUM type \(type)" }
        return "the CHECK constraint on \(column.table).\(column.column)"
    }

    /// `sql:` of the notification enum: its column with the CHECK's name, or its ENUM type with the column; nothing
    /// when no column was found (an enum pushes alone carry) or its name is not one the registry holds.
    private static func sqlTarget(_ column: InitDraft.Column?) -> String {
        guard let column else { return "    # sql: no column of these values found (the push data alone carries them): review\n" }
        // Names the registry holds are plain lowercase SQL names; a quoted one (`"Notifications"`, or a name a
        // hostile migration spells with any bytes) is not, and is left for the user to write.
        let enumTypeName = column.enumType.map { $0.split(separator: ".", omittingEmptySubsequences: false).map(String.init) } ?? []
        guard ([column.schema, column.table, column.column] + enumTypeName).allSatisfy(isSQLName), enumTypeName.count <= 2 else {
            return "    # sql: the type column's name is not a plain SQL name: write it\n"
        }
        let note = column.values.isEmpty ? "   # free text: no CHECK constraint or ENUM type found" : "   # \(line(column.location))"
        if let type = column.enumType {
            let name = type.hasPrefix("public.") ? String(type.dropFirst(7)) : type
            return "    sql: { enum_type: \(name), columns: [{ table: \(column.schema).\(column.table), column: \(column.column) }] }" + note + "\n"
        }
        var parts = ["table: \(column.schema).\(column.table)", "column: \(column.column)"]
        if let constraint = column.constraint, isSQLName(constraint) { parts.append("constraint: \(constraint)") }
        return "    sql: { " + parts.joined(separator: ", ") + " }" + note + "\n"
    }

    /// `^[a-z_][a-z0-9_]*$`, at most 63 bytes: a SQL name the registry holds.
    static func isSQLName(_ name: String) -> Bool {
        guard let first = name.utf8.first, (first >= 97 && first <= 122) || first == 95, name.utf8.count <= 63 else { return false }
        return name.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 95 }
    }

    /// A case named other/unknown/general, else the one decoding falls back to.
    private static func fallback(_ draft: InitDraft) -> String? {
        guard let e = draft.swiftEnum else { return draft.freeText?.fallback }
        let named = e.cases.first { ["other", "unknown", "general"].contains($0.name) && $0.raw != nil }
        let decoded = e.decodingFallback.flatMap { name in e.cases.first { $0.name == name && $0.raw != nil } }
        return (named ?? decoded)?.raw
    }

    private static func attributeLines(case name: String, properties: [DiscoveredSwiftProperty],
                                       custom: [DiscoveredSwiftProperty], badgeCases: Set<String>) -> String {
        var out = ""
        for property in properties {
            let result = property.results[name] ?? property.results[""]
            if let key = AttributeMapping.builtIn[property.name] {
                switch (key, result) {
                case ("icon", .string(let s)?): out += "        icon: \(YAMLText.scalar(s))\n"
                case ("can_be_disabled", .bool(false)?): out += "        can_be_disabled: false\n"
                case ("preference_key", .string(let s)?): out += "        preference_key: \(YAMLText.scalar(s))\n"
                // A badge must be one of `badges.cases`: none is written without the badge enum's case.
                case ("badge", .member(let m)?) where badgeCases.contains(m): out += "        badge: \(YAMLText.scalar(m))\n"
                default: break
                }
            } else if custom.contains(property), case .string(let s)? = result {
                out += "        \(AttributeMapping.key(of: property)): \(YAMLText.scalar(s))\n"
            }
        }
        return out
    }

    /// migrations, sources and outputs.
    static func layout(_ draft: InitDraft) -> String {
        var out = "\nmigrations:                         # replay order: folders in this order, files by number or timestamp\n"
        if draft.migrations.isEmpty { out = "\nmigrations: []                      # no folder of numbered .sql files found\n" }
        for folder in draft.migrations {
            switch folder.scheme {
            case .sequential(let width):
                out += "  - { dir: \(folder.dir), scheme: sequential\(width == 3 ? "" : ", width: \(width)") }   # \(folder.files) files\n"
            case .timestamp:
                out += "  - { dir: \(folder.dir), scheme: timestamp }   # \(folder.files) files\n"
            }
        }
        out += "\nsources:                            # hand-written code checked for drift\n"
        out += "  swift: \(YAMLText.flow(draft.swiftGlobs))\n"
        out += "  typescript: \(YAMLText.flow(draft.typeScriptGlobs))\n"
        if !draft.sourceExcludes.isEmpty { out += "  exclude: \(YAMLText.flow(draft.sourceExcludes))   # \(draft.sourceExcludesNote)\n" }
        out += "\noutputs:                            # where `generate` writes\n"
        out += "  swift: \(draft.swiftOutput)\n"
        out += "  typescript: \(draft.typeScriptOutput)\n"
        if let sql = draft.sqlOutput {
            // A free-text column gets a first CHECK constraint only when `outputs.sql` is set: the team's call.
            out += draft.freeText == nil ? "  sql: \(sql)                # the folder the Supabase CLI applies\n"
                : "  # sql: \(sql)              # set it for `generate` to write a first CHECK constraint on the free-text column\n"
        }
        return out
    }
}
