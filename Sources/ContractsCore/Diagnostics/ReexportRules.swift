// The rules (`Rule`, `Severity`, every rule's declaration) live in ContractsRules, a module that depends on nothing;
// every module that imports ContractsCore sees them as before.
@_exported import ContractsRules
