import ContractsCore

/// The registry as the TypeScript rules see it: every name they look for, computed once per check.
struct TSContract: Sendable {
    let registry: Registry
    /// The notification enum, when the registry has a notification contract; the rules that judge notification
    /// types (`TSFactRule.judgesNotificationTypes`) run only with one.
    let types: NotificationTypeSet?
    /// Registered raw values the server holds (scope `all` or `server`); an app-only value is not one.
    let raws: Set<String>
    /// Retired raw values: old rows may hold them (reading is fine), nothing may write them.
    let retired: Set<String>
    /// Key carrying the raw value in push payloads (`type`; driver app: `notification_type`).
    let typeKey: String
    /// Column carrying it in notification rows (`type`; driver app: `kind`): the first column's.
    let rowKey: String
    /// Every table that holds the enum, without schema, each with the column its rows carry it in
    /// (`notifications` → `kind`, `scheduled_notifications` → `kind`).
    let rowColumns: [String: String]
    /// The `as const` object's name and its keys to raws (`RIDE_CLAIMED` → `ride_claimed`).
    let constName: String
    let constKeys: [String: String]
    /// Every deep-link payload key (`ride_id`, ...) and the key naming a case directly (`deep_link`).
    let deepLinkKeys: Set<String>
    let linkKey: String?
    /// Emitter functions and the 1-based position of a positional type argument.
    let emitters: [String: Int?]
    /// Payload shapes by RPC name.
    let rpcPayloads: [String: PayloadShape]
    /// Functions (in any checked file) that return the type read from a payload (`resolveEventType`).
    var typeFunctions: Set<String> = []
    /// Functions (in any checked file) that write a parameter as a notification type (`sendPushToUser`).
    var sinks = TSSinks()
    /// The shared enums (`enums:`), indexed by column and by surface name.
    let sharedEnums: TSSharedEnums

    init(_ registry: Registry) {
        self.registry = registry
        types = registry.notificationTypes
        raws = Set(types?.serverRawValues ?? [])
        retired = Set(types?.retiredRawValues ?? [])
        // Without a notification enum no key, column or const holds one; without a column, only the payload key.
        typeKey = types?.payloadKey ?? ""
        rowKey = types?.sql?.column ?? typeKey
        rowColumns = Dictionary((types?.sharedEnum.sql.columns ?? []).map { (TSSource.unqualified($0.table), $0.column) },
                                uniquingKeysWith: { a, _ in a })
        constName = types?.typescriptConst ?? ""
        constKeys = Dictionary((types?.values ?? []).filter(\.scope.onServer).map { ($0.typescriptKey, $0.raw) }, uniquingKeysWith: { a, _ in a })
        deepLinkKeys = Set(registry.deepLinks?.payloadKeys ?? [])
        linkKey = registry.deepLinks?.linkKey
        emitters = types == nil ? [:] : Dictionary(registry.emitters.typescript.map { ($0.function, $0.argument) },
                                                   uniquingKeysWith: { a, _ in a })
        var byRPC: [String: PayloadShape] = [:]
        for shape in registry.payloads { if let rpc = shape.rpc, byRPC[rpc] == nil { byRPC[rpc] = shape } }
        rpcPayloads = byRPC
        sharedEnums = TSSharedEnums(registry)
    }

    /// Keys an edge function may read the type from: the payload key and the row columns.
    var typeKeys: Set<String> { types == nil ? [] : Set([typeKey, rowKey] + rowColumns.values) }

    /// The notification enum, for the rules that judge it: they run only when the registry has one.
    var notification: NotificationTypeSet {
        guard let types else { preconditionFailure("a notification rule ran without a notification enum") }
        return types
    }

    /// Byte strings one of which a file must contain for any rule to apply (the cheap pre-filter): every
    /// rule's own needles (`TSFactRule.needles`).
    var needles: [String] {
        var seen = Set<String>()
        return TypeScriptSourceCheck.units(for: self).flatMap { $0.needles(self) }.filter { seen.insert($0).inserted }
    }

    /// The registry location a finding about the type set points at.
    var typesLocation: SourceLocation { notification.location }

    /// Registered raws, listed for messages (first few, then a count).
    func rawList(limit: Int = 6) -> String {
        let all = notification.rawValues
        let head = all.prefix(limit).map { "'\($0)'" }.joined(separator: ", ")
        return all.count > limit ? head + ", … (\(all.count) in all)" : head
    }
}
