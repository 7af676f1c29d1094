/// The keys each mapping of registry.yaml may hold, as the decoder checks them: an unknown key is an error with a
/// suggestion, or with this list (in this order) when none is close.
///
/// registry.schema.json is the one source of the registry's shape. The decoder does not read the schema at run
/// time, so these lists are kept beside it by hand, and `RegistryShapeTests` compares each one with the
/// `properties` of the schema objects `schemaObjects` names (every one `additionalProperties: false`), printing
/// the line to paste when they differ. A new key is added to the schema and here, then decoded.
enum RegistryKeys {
    static let topLevel = [
        "version", "notification_types", "badges", "deep_links", "push_keys", "payloads", "emitters", "migrations",
        "sources", "outputs", "rules", "baseline", "accept_breaking", "enums", "notifications",
    ]
    static let notifications = ["enum", "payload_key", "swift_properties"]
    static let notificationTypes = [
        "swift_enum", "typescript_const", "typescript_type", "payload_key", "sql", "fallback", "swift_properties",
        "attributes", "values", "retired", "generate",
    ]
    static let notificationTypesSQL = ["table", "column", "constraint", "enum_type"]
    static let swiftProperties = ["icon", "can_be_disabled", "preference_key", "badge"]
    static let attribute = ["swift", "type"]
    /// A value's own keys; the registry's custom `attributes:` keys are allowed beside them.
    static let value = ["raw", "case", "icon", "can_be_disabled", "preference_key", "badge", "deep_link", "scope"]
    /// The value keys only the notification enum's values may hold.
    static let notificationValueOnly = ["can_be_disabled", "preference_key", "badge", "deep_link"]
    static let badges = ["swift_enum", "cases", "generate"]
    static let deepLinks = ["swift_enum", "url_scheme", "link_key", "cases", "generate"]
    static let deepLinkCase = ["name", "params"]
    static let deepLinkParam = ["name", "type", "payload_key", "optional"]
    static let payload = ["type_name", "rpc", "fields", "generate"]
    static let payloadField = ["type", "default", "optional", "enum", "swift_name"]
    static let pushKey = ["key", "type", "optional", "types"]
    static let emitters = ["sql", "typescript", "swift"]
    static let emitter = ["function", "argument"]
    static let sqlEmitter = ["function", "argument", "enum"]
    static let migrationFolder = ["dir", "scheme", "width"]
    static let sources = ["swift", "typescript", "exclude"]
    static let outputs = ["swift", "typescript", "sql", "swift_access"]
    static let acceptBreakingEntry = ["rule", "value", "reason"]
    static let sharedEnum = [
        "swift_enum", "typescript_type", "typescript_const", "sql", "fallback", "values", "retired", "generate",
        "attributes",
    ]
    static let sharedEnumColumn = ["table", "column", "constraint"]
    static let sharedEnumType = ["enum_type", "columns"]
    static let sharedEnumTypeColumn = ["table", "column"]

    /// Each list by name, with the schema objects (JSON pointers into registry.schema.json) whose `properties`
    /// declare the same keys.
    static let schemaObjects: [(name: String, keys: [String], pointers: [String])] = [
        ("topLevel", topLevel, [""]),
        ("notifications", notifications, ["/properties/notifications"]),
        ("notificationTypes", notificationTypes, ["/properties/notification_types"]),
        ("notificationTypesSQL", notificationTypesSQL, ["/properties/notification_types/properties/sql"]),
        ("swiftProperties", swiftProperties, ["/properties/notification_types/properties/swift_properties",
                                              "/properties/notifications/properties/swift_properties"]),
        ("attribute", attribute, ["/properties/notification_types/properties/attributes/additionalProperties/oneOf/1",
                                  "/properties/enums/additionalProperties/properties/attributes/additionalProperties/oneOf/1"]),
        ("value", value, ["/properties/notification_types/properties/values/items",
                          "/properties/enums/additionalProperties/properties/values/items/oneOf/1"]),
        ("badges", badges, ["/properties/badges"]),
        ("deepLinks", deepLinks, ["/properties/deep_links"]),
        ("deepLinkCase", deepLinkCase, ["/properties/deep_links/properties/cases/items"]),
        ("deepLinkParam", deepLinkParam, ["/properties/deep_links/properties/cases/items/properties/params/items"]),
        ("payload", payload, ["/properties/payloads/additionalProperties"]),
        ("payloadField", payloadField, ["/properties/payloads/additionalProperties/properties/fields/additionalProperties/oneOf/1"]),
        ("pushKey", pushKey, ["/properties/push_keys/items"]),
        ("emitters", emitters, ["/properties/emitters"]),
        ("emitter", emitter, ["/properties/emitters/properties/typescript/items", "/properties/emitters/properties/swift/items"]),
        ("sqlEmitter", sqlEmitter, ["/properties/emitters/properties/sql/items"]),
        ("migrationFolder", migrationFolder, ["/properties/migrations/items"]),
        ("sources", sources, ["/properties/sources"]),
        ("outputs", outputs, ["/properties/outputs"]),
        ("acceptBreakingEntry", acceptBreakingEntry, ["/properties/accept_breaking/items/oneOf/1"]),
        ("sharedEnum", sharedEnum, ["/properties/enums/additionalProperties"]),
        ("sharedEnumColumn", sharedEnumColumn, ["/properties/enums/additionalProperties/properties/sql/oneOf/0",
                                                "/properties/enums/additionalProperties/properties/sql/oneOf/1/items"]),
        ("sharedEnumType", sharedEnumType, ["/properties/enums/additionalProperties/properties/sql/oneOf/2"]),
        ("sharedEnumTypeColumn", sharedEnumTypeColumn,
         ["/properties/enums/additionalProperties/properties/sql/oneOf/2/properties/columns/items"]),
    ]
}
