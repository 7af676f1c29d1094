import ContractsCore

/// How `ts-const-drift` words one enum's findings on its declarations (`EnumSurfaceDrift`), built once per enum. The
/// judgement is the same for every enum; only these words differ: the notification enum keeps the wording its reports
/// have always had (they are baselined), every other enum is named by its `enums:` entry.
struct EnumSurfaceWording: Sendable {
    /// What a member the enum does not have is not (`a registered notification type`, `a ChatRoomStatus`).
    let notOne: String
    /// What a value the declaration lacks is (`a registered notification type`, `one of ChatRoomStatus's values`).
    let oneOf: String
    /// Where a value is added, before ` in registry.yaml` (`notification_types`, `enums.ChatRoomStatus.values`).
    let valuesHome: String
    /// What a declaration lacking a value may import instead (`the generated type`, `the generated chatRoomStatus.ts`).
    let generated: String
    /// Why an app-only value, and a retired one, is no member (after `NAME.KEY = 'raw' ` in an object whose keys
    /// are judged).
    static let appOnlyWhy = "is app-only (scope: app): the database and the server never hold it"
    let retiredWhy: String
    /// After `has 'raw', `: why an app-only value, and a retired one, is no member, and the way out.
    let appOnly: String
    let retired: String
    /// The fix that adds a missing value to a declaration of `layout`.
    let addition: @Sendable (_ raw: String, _ layout: EnumSurface.Layout) -> String
    /// Whether a label of the enum's generated ENUM type that is an app-only value is named so (the notification
    /// enum's reports call it not a registered notification type).
    let namesAppOnlyLabels: Bool
    /// The enum name the findings' subjects carry.
    let subjectName: String

    /// The notification enum, worded as a notification type.
    init(notification types: NotificationTypeSet) {
        notOne = "a registered notification type"
        oneOf = "a registered notification type"
        valuesHome = types.entry
        generated = "the generated type"
        retiredWhy = "is retired (\(types.entry).retired): old rows may hold it but no type sends it any more"
        appOnly = "which \(Self.appOnlyWhy): remove it."
        retired = "which \(retiredWhy): remove it."
        addition = { raw, layout in
            layout == .union ? "add | '\(raw)'" : "add a member = '\(raw)' (its name is yours to choose), or import the generated type"
        }
        namesAppOnlyLabels = false
        subjectName = types.swiftEnum ?? types.sharedEnum.name
    }

    /// Any other enum, named by its `enums:` key.
    init(shared e: SharedEnum, registryFile: String) {
        let name = e.name
        notOne = "a \(name)"
        oneOf = "one of \(name)'s values"
        valuesHome = "enums.\(name).values"
        generated = "the generated \(SharedEnumFiles.typeScriptFileStem(e)).ts"
        retiredWhy = "is retired (enums.\(name).retired): old rows may hold it, but nothing may write it again"
        appOnly = "an app-only \(name) (scope: app): the database and the server never hold it; "
            + "remove it, or give it scope all in enums.\(name).values in \(registryFile)."
        retired = "a retired \(name): old rows may hold it, but nothing may write it again; remove it."
        addition = { raw, _ in "add '\(raw)'" }
        namesAppOnlyLabels = true
        subjectName = name
    }

    /// The wording for `e`: the notification enum's when the registry names `e` as its notification enum.
    init(_ e: SharedEnum, in registry: Registry) {
        if let types = registry.notificationTypes, types.sharedEnum.name == e.name {
            self.init(notification: types)
        } else {
            self.init(shared: e, registryFile: registry.file)
        }
    }

    /// The subject of a finding about `raw`.
    func subject(_ raw: String) -> FindingSubject { .enumValue(enumName: subjectName, value: raw) }
}
