/// Stage 3: checks across sections — duplicates, and references that must resolve (a type's badge and deep
/// links, the fallback, payload field types, the SQL output folder, distinct generated type names), generated file
/// names apart ignoring case (`validateGeneratedFileNames`), and one enum per column, constraint and ENUM type
/// (`validateSQLClaims`).
struct ReferenceValidator {
    let diagnostics: RegistryDiagnostics

    func validate(_ registry: Registry) {
        if let types = registry.notificationTypes { validate(types, in: registry) }
        duplicates(registry.pushKeys.map { ($0.key, $0.location) }, "push key")
        for key in registry.pushKeys where !key.types.isEmpty {
            guard let types = registry.notificationTypes else {
                diagnostics.error("push key '\(key.key)' names types, but the registry has no notification enum (`notifications:`)",
                                  at: key.location)
                continue
            }
            for raw in key.types where types.value(raw: raw) == nil {
                diagnostics.error("push key '\(key.key)' names type '\(raw)', which is not a registered raw value"
                    + hint(raw, types.rawValues), at: key.location)
            }
        }
        for emitter in registry.emitters.swift where emitter.label == nil && emitter.argument == nil {
            diagnostics.error("Swift emitter '\(emitter.function)' needs `argument`: the label of the type argument (or its 1-based position)",
                              at: emitter.location)
        }
        if let badges = registry.badges { duplicates(badges.cases.map { ($0, badges.location) }, "badge case") }
        if let links = registry.deepLinks { validate(links) }
        validatePayloads(registry.payloads)
        duplicates(registry.migrations.map { ($0.dir, $0.location) }, "migration folder")
        if let sql = registry.outputs.sql,
           !registry.migrations.contains(where: { ProjectPath.normalized($0.dir) == ProjectPath.normalized(sql) }) {
            diagnostics.error("outputs.sql '\(sql)' is not one of the migrations folders", at: registry.location)
        }
        var typeNames = registry.notificationTypes.flatMap { types in types.swiftEnum.map { [($0, types.location)] } } ?? []
        if let badges = registry.badges { typeNames.append((badges.swiftEnum, badges.location)) }
        if let links = registry.deepLinks { typeNames.append((links.swiftEnum, links.location)) }
        typeNames += registry.payloads.map { ($0.typeName, $0.location) }
        typeNames += registry.enums.compactMap { e in e.swiftEnum.map { ($0, e.location) } }
        duplicates(typeNames, "generated type name")
        validate(registry.enums, notificationTypes: registry.notificationTypes)
        validateGeneratedFileNames(registry)
        validateSQLClaims(registry)
    }

    /// The notification enum's values, fallback, retired values and attribute properties, and what its values name
    /// (badges, deep links).
    private func validate(_ types: NotificationTypeSet, in registry: Registry) {
        duplicates(types.values.map { ($0.raw, $0.location) }, "raw value")
        duplicates(types.values.map { ($0.swiftCase, $0.location) }, "Swift case name")
        duplicates(types.values.map { ($0.typescriptKey, $0.location) }, "TypeScript const key")
        if types.sql?.enumType != nil {
            // PostgreSQL truncates nothing here: a label longer than NAMEDATALEN - 1 bytes is an error.
            for value in types.values where value.raw.utf8.count > 63 {
                diagnostics.error("raw value '\(value.raw.prefix(80))…' is \(value.raw.utf8.count) bytes; a PostgreSQL ENUM label "
                    + "holds at most 63 (sql.enum_type)", at: value.location)
            }
        }
        if let fallback = types.fallback, types.value(raw: fallback) == nil {
            diagnostics.error("fallback '\(fallback)' is not one of the registered raw values" + hint(fallback, types.rawValues),
                              at: types.location)
        } else if let fallback = types.fallback.flatMap(types.value(raw:)), fallback.scope != .all {
            // The app decodes unknown server values to it and the server's parse returns it: both hold it.
            diagnostics.error("fallback '\(fallback.raw)' has scope \(fallback.scope.rawValue); the fallback must exist "
                + "in the app and on the server (scope all)", at: fallback.location)
        }
        let badgeCases = registry.badges?.cases ?? []
        let linkNames = registry.deepLinks?.cases.map(\.name) ?? []
        // Sets, so a registry with many values and many badges or links is not checked pair by pair.
        let knownBadges = Set(badgeCases), knownLinks = Set(linkNames)
        for value in types.values {
            if let badge = value.badge, !knownBadges.contains(badge) {
                diagnostics.error("badge '\(badge)' of '\(value.raw)' is not a case of badges.cases" + hint(badge, badgeCases),
                                  at: value.location)
            }
            for link in value.deepLinks where !knownLinks.contains(link) {
                diagnostics.error("deep_link '\(link)' of '\(value.raw)' is not a deep_links case" + hint(link, linkNames),
                                  at: value.location)
            }
        }
        for retired in types.retired where types.value(raw: retired.raw) != nil {
            diagnostics.error("retired value '\(retired.raw)' is also in notification_types.values; a retired value "
                + "cannot come back (choose a new raw value)", at: retired.location)
        }
        duplicates(types.retired.map { ($0.raw, $0.location) }, "retired value")
        let builtIn = types.swiftProperties
        duplicates([builtIn.icon, builtIn.canBeDisabled, builtIn.preferenceKey, builtIn.badge].map { ($0, types.location) }
            + types.attributes.map { ($0.swiftProperty, $0.location) }, "attribute Swift property")
    }

    /// Each shared enum's values, fallback and retired values, and names that must not meet another generated one
    /// (TypeScript types and consts: the notification-type union, and each other's; files are compared with every
    /// generated file in `validateGeneratedFileNames`).
    private func validate(_ enums: [SharedEnum], notificationTypes types: NotificationTypeSet?) {
        let notification = types.map { [(typeName: $0.typescriptType, const: $0.typescriptConst, location: $0.location)] } ?? []
        duplicates(notification.map { ($0.typeName, $0.location) } + enums.map { ($0.typescriptType, $0.location) }, "TypeScript type name")
        let constants = notification.map { ($0.const, $0.location) }
            + enums.compactMap(\.typescriptConst).map { ($0, types?.location ?? enums[0].location) }
        duplicates(constants, "TypeScript const name")
        for e in enums {
            duplicates(e.values.map { ($0.raw, $0.location) }, "raw value in \(e.name)")
            duplicates(e.values.map { ($0.swiftCase, $0.location) }, "Swift case name in \(e.name)")
            if e.typescriptConst != nil { duplicates(e.values.map { ($0.typescriptKey, $0.location) }, "TypeScript const key in \(e.name)") }
            duplicates(e.retired.map { ($0.raw, $0.location) }, "retired value in \(e.name)")
            if let fallback = e.fallback, e.value(raw: fallback) == nil {
                diagnostics.error("fallback '\(fallback)' of \(e.name) is not one of its values" + hint(fallback, e.rawValues), at: e.location)
            } else if let fallback = e.fallback.flatMap(e.value(raw:)), fallback.scope != .all {
                // The generated Swift decodes unknown values to it and the TypeScript parse returns it: both hold it.
                diagnostics.error("fallback '\(fallback.raw)' of \(e.name) has scope \(fallback.scope.rawValue); the fallback must "
                    + "exist in the app and on the server (scope all)", at: fallback.location)
            }
            for retired in e.retired where e.value(raw: retired.raw) != nil {
                diagnostics.error("retired value '\(retired.raw)' of \(e.name) is also one of its values; a retired value cannot come back",
                                  at: retired.location)
            }
            if e.sql.enumType != nil {
                for value in e.values where value.raw.utf8.count > 63 {
                    diagnostics.error("raw value '\(value.raw.prefix(80))…' of \(e.name) is \(value.raw.utf8.count) bytes; a PostgreSQL "
                        + "ENUM label holds at most 63", at: value.location)
                }
            }
        }
    }

    private func validate(_ links: DeepLinkSet) {
        duplicates(links.cases.map { ($0.name, $0.location) }, "deep-link case")
        for link in links.cases {
            duplicates(link.params.map { ($0.name, $0.location) }, "parameter name in \(link.name)")
            duplicates(link.params.map { ($0.payloadKey, $0.location) }, "payload key in \(link.name)")
        }
        // One payload key must mean one type everywhere.
        var keyTypes: [String: ScalarType] = [:]
        for param in links.cases.flatMap(\.params) {
            if let seen = keyTypes[param.payloadKey], seen != param.type {
                diagnostics.error("payload key '\(param.payloadKey)' is \(seen.rawValue) elsewhere but \(param.type.rawValue) here",
                                  at: param.location)
            }
            keyTypes[param.payloadKey] = param.type
        }
    }

    private func validatePayloads(_ payloads: [PayloadShape]) {
        let names = payloads.map(\.name)
        let known = Set(names)
        for payload in payloads {
            duplicates(payload.fields.map { ($0.swiftName, $0.location) }, "Swift property name in \(payload.name)")
            // A field's values become a Swift enum and TypeScript constants named after its key (`request_type`
            // and `requestType` both give `RequestType` and `..._REQUEST_TYPE`).
            duplicates(payload.fields.filter { $0.allowedValues != nil }.map { (Identifiers.snakeCase($0.key), $0.location) },
                       "value list name (snake_case of a field key with enum) in \(payload.name)")
            for field in payload.fields {
                if let name = field.type.innermostPayload, !known.contains(name) {
                    diagnostics.error("field '\(field.key)' has type '\(name)', which is neither a scalar nor a payload"
                        + hint(name, names + ScalarType.allCases.map(\.rawValue)), at: field.location)
                }
                if field.allowedValues != nil, field.type != .scalar(.string) {
                    diagnostics.error("enum applies to string fields only ('\(field.key)' is \(field.type))", at: field.location)
                }
            }
        }
        // A payload may not contain itself except through an array (the Swift struct would be infinite).
        let selfContaining = findSelfContainingPayloads(payloads)
        for payload in payloads where selfContaining.contains(payload.name) {
            diagnostics.error("payload \(payload.name) contains itself; wrap the recursive field in [ ]", at: payload.location)
        }
    }

    private func duplicates(_ items: [(String, SourceLocation)], _ what: String) {
        var first: [String: SourceLocation] = [:]
        for (name, location) in items {
            if let earlier = first[name] {
                diagnostics.error("duplicate \(what) '\(name)' (first at line \(earlier.line))", at: location)
            } else {
                first[name] = location
            }
        }
    }

    private func hint(_ word: String, _ candidates: [String]) -> String {
        Suggestion.closest(to: word, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }
}
