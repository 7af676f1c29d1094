/// The value one notification type gives a custom attribute.
public enum AttributeValue: Sendable, Equatable {
    case string(String)
    case bool(Bool)
    case int(Int)
    case null
}
