import ContractsCore

extension JSONValue {
    /// A finding's subject as the JSON report (`subject`) and SARIF (`properties.subject`) write it: its `kind` and
    /// the members of that kind, every member always present (`null` or `[]` when empty), so a consumer reads one
    /// shape per kind.
    static func subject(_ subject: FindingSubject) -> JSONValue {
        var members: [String: JSONValue] = ["kind": .string(subject.kind)]
        let strings = { (values: [String]) in JSONValue.array(values.map(JSONValue.string)) }
        switch subject {
        case .enumValue(let enumName, let value):
            members["enum"] = .string(enumName)
            members["value"] = .string(value)
        case .enumValues(let enumName, let missing, let extra):
            members["enum"] = .string(enumName)
            members["missing"] = strings(missing)
            members["extra"] = strings(extra)
        case .deepLinkCase(let name, let parameter):
            members["case"] = .string(name)
            members["parameter"] = .optional(parameter)
        case .payloadField(let payload, let field):
            members["payload"] = .string(payload)
            members["field"] = .optional(field)
        case .payloadFields(let payload, let missing, let extra):
            members["payload"] = .string(payload)
            members["missing"] = strings(missing)
            members["extra"] = strings(extra)
        case .migrationFile(let path), .file(let path):
            members["file"] = .string(path)
        case .enumColumn(let enumName, let column):
            members["enum"] = .string(enumName)
            members["column"] = .string(column)
        case .pushKey(let key):
            members["key"] = .string(key)
        case .function(let name):
            members["function"] = .string(name)
        case .relation(let name):
            members["relation"] = .string(name)
        case .relationColumn(let relation, let column):
            members["relation"] = .string(relation)
            members["column"] = .string(column)
        case .edgeFunction(let name):
            members["function"] = .string(name)
        }
        return .object(members)
    }
}
