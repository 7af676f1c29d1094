import ContractsCore

/// How `ts-unknown-literal` words one enum's findings (`EnumLiteralDrift`), built once per enum. The judgement is
/// the same for every enum; only these words differ: the notification enum keeps the wording its reports have
/// always had (`UnknownTypeLiteralMessage`; they are baselined), every other enum says the table the literal meets
/// and its name (`SharedEnumLiteralMessage`).
struct EnumLiteralWording {
    typealias Said = (message: String, fix: String)
    /// A value the functions never hold (app-only), with the value the registry lists.
    let outOfScope: (_ use: EnumLiteralUse, _ value: SharedEnumValue) -> Said
    /// A retired value written again.
    let retired: (_ use: EnumLiteralUse) -> Said
    /// A value the enum does not list (or a const key its object lacks).
    let unknown: (_ use: EnumLiteralUse) -> Said
    /// The enum name the findings' subjects carry.
    let subjectName: String

    /// The notification enum, worded as a notification type.
    init(notification contract: TSContract) {
        let types = contract.notification, file = contract.registry.file, constName = contract.constName
        outOfScope = { use, _ in
            let raw = use.raw ?? ""
            return ("'\(raw)' is used as a notification type but is app-only (scope: app): the database and the server never hold it, so this can never match; remove it, or give '\(raw)' scope all in \(file).",
                    "remove this use of '\(raw)', or give '\(raw)' scope all in \(file)")
        }
        retired = { use in
            let raw = use.raw ?? ""
            return ("'\(raw)' is written as a notification type but is retired: old rows may hold it, nothing may write it again; "
                        + "use a registered type (\(contract.rawList())).",
                    "write a registered type instead, or move '\(raw)' from \(types.entry).retired back to its values in \(file)")
        }
        unknown = { use in
            let raw = use.raw ?? ""
            let written = use.constKey.map { "\(constName).\($0)" } ?? "'\(raw)'"
            let target = use.constKey.map { Suggestion.closest(to: $0, among: contract.constKeys.keys.sorted(), closeness: .typeScriptName) }
                ?? Suggestion.closest(to: raw, among: types.rawValues.sorted(), closeness: .typeScriptName)
            let place = UnknownTypeLiteralMessage.Place.typeScript(
                constName: constName, constKey: use.constKey, rawList: contract.rawList(), registryFile: file, entry: types.entry)
            return (UnknownTypeLiteralMessage.text(raw, at: place, suggestion: target),
                    target.map { "replace \(written) with \(use.constKey == nil ? "'\($0)'" : "\(constName).\($0)")" }
                        ?? (use.constKey == nil
                            ? "use a registered type, or add '\(raw)' to \(types.entry) in \(file)"
                            : "use a key of \(constName), or add the value to \(types.entry) in \(file) and run `naars-contracts generate`"))
        }
        subjectName = types.swiftEnum ?? types.sharedEnum.name
    }

    /// Any other enum, named by its `enums:` key, with the table the literal meets.
    init(shared e: SharedEnum) {
        let name = e.name, server = e.rawValues(on: .server)
        outOfScope = { use, value in
            (SharedEnumLiteralMessage.outOfScope(use.raw ?? "", context: use.context, enumName: name, scope: value.scope) + ".",
             SharedEnumLiteralMessage.outOfScopeFix(use.raw ?? "", enumName: name))
        }
        retired = { use in
            (SharedEnumLiteralMessage.retiredWrite(use.raw ?? "", context: use.context, enumName: name) + ".",
             "use one of \(name)'s values (\(server.prefix(8).map { "'\($0)'" }.joined(separator: ", ")))")
        }
        unknown = { use in
            (SharedEnumLiteralMessage.unknown(use.raw ?? "", context: use.context, enumName: name) + ".",
             SharedEnumLiteralMessage.fix(use.raw ?? "", enumName: name, values: server))
        }
        subjectName = name
    }

    /// The subject of a finding about a literal: the value, or, for `CONST.KEY` whose key the const object lacks, the
    /// key as a member the code has and the registry does not.
    func subject(_ use: EnumLiteralUse) -> FindingSubject? {
        if let raw = use.raw { return .enumValue(enumName: subjectName, value: raw) }
        return use.constKey.map { .enumValues(enumName: subjectName, missing: [], extra: [$0]) }
    }
}
