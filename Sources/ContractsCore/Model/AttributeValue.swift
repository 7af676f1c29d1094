/// The value one notification type gives an attribute, built-in or custom (`AttributeColumn.value`).
public enum AttributeValue: Sendable, Equatable {
    case string(String)
    case bool(Bool)
    case int(Int)
    case null
}
