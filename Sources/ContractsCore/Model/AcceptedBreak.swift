/// A breaking change the team made on purpose (`accept_breaking:`), recorded in the registry so the break is
/// written down in review, not hidden in a baseline.
///
/// An entry accepts only the change since the ref `check --against REF` compares with: an entry REF's registry
/// already holds (same rule, value and reason) accepted an earlier change, the one that added it, and accepts
/// nothing now. So an entry is cleared by the next release without anyone deleting it, and a later break of the
/// same kind needs an entry of its own.
public struct AcceptedBreak: Sendable, Equatable {
    /// A `breaking-*` rule id.
    public var rule: String
    /// What it is scoped to (a raw value, a deep-link case, a payload or `Payload.field`, a shared enum or
    /// `Enum.value`), or nil: every finding of the rule.
    public var value: String?
    /// Why the break is fine (`app 2.4 and later only`), or nil.
    public var reason: String?
    public var location: SourceLocation

    public init(rule: String, value: String?, reason: String?, location: SourceLocation) {
        self.rule = rule
        self.value = value
        self.reason = reason
        self.location = location
    }

    /// Whether `other` is the same entry (rule, value and reason), wherever it sits in its file.
    public func isSameEntry(as other: AcceptedBreak) -> Bool {
        rule == other.rule && value == other.value && reason == other.reason
    }
}

/// Where registry keys that hold lists sit, so a finding about something that is gone (a removed value, deep-link
/// case or payload) can point at the nearest key that is still there. Dotted key paths
/// (`notification_types.values`, `deep_links.cases`, `payloads`) → the key's location.
public struct RegistryKeyLocations: Sendable, Equatable {
    public var locations: [String: SourceLocation]

    public init(_ locations: [String: SourceLocation] = [:]) { self.locations = locations }

    public subscript(path: String) -> SourceLocation? { locations[path] }
}
