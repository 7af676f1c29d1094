import Yams

extension RegistryDecoder {
    /// `migrations:` → folders in replay order.
    func decodeMigrations(_ node: Node) -> [MigrationFolder]? {
        reader.sequence(node, "migrations")?.compactMap { item in
            guard let fields = reader.mapping(item, "a migration folder", allowed: RegistryKeys.migrationFolder,
                                              required: ["dir", "scheme"]),
                  let dir = fields["dir"].flatMap({ reader.string($0, "dir", format: .relativePath(allowGlob: false)) }),
                  let schemeNode = fields["scheme"], let scheme = reader.string(schemeNode, "scheme") else { return nil }
            let normalized = dir.hasSuffix("/") ? String(dir.dropLast()) : dir
            switch scheme {
            case "sequential":
                let width = fields["width"].flatMap { reader.int($0, "width") } ?? 3
                guard (1...9).contains(width) else {
                    reader.error("width must be between 1 and 9 digits", at: fields["width"]!)
                    return nil
                }
                return MigrationFolder(dir: normalized, scheme: .sequential(width: width), location: reader.location(item))
            case "timestamp":
                if let widthNode = fields["width"] {
                    reader.error("width applies to sequential folders only", at: widthNode)
                }
                return MigrationFolder(dir: normalized, scheme: .timestamp, location: reader.location(item))
            default:
                let hint = Suggestion.closest(to: scheme, among: ["sequential", "timestamp"]).map { "; did you mean '\($0)'?" } ?? ""
                reader.error("unknown migration scheme '\(scheme.prefix(40))' (sequential or timestamp)\(hint)", at: schemeNode)
                return nil
            }
        }
    }

    /// `sources:` → globs of hand-written code.
    func decodeSources(_ node: Node) -> SourceGlobs? {
        guard let fields = reader.mapping(node, "sources", allowed: RegistryKeys.sources) else { return nil }
        let globs = { (key: String) -> [String] in
            guard let list = fields[key].flatMap({ reader.sequence($0, "sources.\(key)") }) else { return [] }
            return list.compactMap { reader.string($0, "a \(key) glob", format: .relativePath(allowGlob: true)) }
        }
        return SourceGlobs(swift: globs("swift"), typescript: globs("typescript"), exclude: globs("exclude"))
    }

    /// `outputs:` → where generated files go.
    func decodeOutputs(_ node: Node) -> OutputPaths? {
        guard let fields = reader.mapping(node, "outputs", allowed: RegistryKeys.outputs,
                                          required: ["swift", "typescript"]) else { return nil }
        let path = { (key: String) in
            fields[key].flatMap { reader.string($0, "outputs.\(key)", format: .relativePath(allowGlob: false)) }
                .map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        }
        var access = SwiftAccess.public
        if let accessNode = fields["swift_access"], let text = reader.string(accessNode, "outputs.swift_access") {
            if let parsed = SwiftAccess(rawValue: text) {
                access = parsed
            } else {
                reader.error("outputs.swift_access '\(text.prefix(40))' must be one of public, internal", at: accessNode)
            }
        }
        guard let swift = path("swift"), let typescript = path("typescript") else { return nil }
        return OutputPaths(swift: swift, typescript: typescript, sql: path("sql"), swiftAccess: access)
    }

    /// `emitters:` → functions whose arguments are notification types.
    /// `enumNames`: the registry's enums, which an SQL emitter's `enum:` must name.
    func decodeEmitters(_ node: Node, enumNames: [String]) -> Emitters? {
        guard let fields = reader.mapping(node, "emitters", allowed: RegistryKeys.emitters) else { return nil }
        let list = { (key: String) -> [FunctionEmitter] in
            guard let items = fields[key].flatMap({ reader.sequence($0, "emitters.\(key)") }) else { return [] }
            return items.compactMap { item in
                guard let f = reader.mapping(item, "an emitter", allowed: key == "sql" ? RegistryKeys.sqlEmitter : RegistryKeys.emitter,
                                             required: ["function"]),
                      let nameNode = f["function"], let name = reader.string(nameNode, "function") else { return nil }
                let parts = name.split(separator: ".", omittingEmptySubsequences: false)
                guard parts.count <= 2, parts.allSatisfy({ Identifiers.isIdentifier(String($0)) }) else {
                    reader.error("function '\(name.prefix(80))' must be a function name (optionally schema-qualified)", at: nameNode)
                    return nil
                }
                // Swift emitters name the argument by its label (`kind`); a number is a position, as elsewhere.
                if key == "swift", let argNode = f["argument"], case .scalar(let scalar) = argNode, Int(scalar.string) == nil {
                    guard let label = reader.string(argNode, "argument label", format: .identifier) else { return nil }
                    return FunctionEmitter(function: name, argument: nil, location: reader.location(item), label: label)
                }
                let argument = f["argument"].flatMap { reader.int($0, "argument") }
                if let argument, argument < 1, let argNode = f["argument"] {
                    reader.error("argument is a 1-based position", at: argNode)
                    return nil
                }
                // `enum:` (SQL): the enum whose value the argument is (default: the notification enum).
                var enumName: String?
                if let enumNode = f["enum"], let named = reader.string(enumNode, "enum", format: .identifier) {
                    guard enumNames.contains(named) else {
                        let known = enumNames.isEmpty ? "the registry has no enum" : "the enums are \(enumNames.joined(separator: ", "))"
                        reader.error("emitter '\(name)' names enum '\(named)', which is not an entry of enums (\(known))", at: enumNode)
                        return nil
                    }
                    enumName = named
                }
                return FunctionEmitter(function: name, argument: argument, location: reader.location(item), enumName: enumName)
            }
        }
        return Emitters(sql: list("sql"), typescript: list("typescript"), swift: list("swift"))
    }

    /// `rules:` → per-rule severity overrides; rule ids must be among `ruleIDs` when it is given.
    func decodeRules(_ node: Node) -> [String: RuleSeverity]? {
        // An empty mapping (`rules: {}`, as `init` writes it) names no id: the catalog is not needed.
        var isEmpty = false
        if case .mapping(let mapping) = node { isEmpty = mapping.isEmpty }
        guard let fields = reader.mapping(node, "rules", allowed: isEmpty ? nil : ruleIDs()) else { return nil }
        var out: [String: RuleSeverity] = [:]
        for pair in fields.pairs {
            guard let text = reader.string(pair.value, "severity of \(pair.key)") else { continue }
            guard let severity = RuleSeverity(rawValue: text) else {
                reader.error("severity '\(text.prefix(40))' must be one of error, warning, note, off", at: pair.value)
                continue
            }
            out[pair.key] = severity
        }
        return out
    }
}
