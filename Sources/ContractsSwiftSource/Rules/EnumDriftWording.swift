import ContractsCore

/// How `swift-enum-drift` words one enum's findings, built once per enum. The comparison is the same for every
/// enum; only these words differ: the notification enum keeps the wording its reports have always had (they are
/// baselined), every other enum is named by its `enums:` entry.
struct EnumDriftWording: Sendable {
    /// The Swift enum as the registry writes it (`NotificationType`, `Expense.Category`).
    let swiftName: String
    /// Where the registry lists the values (`notification_types`, `enums.ChatRoomStatus`).
    let entry: String
    /// Where a remedy adds or changes a value (`registry.yaml`, `enums.ChatRoomStatus.values in registry.yaml`).
    let valuesHome: String
    /// A registry value, as a missing case names it before its raw value (`registered type`, `ChatRoomStatus value`).
    let valueNoun: String
    /// What a case whose name the enum does not list is, and the way out (after `Type.case `).
    let unknownCase: String
    /// Why a retired value is no case, and what old rows holding it decode to (when the wording says).
    let retiredReason: String
    let retiredNote: String
    /// A case whose raw value the enum does not list, from the case (`Type.case`) and its raw value.
    let unknownRawValue: @Sendable (_ caseName: String, _ raw: String) -> String
    /// The enum name the findings' subjects carry.
    let subjectName: String

    /// The notification enum, worded as a notification type.
    init(notification set: NotificationTypeSet, swiftName: String) {
        self.swiftName = swiftName
        entry = set.entry
        valuesHome = "registry.yaml"
        valueNoun = "registered type"
        unknownCase = "is not a registered notification type; add it to registry.yaml or remove the case"
        retiredReason = "old rows may hold it but no type sends it any more"
        retiredNote = ""
        unknownRawValue = { caseName, raw in "\(caseName) (\"\(raw)\") is not a registered notification type" }
        subjectName = set.swiftEnum ?? set.sharedEnum.name
    }

    /// Any other enum, named by its `enums:` key.
    init(shared e: SharedEnum, swiftName: String) {
        let name = e.name
        self.swiftName = swiftName
        entry = "enums.\(name)"
        valuesHome = "enums.\(name).values in registry.yaml"
        valueNoun = "\(name) value"
        unknownCase = "is not a case of \(name) in registry.yaml; add its value to enums.\(name).values or remove the case"
        retiredReason = "old rows may hold it, but nothing may write it again"
        retiredNote = e.fallback.map { "; old rows decode to its fallback \"\($0)\"" } ?? ""
        unknownRawValue = { caseName, raw in
            SharedEnumLiteralMessage.unknown(raw, context: "case \(caseName)", enumName: name, quote: "\"")
        }
        subjectName = name
    }

    /// The wording for `e`: the notification enum's when `registry` names `e` as its notification enum.
    init(_ e: SharedEnum, swiftName: String, in registry: Registry) {
        if let set = registry.notificationTypes, set.sharedEnum.name == e.name {
            self.init(notification: set, swiftName: swiftName)
        } else {
            self.init(shared: e, swiftName: swiftName)
        }
    }

    /// The subject of a finding about `raw`.
    func subject(_ raw: String) -> FindingSubject { .enumValue(enumName: subjectName, value: raw) }
}
