/// One thing `check` (or `migrations lint`) found: the unit every reporter prints.
public struct Finding: Hashable, Sendable, Codable {
    /// Stable rule id, printed with every finding (`sql-constraint-drift`).
    public var ruleID: String
    public var severity: Severity
    /// What differs, in one sentence.
    public var message: String
    /// Where the drift is.
    public var location: SourceLocation
    /// The registry entry it was compared against, when there is one.
    public var registryLocation: SourceLocation?
    /// What to do about it (a command, or the edit to make).
    public var fix: String?
    /// Other places that take part (every file sharing a migration number, both definitions, ...).
    public var related: [SourceLocation]
    /// What the finding is about, as data (an enum value, a deep-link case, a payload field), when its rule
    /// knows: reports give it to machines, and the baseline recognises the finding by it rather than by the message.
    public var subject: FindingSubject?
    /// The edits that resolve it mechanically (`check --fix`), when its rule can say them from the registry
    /// alone; empty otherwise. Never printed: reports say `fix` in words.
    public var edits: [FixEdit]

    public init(
        ruleID: String, severity: Severity, message: String, location: SourceLocation,
        registryLocation: SourceLocation? = nil, fix: String? = nil, related: [SourceLocation] = [],
        subject: FindingSubject? = nil, edits: [FixEdit] = []
    ) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.location = location
        self.registryLocation = registryLocation
        self.fix = fix
        self.related = related
        self.subject = subject
        self.edits = edits
    }

    /// Creates a finding with the rule's default severity.
    public init(
        _ rule: Rule, _ message: String, at location: SourceLocation,
        registry: SourceLocation? = nil, fix: String? = nil, related: [SourceLocation] = [], subject: FindingSubject? = nil,
        edits: [FixEdit] = []
    ) {
        self.init(ruleID: rule.id, severity: rule.defaultSeverity, message: message, location: location,
                  registryLocation: registry, fix: fix, related: related, subject: subject, edits: edits)
    }
}

extension Array where Element == Finding {
    /// Findings in reporting order: by file, line, column, then rule id.
    public func sortedForReport() -> [Finding] {
        sorted { a, b in
            if a.location != b.location { return a.location < b.location }
            if a.ruleID != b.ruleID { return a.ruleID < b.ruleID }
            return a.message < b.message
        }
    }
}
