import ContractsCore

/// What the Swift reader hands each Swift rule: the parsed files, the registry, and the types the whole project
/// declares (nil in tests over a few in-memory files).
struct SwiftRuleFacts {
    let files: [ParsedSwiftFile]
    let registry: Registry
    let projectTypes: DeclaredTypes?
}
