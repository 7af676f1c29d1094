import ContractsCore
import ContractsSwiftSource

/// Which `switch self` properties become registry attributes, and under which key.
enum AttributeMapping {
    /// Built-in property names (the generator's defaults) → the value key they fill.
    static let builtIn: [String: String] = [
        "icon": "icon", "canBeDisabled": "can_be_disabled", "preferenceKey": "preference_key",
        "badgeTab": "badge", "badge": "badge",
    ]

    /// A custom property worth registering: every result is nil or an identifier-like string (a key, an id
    /// name), never prose (`"Town hall"`) or UI logic (`isLive: Bool`), which stays in the app.
    static func isCustomAttribute(_ property: DiscoveredSwiftProperty) -> Bool {
        guard builtIn[property.name] == nil else { return false }
        var sawString = false
        for result in property.results.values {
            switch result {
            case .none: continue
            case .string(let s):
                guard let first = s.unicodeScalars.first, first.properties.isLowercase,
                      s.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" })
                else { return false }
                sawString = true
            default: return false
            }
        }
        return sawString
    }

    /// The registry key of a custom property (`entityIdKey` → `entity_id_key`).
    static func key(of property: DiscoveredSwiftProperty) -> String { Identifiers.snakeCase(property.name) }
}
