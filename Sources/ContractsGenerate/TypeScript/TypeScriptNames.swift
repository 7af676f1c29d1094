import ContractsCore

/// Every TypeScript name the emitter writes, derived from the registry's names in one place so the files
/// agree with each other (`NotificationType` → `NOTIFICATION_TYPE_DEEP_LINKS`, `pushPayloadFor`, ...). An enum's own
/// names are `TypeScriptEnumNames`'.
struct TypeScriptNames {
    /// `NotificationType`: the notification enum's union of wire values.
    let typeUnion: String
    /// `NOTIFICATION_TYPE`: the union's name in SCREAMING_SNAKE, the stem of derived constants.
    let typeStem: String
    /// `DeepLink` (the Swift enum name of the deep links), stem of the per-case names.
    let linkEnum: String
    /// `DEEP_LINK`.
    let linkStem: String

    init(_ registry: Registry, notification: NotificationTypeSet?) {
        typeUnion = notification?.typescriptType ?? "NotificationType"
        typeStem = Self.screaming(typeUnion)
        linkEnum = registry.deepLinks?.swiftEnum ?? "DeepLink"
        linkStem = Self.screaming(linkEnum)
    }

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

/// The names of one enum's TypeScript file (`notificationTypes.ts`, `chatRoomStatus.ts`): the union, its `as const`
/// object (the notification enum always has one, `NOTIFICATION_TYPES` when the registry names none), the array of
/// every value, the set, the guard, the parse and the attribute table.
struct TypeScriptEnumNames {
    /// `ChatRoomStatus`: the union of wire values.
    let union: String
    /// `CHAT_ROOM_STATUS`: the stem of derived constants.
    let stem: String
    /// The `as const` object, when there is one.
    let object: String?
    /// `A` or `An`, as the doc comments start a sentence about one value (the notification enum's always say `A`,
    /// as they always did).
    let article: String

    init(_ e: SharedEnum, notification: NotificationContract?) {
        union = e.typescriptType
        stem = TypeScriptNames.screaming(union)
        object = notification != nil ? e.typescriptConst ?? NotificationTypeSet.defaultTypescriptConst : e.typescriptConst
        article = notification != nil ? "A" : SharedEnumLiteralMessage.article(union).capitalized
        all = object.map { "ALL_" + $0 } ?? SharedEnumFiles.valuesConst(e)
    }

    /// Every value in registry order: `ALL_` and the object's name, or `CHAT_ROOM_STATUS_VALUES` without an object.
    let all: String
    var set: String { stem + "_SET" }
    var keyConst: String { stem + "_KEY" }
    var guardFunction: String { "is" + union }
    var parseFunction: String { "parse" + union }
    var fallbackConst: String { "FALLBACK_" + stem }
    var attributesInterface: String { union + "Attributes" }
    var attributesConst: String { stem + "_ATTRIBUTES" }
}
