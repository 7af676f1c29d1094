import ContractsCore

/// What the Swift reader hands each Swift rule: the parsed files, the registry, and the types the whole project
/// declares and its sinks (nil in tests over a few in-memory files: the files' own).
struct SwiftRuleFacts {
    let files: [ParsedSwiftFile]
    let registry: Registry
    let projectTypes: DeclaredTypes?
    var sinks: SwiftSinks? = nil
}

/// A rule over parsed Swift files. Parsing is the expensive step, so a file is parsed only when it contains
/// one of the needles some rule declares (`SourceNeedles`): each rule names the byte strings its syntax
/// cannot do without, so the pre-filter is derived from the rules and a new rule cannot be starved of files.
protocol SwiftFactRule: DriftRule where Facts == SwiftRuleFacts {
    /// Byte strings one of which a file must contain for this rule to find anything in it.
    static func needles(_ registry: Registry) -> [String]
}
