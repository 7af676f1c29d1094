/// How much a finding matters: errors fail `check` (exit 1), warnings and notes do not.
public enum Severity: String, Sendable, Codable, CaseIterable, Comparable {
    case error
    case warning
    case note

    private var rank: Int {
        switch self {
        case .error: return 2
        case .warning: return 1
        case .note: return 0
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// A severity set in the registry's `rules:` section; `off` silences the rule entirely.
public enum RuleSeverity: String, Sendable, Codable, CaseIterable {
    case error
    case warning
    case note
    case off

    /// The severity findings get, or nil when the rule is off.
    public var severity: Severity? {
        switch self {
        case .error: return .error
        case .warning: return .warning
        case .note: return .note
        case .off: return nil
        }
    }
}
