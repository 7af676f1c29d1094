import ContractsCore

/// What the TypeScript reader hands each TypeScript rule: one lexed file and the registry's names.
struct TSRuleFacts {
    let source: TSSource
    let contract: TSContract
}
