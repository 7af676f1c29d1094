import ContractsCore

/// What the breaking-change rules compare: the registry at the base ref and the working one.
public struct BreakingFacts: Sendable {
    /// registry.yaml as the base ref (`check --against REF`) has it: what shipped apps and live rows were built from.
    public let atRef: Registry
    /// The registry being checked; every finding points into it.
    public let working: Registry
    /// The ref as the user wrote it, for messages (`origin/main`).
    public let ref: String

    public init(atRef: Registry, working: Registry, ref: String) {
        self.atRef = atRef
        self.working = working
        self.ref = ref
    }

    /// Where `path`'s key sits in the working registry, else its nearest parent's, else the file's start: a
    /// finding about something that is gone points at the closest place it could be put back.
    func nearestKey(_ paths: String...) -> SourceLocation {
        for path in paths {
            if let location = working.keyLocations[path] { return location }
        }
        return SourceLocation(file: working.file, line: 1, column: 1)
    }

    /// `line N at REF`, for a location in the registry at the ref (its lines are not the working file's).
    func atRef(_ location: SourceLocation) -> String { "line \(location.line) at \(ref)" }

    /// The `accept_breaking` entry that accepts this change, as a user would write it.
    func acceptHint(_ rule: Rule, _ value: String) -> String {
        "accept it on purpose with `accept_breaking: [{ rule: \(rule.id), value: \(value), reason: ... }]`"
    }
}

/// One breaking change: its finding, and the names an `accept_breaking` entry's `value` may use for it.
struct BreakingChange {
    var finding: Finding
    /// A raw value, a deep-link case (`ride`, `ride.id`), a payload (`BadgeCounts`, `BadgeCounts.total`).
    var subjects: [String]
}

/// A breaking-change rule unit: its changes carry what `accept_breaking` may scope an entry to.
protocol BreakingRule: DriftRule where Facts == BreakingFacts {
    static func changes(_ facts: BreakingFacts) -> [BreakingChange]
}

extension BreakingRule {
    static func findings(_ facts: BreakingFacts) -> [Finding] { changes(facts).map(\.finding) }
}
