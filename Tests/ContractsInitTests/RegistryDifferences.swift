import ContractsCore

/// The differences between two loaded registries, one line each, in the parts a registry describes (values,
/// attributes, deep links, push keys, payloads, emitters, migration folders, sources): what `init` must write
/// back. Locations, comments, key order and outputs are not compared. Lines read `what: written ≠ hand-written`.
enum RegistryDifferences {
    static func list(_ written: Registry, _ expected: Registry) -> [String] {
        var out: [String] = []
        func note<T: Equatable>(_ what: String, _ w: T, _ e: T) { if w != e { out.append("\(what): \(w) ≠ \(e)") } }
        // The notification contract: which enum, and its payload key (absent: the app has none).
        note("notifications", written.notificationTypes.map { "\($0.sharedEnum.name) payload_key=\($0.payloadKey)" } ?? "-",
             expected.notificationTypes.map { "\($0.sharedEnum.name) payload_key=\($0.payloadKey)" } ?? "-")
        note("enums", written.allEnums.map(\.name), expected.allEnums.map(\.name))
        for w in written.allEnums {
            guard let e = expected.allEnums.first(where: { $0.name == w.name }) else { continue }
            // The notification enum's lines are named as before (`values`, `sent.scope`), the others' by their name.
            let isNotification = written.notificationTypes?.sharedEnum.name == w.name
            let p = isNotification ? "" : w.name + "."
            note("\(p)swift_enum", w.swiftEnum ?? "-", e.swiftEnum ?? "-")
            note("\(p)typescript_const", w.typescriptConst ?? "-", e.typescriptConst ?? "-")
            note("\(p)typescript_type", w.typescriptType, e.typescriptType)
            note("\(p)sql", describe(w.sql), describe(e.sql))
            note("\(p)fallback", w.fallback ?? "-", e.fallback ?? "-")
            note("\(p)attributes", w.attributes.map { "\($0.key)=\($0.swiftProperty):\($0.type)" },
                 e.attributes.map { "\($0.key)=\($0.swiftProperty):\($0.type)" })
            note("\(p)values", w.rawValues, e.rawValues)
            note("\(p)retired", w.retired.map(\.raw), e.retired.map(\.raw))
            for value in w.values {
                guard let hand = e.values.first(where: { $0.raw == value.raw }) else { continue }
                let v = "\(p)\(value.raw)"
                note("\(v).case", value.swiftCase, hand.swiftCase)
                note("\(v).icon", value.icon ?? "-", hand.icon ?? "-")
                note("\(v).can_be_disabled", value.canBeDisabled, hand.canBeDisabled)
                note("\(v).preference_key", value.preferenceKey ?? "-", hand.preferenceKey ?? "-")
                note("\(v).badge", value.badge ?? "-", hand.badge ?? "-")
                note("\(v).deep_link", value.deepLinks, hand.deepLinks)
                note("\(v).scope", value.scope.rawValue, hand.scope.rawValue)
                note("\(v).attributes", attributes(value), attributes(hand))
            }
        }
        note("badges", written.badges.map { "\($0.swiftEnum) \($0.cases)" } ?? "-",
             expected.badges.map { "\($0.swiftEnum) \($0.cases)" } ?? "-")
        note("deep_links", written.deepLinks.map(describe) ?? [], expected.deepLinks.map(describe) ?? [])
        note("push_keys", written.pushKeys.map(describe), expected.pushKeys.map(describe))
        note("payloads", written.payloads.map(\.name), expected.payloads.map(\.name))
        for payload in written.payloads {
            guard let hand = expected.payloads.first(where: { $0.name == payload.name }) else { continue }
            note("\(payload.name)", "type_name=\(payload.typeName) rpc=\(payload.rpc ?? "-")", "type_name=\(hand.typeName) rpc=\(hand.rpc ?? "-")")
            note("\(payload.name).keys", payload.keys, hand.keys)
            for field in payload.fields {
                guard let other = hand.fields.first(where: { $0.key == field.key }) else { continue }
                note("\(payload.name).\(field.key)", describe(field), describe(other))
            }
        }
        note("emitters", describe(written.emitters), describe(expected.emitters))
        note("migrations", written.migrations.map { "\($0.dir) \($0.scheme)" }, expected.migrations.map { "\($0.dir) \($0.scheme)" })
        note("sources", "\(written.sources.swift) \(written.sources.typescript)", "\(expected.sources.swift) \(expected.sources.typescript)")
        return out
    }

    /// The columns (each with its CHECK's name as given) and the ENUM type.
    private static func describe(_ sql: SharedEnumSQL) -> String {
        sql.columns.map { c in
            "\(c.schema).\(c.table).\(c.column) " + (sql.enumType != nil ? "-" : c.constraint ?? "\(c.table)_\(c.column)_check")
        }.joined(separator: ", ")
            + " type=\(sql.enumType?.qualified ?? "-")"
    }

    /// Custom attribute values; a `null` and an absent value mean the same.
    private static func attributes(_ value: SharedEnumValue) -> [String] {
        value.attributeValues.filter { $0.value != .null }.map { "\($0.key)=\($0.value)" }.sorted()
    }

    private static func describe(_ links: DeepLinkSet) -> [String] {
        ["\(links.swiftEnum) url_scheme=\(links.urlScheme ?? "-") link_key=\(links.linkKey)"] + links.cases.map { c in
            c.name + "(" + c.params.map { "\($0.name): \($0.type) \($0.payloadKey)\($0.optional ? "?" : "")" }.joined(separator: ", ") + ")"
        }
    }

    private static func describe(_ key: PushKey) -> String {
        "\(key.key): \(key.type)\(key.optional ? "?" : "") \(key.types)"
    }

    private static func describe(_ f: PayloadField) -> String {
        "\(f.swiftName): \(f.type)\(f.optional ? "?" : "") default=\(f.defaultValue.map { "\($0)" } ?? "-") enum=\(f.allowedValues ?? [])"
    }

    private static func describe(_ emitters: Emitters) -> [String] {
        // SQL emitters are matched without their schema (`public.create_notification` is `create_notification`).
        func rows(_ side: String, _ list: [FunctionEmitter]) -> [String] {
            list.map { "\(side) \(side == "sql" ? String($0.function.split(separator: ".").last ?? "") : $0.function) argument=\($0.argument.map(String.init) ?? "-") label=\($0.label ?? "-")" }
        }
        return rows("sql", emitters.sql) + rows("typescript", emitters.typescript) + rows("swift", emitters.swift)
    }
}
