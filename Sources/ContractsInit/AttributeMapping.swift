import ContractsCore
import ContractsSwiftSource

/// Which `switch self` properties become registry attributes, and under which key.
enum AttributeMapping {
    /// Built-in property names (the generator's defaults) → the value key they fill.
    static let builtIn: [String: String] = [
        "icon": "icon", "canBeDisabled": "can_be_disabled", "preferenceKey": "preference_key",
        "badgeTab": "badge", "badge": "badge",
    ]

    /// A `switch self` property of the notification enum that is written as no attribute, and why.
    struct LeftOut: Equatable {
        var name: String
        var reason: String
        var location: SourceLocation
    }

    /// A custom property worth registering: every result is nil or an identifier-like string (a key, an id
    /// name), never prose (`"Town hall"`) or UI logic (`isLive: Bool`), which stays in the app.
    static func isCustomAttribute(_ property: DiscoveredSwiftProperty) -> Bool {
        builtIn[property.name] == nil && customReason(property) == nil
    }

    /// Every `switch self` property of `e` that fills no attribute, in source order, each with why: the user
    /// reads them in the summary instead of finding `nil` where the app has a value.
    static func leftOut(_ e: DiscoveredSwiftEnum) -> [LeftOut] {
        let read = e.properties.compactMap { p -> LeftOut? in
            (builtIn[p.name].flatMap { builtInReason(p, key: $0) } ?? (builtIn[p.name] == nil ? customReason(p) : nil))
                .map { LeftOut(name: p.name, reason: $0, location: p.location) }
        }
        let unread = e.unreadProperties.map { p in
            LeftOut(name: p.name, reason: typeReason(p.type, builtIn: builtIn[p.name]) ?? p.reason, location: p.location)
        }
        return (read + unread).map { LeftOut(name: $0.name, reason: HiddenScalars.visible($0.reason), location: $0.location) }.sorted { ($0.location.file, $0.location.line) < ($1.location.file, $1.location.line) }
    }

    /// Why a built-in property's results fit not its key (`icon` returning `Image` members), nil when they do.
    private static func builtInReason(_ property: DiscoveredSwiftProperty, key: String) -> String? {
        if let reason = typeReason(property.type, builtIn: key) { return reason }
        let fits: (DiscoveredLiteral) -> Bool = { result in
            switch (key, result) {
            case (_, .none), ("icon", .string), ("preference_key", .string), ("can_be_disabled", .bool), ("badge", .member): return true
            default: return false
            }
        }
        guard let wrong = property.results.values.sorted(by: { $0.description < $1.description }).first(where: { !fits($0) }) else { return nil }
        return "returns \(wrong.description), which \(key) cannot hold"
    }

    /// Why a custom property is no attribute, nil when it is one.
    private static func customReason(_ property: DiscoveredSwiftProperty) -> String? {
        if let reason = typeReason(property.type, builtIn: nil) { return reason }
        var sawString = false
        for result in property.results.values.sorted(by: { $0.description < $1.description }) {
            switch result {
            case .none: continue
            case .string(let s):
                guard let first = s.unicodeScalars.first, first.properties.isLowercase,
                      s.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" })
                else { return "returns prose (\(result.description)), not a key" }
                sawString = true
            case .bool: return "returns Bool: UI logic, which stays in the app"
            case .int: return "returns Int: UI logic, which stays in the app"
            case .member: return "returns enum members (\(result.description)), not String, Int or Bool"
            }
        }
        return sawString ? nil : "returns nil for every case"
    }

    /// A declared type no attribute holds (`Color`, `Set<Domain>`); a built-in badge holds its enum.
    private static func typeReason(_ type: String, builtIn key: String?) -> String? {
        let bare = type.hasSuffix("?") ? String(type.dropLast()) : type
        guard !bare.isEmpty, !["String", "Int", "Bool"].contains(bare), key != "badge" else { return nil }
        return "returns \(type), not String, Int or Bool"
    }

    /// The registry key of a custom property (`entityIdKey` → `entity_id_key`).
    static func key(of property: DiscoveredSwiftProperty) -> String { Identifiers.snakeCase(property.name) }
}
