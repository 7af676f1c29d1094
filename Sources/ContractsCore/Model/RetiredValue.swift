/// A raw value old rows may still hold but that is no longer registered (protobuf's `reserved`):
/// reading or cleaning it up is fine, writing it is drift, and it can never come back in `values`.
public struct RetiredValue: Sendable, Equatable {
    public var raw: String
    public var location: SourceLocation

    public init(raw: String, location: SourceLocation) {
        self.raw = raw
        self.location = location
    }
}
