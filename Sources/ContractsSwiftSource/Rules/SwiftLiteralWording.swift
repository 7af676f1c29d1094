import ContractsCore

/// How `swift-unknown-literal` words one enum's findings, built once per enum. The judgement is the same for every
/// enum; only these words differ: the notification enum keeps the wording its reports have always had
/// (`UnknownTypeLiteralMessage`; they are baselined), every other enum says what the literal meets and its name
/// (`SharedEnumLiteralMessage`).
struct SwiftLiteralWording {
    typealias Said = (message: String, fix: String)
    /// A value of the enum that the literal's side never holds (`scope:`).
    let outOfScope: (_ raw: String, _ fact: EnumLiteralFact, _ scope: ValueScope) -> Said
    /// A retired value written again.
    let retired: (_ raw: String, _ fact: EnumLiteralFact) -> Said
    /// A value the enum does not list.
    let unknown: (_ raw: String, _ fact: EnumLiteralFact) -> Said
    /// The enum name the findings' subjects carry.
    let subjectName: String

    /// The notification enum, worded as a notification type and named by its Swift enum.
    init(notification set: NotificationTypeSet) {
        let name = set.swiftName, entry = set.entry, rawValues = set.rawValues
        outOfScope = { raw, fact, scope in
            let holders = scope == .app ? "the database and the server never hold it" : "the app never holds it"
            guard fact.written else {
                return ("\"\(raw)\" is used as a \(name) raw value but is \(scope.rawValue)-only (scope: \(scope.rawValue)): \(holders), so this branch never runs; remove it, or give \"\(raw)\" scope all in registry.yaml",
                        "remove this use of \"\(raw)\", or give \"\(raw)\" scope all in registry.yaml")
            }
            return ("\"\(raw)\" is written as a \(name) raw value but is \(scope.rawValue)-only (scope: \(scope.rawValue)): \(holders); write a type it holds, or give \"\(raw)\" scope all in registry.yaml",
                    "write another type here, or give \"\(raw)\" scope all in registry.yaml")
        }
        retired = { raw, _ in
            ("\"\(raw)\" is written as a \(name) raw value but it is retired (\(entry).retired): old rows may hold it, nothing may write it again; write a registered type",
             "write a registered type instead, or move \"\(raw)\" from \(entry).retired back to its values in registry.yaml")
        }
        unknown = { raw, fact in
            let closest = Suggestion.closest(to: raw, among: rawValues, closeness: .swiftLiteral)
            return (UnknownTypeLiteralMessage.text(raw, at: .swift(enumName: name, written: fact.written), suggestion: closest),
                    closest.map { "replace \"\(raw)\" with \"\($0)\"" }
                        ?? "use a registered type, or add \"\(raw)\" to \(entry).values in registry.yaml (then run `naars-contracts generate`)")
        }
        subjectName = set.swiftEnum ?? set.sharedEnum.name
    }

    /// Any other enum, named by its `enums:` key, with what the literal meets.
    init(shared e: SharedEnum) {
        let name = e.name
        outOfScope = { raw, fact, scope in
            (SharedEnumLiteralMessage.outOfScope(raw, context: fact.context, enumName: name, scope: scope, quote: "\""),
             SharedEnumLiteralMessage.outOfScopeFix(raw, enumName: name))
        }
        retired = { raw, fact in
            (SharedEnumLiteralMessage.retiredWrite(raw, context: fact.context, enumName: name, quote: "\""),
             SharedEnumLiteralMessage.fix(raw, enumName: name, values: e.rawValues(on: fact.side)))
        }
        unknown = { raw, fact in
            (SharedEnumLiteralMessage.unknown(raw, context: fact.context, enumName: name, quote: "\""),
             SharedEnumLiteralMessage.fix(raw, enumName: name, values: e.rawValues(on: fact.side)))
        }
        subjectName = name
    }

    /// The wording for `e`: the notification enum's when `registry` names `e` as its notification enum.
    init(_ e: SharedEnum, in registry: Registry) {
        if let set = registry.notificationTypes, set.sharedEnum.name == e.name {
            self.init(notification: set)
        } else {
            self.init(shared: e)
        }
    }

    /// The subject of a finding about `raw`.
    func subject(_ raw: String) -> FindingSubject { .enumValue(enumName: subjectName, value: raw) }
}
