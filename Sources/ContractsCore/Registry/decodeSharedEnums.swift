import Yams

extension RegistryDecoder {
    /// At most this many shared enums: far past any app, and a bound on what one registry can make a run do.
    static let maximumSharedEnums = 200

    /// `enums:` → the shared enums, in registry order; `notificationEnum` is the one `notifications.enum` names, whose
    /// values may hold the notification keys.
    func decodeSharedEnums(_ node: Node, notificationEnum: String?) -> [SharedEnum]? {
        guard let fields = reader.mapping(node, "enums") else { return nil }
        guard fields.pairs.count <= Self.maximumSharedEnums else {
            reader.error("the registry declares \(fields.pairs.count) enums; at most \(Self.maximumSharedEnums) are supported", at: node)
            return nil
        }
        return fields.pairs.compactMap { pair in
            guard ValueFormat.identifier.accepts(pair.key) else {
                reader.error("enum name '\(pair.key.prefix(80))' \(ValueFormat.identifier.explanation)", at: pair.keyNode)
                return nil
            }
            return decodeSharedEnum(name: pair.key, nameNode: pair.keyNode, pair.value, notification: pair.key == notificationEnum)
        }
    }

    private func decodeSharedEnum(name: String, nameNode: Node, _ node: Node, notification: Bool) -> SharedEnum? {
        guard let fields = reader.mapping(node, "enums.\(name)", allowed: RegistryKeys.sharedEnum, required: ["values"]) else { return nil }
        let swiftEnum = fields["swift_enum"].flatMap { nestedTypeName($0, "enums.\(name).swift_enum") }
        if fields["swift_enum"] != nil, swiftEnum == nil { return nil }
        let typescriptType: String
        if let typeNode = fields["typescript_type"] {
            guard let named = typeName(typeNode, "enums.\(name).typescript_type") else { return nil }
            typescriptType = named
        } else {
            if let problem = Identifiers.typeNameProblem(name) {
                reader.error("enum name '\(name)' \(problem); rename it or give it a typescript_type", at: nameNode)
                return nil
            }
            typescriptType = name
        }
        let typescriptConst = fields["typescript_const"].flatMap { typeName($0, "enums.\(name).typescript_const") }
        if fields["typescript_const"] != nil, typescriptConst == nil { return nil }
        let sql = fields["sql"].map { decodeSharedEnumSQL($0, name) } ?? SharedEnumSQL()
        guard let sql else { return nil }
        let fallback = fields["fallback"].flatMap { reader.string($0, "enums.\(name).fallback", format: .wireValue) }
        let retired = fields["retired"].flatMap { reader.sequence($0, "enums.\(name).retired") }?.compactMap { item in
            reader.string(item, "retired value", format: .wireValue).map { RetiredValue(raw: $0, location: reader.location(item)) }
        } ?? []
        let attributes = fields["attributes"].flatMap { decodeAttributes($0, "enums.\(name).attributes") } ?? []
        guard let valuesNode = fields["values"], let items = reader.sequence(valuesNode, "enums.\(name).values") else { return nil }
        // No value makes a Swift enum without cases (it does not compile) and a `CHECK (false)` the replay cannot
        // read back, so every `generate` would write one more migration.
        guard !items.isEmpty else {
            reader.error("enums.\(name).values is empty; declare at least one value", at: valuesNode)
            return nil
        }
        let values = items.compactMap { decodeEnumValue($0, .sharedEnum(name: name, notification: notification), attributes: attributes) }
        guard values.count == items.count else { return nil }
        return SharedEnum(name: name, swiftEnum: swiftEnum, typescriptType: typescriptType, typescriptConst: typescriptConst,
                          sql: sql, fallback: fallback, values: values, retired: retired, location: reader.location(nameNode),
                          generatesSwift: generatesSwift(fields, "enums.\(name)"), attributes: attributes)
    }

    /// A Swift type name, qualified when the enum is nested (`Expense.Category`: an app may also have
    /// `AppDiagnostics.Category`): each component a type name.
    private func nestedTypeName(_ node: Node, _ what: String) -> String? {
        guard let text = node.string, text.contains(".") else { return typeName(node, what) }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        for part in parts {
            guard Identifiers.isIdentifier(part) else {
                reader.error("\(what) '\(text.prefix(80))' must be a type name, or names joined by dots for a nested enum "
                    + "(Expense.Category)", at: node)
                return nil
            }
            if let problem = Identifiers.typeNameProblem(part) {
                reader.error("\(what) '\(text.prefix(80))': '\(part)' \(problem); choose another name", at: node)
                return nil
            }
        }
        return text
    }

    /// `sql:`: one column (`{ table, column, constraint }`), a list of them, or `{ enum_type }`.
    private func decodeSharedEnumSQL(_ node: Node, _ name: String) -> SharedEnumSQL? {
        if case .sequence = node {
            guard let items = reader.sequence(node, "enums.\(name).sql") else { return nil }
            let columns = items.compactMap { sharedEnumColumn($0, name) }
            return columns.count == items.count ? SharedEnumSQL(columns: columns) : nil
        }
        if case .mapping(let mapping) = node, mapping.keys.contains(where: { $0.string == "enum_type" }) {
            guard let fields = reader.mapping(node, "enums.\(name).sql", allowed: RegistryKeys.sharedEnumType, required: ["enum_type"]),
                  let type = fields["enum_type"].flatMap({ qualifiedSQLName($0, "enum_type", shape: "type") }) else { return nil }
            // `columns:` (optional): the columns of the type, as `init` found them, so that the Swift and TypeScript
            // readers can resolve a literal by its table; without it a literal is judged where it is typed or cast.
            var columns: [SQLColumn] = []
            if let list = fields["columns"] {
                guard let items = reader.sequence(list, "enums.\(name).sql.columns") else { return nil }
                // A column of an ENUM type has no CHECK constraint to name: `table` and `column` only.
                columns = items.compactMap { sharedEnumColumn($0, name, allowed: RegistryKeys.sharedEnumTypeColumn) }
                guard columns.count == items.count else { return nil }
            }
            return SharedEnumSQL(columns: columns, enumType: SQLTypeName(schema: type.schema, name: type.name))
        }
        return sharedEnumColumn(node, name).map { SharedEnumSQL(columns: [$0]) }
    }

    private func sharedEnumColumn(_ node: Node, _ name: String, allowed: [String] = RegistryKeys.sharedEnumColumn) -> SQLColumn? {
        guard let fields = reader.mapping(node, "a column of enums.\(name)", allowed: allowed,
                                          required: ["table", "column"]),
              let table = fields["table"].flatMap({ qualifiedSQLName($0, "table", shape: "table") }) else { return nil }
        guard let column = fields["column"].flatMap({ reader.string($0, "column", format: .sqlIdentifier) }) else { return nil }
        let constraint = fields["constraint"].flatMap { reader.string($0, "constraint", format: .sqlIdentifier) }
        if fields["constraint"] != nil, constraint == nil { return nil }
        return SQLColumn(schema: table.schema, table: table.name, column: column,
                         constraint: constraint, location: reader.location(node))
    }
}
