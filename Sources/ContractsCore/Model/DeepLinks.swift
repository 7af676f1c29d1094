/// The app's deep links and the push-payload keys each is read from.
public struct DeepLinkSet: Sendable, Equatable {
    public var swiftEnum: String
    /// URL scheme (`naarscars`), if the app opens `scheme://case/...` URLs.
    public var urlScheme: String?
    /// Payload key that names a deep-link case directly (`deep_link`); lets every case round-trip through `userInfo`.
    public var linkKey: String
    public var cases: [DeepLinkCase]
    public var location: SourceLocation
    /// Whether `generate` writes its Swift (`generate: false`: the app keeps its hand-written declaration, which
    /// `check` compares with the registry; TypeScript and SQL are generated either way).
    public var generatesSwift: Bool

    public init(swiftEnum: String, urlScheme: String?, linkKey: String, cases: [DeepLinkCase], location: SourceLocation,
                generatesSwift: Bool = true) {
        self.swiftEnum = swiftEnum
        self.urlScheme = urlScheme
        self.linkKey = linkKey
        self.cases = cases
        self.location = location
        self.generatesSwift = generatesSwift
    }

    /// Every payload key any case reads, in registry order, without repeats.
    public var payloadKeys: [String] {
        var seen = Set<String>()
        return cases.flatMap(\.params).map(\.payloadKey).filter { seen.insert($0).inserted }
    }
}

/// One deep-link case (`ride(id:)`).
public struct DeepLinkCase: Sendable, Equatable {
    /// Swift case name.
    public var name: String
    public var params: [DeepLinkParam]
    public var location: SourceLocation

    public init(name: String, params: [DeepLinkParam], location: SourceLocation) {
        self.name = name
        self.params = params
        self.location = location
    }
}

/// An associated value of a deep-link case and the payload key it comes from.
public struct DeepLinkParam: Sendable, Equatable {
    /// Swift label (`id`, `notificationId`).
    public var name: String
    public var type: ScalarType
    /// Key in the push payload / `userInfo` (`ride_id`).
    public var payloadKey: String
    public var optional: Bool
    public var location: SourceLocation

    public init(name: String, type: ScalarType, payloadKey: String, optional: Bool, location: SourceLocation) {
        self.name = name
        self.type = type
        self.payloadKey = payloadKey
        self.optional = optional
        self.location = location
    }
}

/// Scalar types a deep-link parameter or payload field can have.
public enum ScalarType: String, Sendable, Equatable, CaseIterable {
    case uuid
    case string
    case int
    case double
    case bool
    /// ISO 8601 timestamp string.
    case timestamp
}
