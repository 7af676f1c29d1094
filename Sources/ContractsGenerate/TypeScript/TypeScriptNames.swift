import ContractsCore

/// Every TypeScript name the emitter writes, derived from the registry's names in one place so the files
/// agree with each other (`NotificationType` → `isNotificationType`, `FALLBACK_NOTIFICATION_TYPE`, ...).
struct TypeScriptNames {
    /// `NOTIFICATION_TYPES`: the `as const` object.
    let typesConst: String
    /// `NotificationType`: the union of wire values.
    let typeUnion: String
    /// `NOTIFICATION_TYPE`: the union's name in SCREAMING_SNAKE, the stem of derived constants.
    let typeStem: String
    /// `DeepLink` (the Swift enum name of the deep links), stem of the per-case names.
    let linkEnum: String
    /// `DEEP_LINK`.
    let linkStem: String

    init(_ registry: Registry) {
        typesConst = registry.notificationTypes?.typescriptConst ?? NotificationTypeSet.defaultTypescriptConst
        typeUnion = registry.notificationTypes?.typescriptType ?? "NotificationType"
        typeStem = Self.screaming(typeUnion)
        linkEnum = registry.deepLinks?.swiftEnum ?? "DeepLink"
        linkStem = Self.screaming(linkEnum)
    }

    var allTypesConst: String { "ALL_" + typesConst }
    var typeSetConst: String { typeStem + "_SET" }
    var typeKeyConst: String { typeStem + "_KEY" }
    var guardFunction: String { "is" + typeUnion }
    var parseFunction: String { "parse" + typeUnion }
    var fallbackConst: String { "FALLBACK_" + typeStem }
    var attributesInterface: String { typeUnion + "Attributes" }
    var attributesConst: String { typeStem + "_ATTRIBUTES" }
    var typeDeepLinksConst: String { typeStem + "_DEEP_LINKS" }

    var linkKeyConst: String { linkStem + "_KEY" }
    var linkNamesConst: String { linkStem + "_NAMES" }
    var linkNameUnion: String { linkEnum + "Name" }
    var linkPayloadUnion: String { linkEnum + "Payload" }
    var requiredKeysConst: String { linkStem + "_REQUIRED_KEYS" }

    /// `RideDeepLinkParams`: a case's parameters under their payload keys.
    func paramsInterface(_ deepLink: DeepLinkCase) -> String { casePascal(deepLink) + "Params" }
    /// `RideDeepLinkPayload`: the parameters plus the link key.
    func payloadInterface(_ deepLink: DeepLinkCase) -> String { casePascal(deepLink) + "Payload" }
    /// `rideDeepLinkPayload`: builds the payload interface.
    func payloadBuilder(_ deepLink: DeepLinkCase) -> String { deepLink.name + linkEnum + "Payload" }

    var noParamsType: String { "NoPushParams" }
    var pushParamsMap: String { typeUnion + "PushParams" }
    var pushLinksMap: String { typeUnion + "PushLinks" }
    var pushPayloadType: String { typeUnion + "PushPayload" }
    var pushBuilder: String { "pushPayloadFor" }

    private func casePascal(_ deepLink: DeepLinkCase) -> String {
        deepLink.name.prefix(1).uppercased() + deepLink.name.dropFirst() + linkEnum
    }

    /// `NotificationType` → `NOTIFICATION_TYPE`.
    static func screaming(_ name: String) -> String { Identifiers.snakeCase(name).uppercased() }
}
