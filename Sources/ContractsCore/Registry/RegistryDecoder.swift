import Yams

/// Stage 2: YAML nodes → registry model. Checks shapes, key names and value formats; references between
/// sections are checked afterwards by `validateReferences`.
struct RegistryDecoder {
    let reader: YAMLReader
    let file: String
    /// The ids `rules:` may name; nil accepts any (see `RegistryLoader.load`). Asked only when the registry
    /// has a `rules:` section: the catalog costs a run that never looks at it more than the rest of its start.
    let ruleIDs: () -> [String]?

    func decode(_ root: Node) -> Registry? {
        // `notification_types:` is shorthand for an `enums:` entry and `notifications:` naming it; an app with no
        // notification type has neither.
        guard let fields = reader.mapping(root, "the registry", allowed: RegistryKeys.topLevel, required: ["version"])
        else { return nil }
        if let node = fields["version"], let version = reader.int(node, "version"), version != 1 {
            reader.error("unsupported registry version \(version); this naars-contracts reads version 1", at: node)
        }
        let contract = fields["notifications"].flatMap(decodeNotificationContract)
        if let shorthand = fields["notification_types"], let node = fields["notifications"] {
            reader.error("the registry has both notification_types (line \(reader.location(shorthand).line)) and notifications: "
                + "notification_types is shorthand for an enums entry that notifications names; keep one of the two",
                at: fields.keyNode("notifications") ?? node)
        }
        let shorthandTypes = fields["notifications"] == nil ? fields["notification_types"].flatMap(decodeNotificationTypes) : nil
        let badges = fields["badges"].flatMap(decodeBadges)
        let deepLinks = fields["deep_links"].flatMap(decodeDeepLinks)
        let pushKeys = fields["push_keys"].flatMap(decodePushKeys) ?? []
        let payloads = fields["payloads"].flatMap(decodePayloads) ?? []
        let migrations = fields["migrations"].flatMap(decodeMigrations) ?? []
        let sources = fields["sources"].flatMap(decodeSources) ?? SourceGlobs()
        let outputs = fields["outputs"].flatMap(decodeOutputs)
            ?? OutputPaths(swift: "generated/Swift", typescript: "generated/typescript", sql: nil)
        validateOutputFolders(outputs, migrations: migrations, outputsNode: fields["outputs"], root: root)
        let rules = fields["rules"].flatMap(decodeRules) ?? [:]
        let baseline = fields["baseline"].flatMap { reader.string($0, "baseline", format: .relativePath(allowGlob: false)) }
            ?? ".naars-contracts-baseline.json"
        let acceptBreaking = fields["accept_breaking"].flatMap(decodeAcceptBreaking) ?? []
        var enums = fields["enums"].flatMap { decodeSharedEnums($0, notificationEnum: contract?.contract.enumName) } ?? []
        if let shorthandTypes, let twin = enums.first(where: { $0.name == shorthandTypes.sharedEnum.name }) {
            reader.diagnostics.error("enums.\(twin.name) is also the enum notification_types declares (swift_enum \(twin.name)); declare it "
                + "once: move notification_types into enums.\(twin.name) with `notifications: { enum: \(twin.name) }`, or rename one",
                at: twin.location)
        }
        let types = contract.flatMap { notificationTypes(from: $0, enums: &enums) } ?? shorthandTypes
        if types == nil, fields["notifications"] != nil || fields["notification_types"] != nil { return nil }
        // After the enums: `emitters.sql[].enum` names one of them (the notification enum included).
        let emitters = fields["emitters"].flatMap {
            decodeEmitters($0, enumNames: (types.map { [$0.sharedEnum.name] } ?? []) + enums.map(\.name))
        } ?? Emitters()
        return Registry(
            file: file, version: 1, notificationTypes: types, badges: badges, deepLinks: deepLinks, payloads: payloads,
            emitters: emitters, migrations: migrations, sources: sources, outputs: outputs, ruleSeverities: rules,
            baseline: baseline, location: reader.location(root), pushKeys: pushKeys, acceptBreaking: acceptBreaking,
            keyLocations: keyLocations(root), enums: enums)
    }

    private func decodeBadges(_ node: Node) -> BadgeSet? {
        guard let fields = reader.mapping(node, "badges", allowed: RegistryKeys.badges, required: ["cases"]) else { return nil }
        let swiftEnum = fields["swift_enum"].flatMap { typeName($0, "badges.swift_enum") } ?? "BadgeTab"
        let cases = fields["cases"].flatMap { reader.sequence($0, "badges.cases") }?
            .compactMap { reader.string($0, "badge case", format: .identifier) } ?? []
        return BadgeSet(swiftEnum: swiftEnum, cases: cases, location: reader.location(node),
                        generatesSwift: generatesSwift(fields, "badges"))
    }

    /// `generate:` of an entry that declares a Swift type (true when absent): false keeps the app's hand-written
    /// declaration, so `generate` writes none and `check` compares the app's with the registry.
    func generatesSwift(_ fields: YAMLFields, _ entry: String) -> Bool {
        fields["generate"].flatMap { reader.bool($0, "\(entry).generate") } ?? true
    }

    /// A type name for generated Swift and TypeScript: an identifier that is not a keyword in either language
    /// (type names cannot be escaped in TypeScript, so they are refused rather than escaped) and shadows no
    /// standard type the generated code uses.
    func typeName(_ node: Node, _ what: String) -> String? {
        guard let name = reader.string(node, what, format: .identifier) else { return nil }
        if let problem = Identifiers.typeNameProblem(name) {
            reader.error("\(what) '\(name)' \(problem); choose another name", at: node)
            return nil
        }
        return name
    }

    /// A TypeScript binding name (const or type): an identifier that is not reserved (in a module, which is
    /// strict mode) and shadows no global the generated code uses.
    func typescriptName(_ node: Node, _ what: String) -> String? {
        guard let name = reader.string(node, what, format: .identifier) else { return nil }
        if Identifiers.typescriptReserved.contains(name) {
            reader.error("\(what) '\(name)' is a TypeScript reserved word; choose another name", at: node)
            return nil
        }
        if Identifiers.typescriptStrictModeReserved.contains(name) {
            reader.error("\(what) '\(name)' is reserved in TypeScript modules (strict mode); choose another name", at: node)
            return nil
        }
        if Identifiers.typescriptStandardNames.contains(name) {
            reader.error("\(what) '\(name)' would shadow the TypeScript global the generated code uses; choose another name", at: node)
            return nil
        }
        return name
    }

    /// A Swift property name chosen in the registry: an identifier that is not a Swift keyword.
    func memberName(_ node: Node, _ what: String) -> String? {
        guard let name = reader.string(node, what, format: .identifier) else { return nil }
        if Identifiers.swiftKeywords.contains(name) {
            reader.error("\(what) '\(name)' is a Swift keyword; choose another name", at: node)
            return nil
        }
        return name
    }
}
