/// A JSON shape shared by an RPC (or push payload) and the clients that decode it.
public struct PayloadShape: Sendable, Equatable {
    /// Registry name (`BadgeCounts`).
    public var name: String
    /// Swift/TypeScript type name (`BadgeCountsPayload`); defaults to the registry name.
    public var typeName: String
    /// The RPC whose result has this shape, if any (`get_badge_counts`).
    public var rpc: String?
    /// Fields in registry order.
    public var fields: [PayloadField]
    public var location: SourceLocation
    /// Whether `generate` writes its Swift (`generate: false`: the app keeps its hand-written declaration, which
    /// `check` compares with the registry; TypeScript and SQL are generated either way).
    public var generatesSwift: Bool

    public init(name: String, typeName: String, rpc: String?, fields: [PayloadField], location: SourceLocation,
                generatesSwift: Bool = true) {
        self.name = name
        self.typeName = typeName
        self.rpc = rpc
        self.fields = fields
        self.location = location
        self.generatesSwift = generatesSwift
    }

    /// The JSON keys, in registry order.
    public var keys: [String] { fields.map(\.key) }
}

/// One key of a payload.
public struct PayloadField: Sendable, Equatable {
    /// JSON key, snake_case (`messages_total`).
    public var key: String
    /// Swift property name (`messagesTotal`).
    public var swiftName: String
    public var type: FieldType
    /// Value used when the key is missing or null; nil means the key is required (unless optional).
    public var defaultValue: DefaultValue?
    /// The decoded value may be absent (`T?`).
    public var optional: Bool
    /// Allowed string values, if restricted (`[ride, favor]`).
    public var allowedValues: [String]?
    public var location: SourceLocation

    public init(key: String, swiftName: String, type: FieldType, defaultValue: DefaultValue?, optional: Bool,
                allowedValues: [String]?, location: SourceLocation) {
        self.key = key
        self.swiftName = swiftName
        self.type = type
        self.defaultValue = defaultValue
        self.optional = optional
        self.allowedValues = allowedValues
        self.location = location
    }
}

/// The type of a payload field.
public indirect enum FieldType: Sendable, Equatable, CustomStringConvertible {
    case scalar(ScalarType)
    /// Another payload, by registry name.
    case payload(String)
    case array(FieldType)
    /// A JSON object keyed by any string, each value of the element type (`map<int>`, `map<Detail>`): Swift
    /// `[String: T]`, TypeScript `Record<string, T>`.
    case map(FieldType)

    /// The payload this type holds, however deep in arrays and maps (`[[Detail]]` → `Detail`); nil for a scalar.
    public var innermostPayload: String? {
        switch self {
        case .scalar: return nil
        case .payload(let name): return name
        case .array(let element), .map(let element): return element.innermostPayload
        }
    }

    public var description: String {
        switch self {
        case .scalar(let s): return s.rawValue
        case .payload(let name): return name
        case .array(let element): return "[\(element)]"
        case .map(let element): return "map<\(element)>"
        }
    }
}

/// A default for a missing or null key.
public enum DefaultValue: Sendable, Equatable {
    case int(Int)
    case double(Double)
    case bool(Bool)
    case string(String)
    case emptyArray
}
