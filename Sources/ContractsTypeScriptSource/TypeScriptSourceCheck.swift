import ContractsCore
import Foundation

/// Drift in hand-written TypeScript (Supabase edge functions): the `as const` type object, type literals,
/// push payload keys and RPC result reads, each compared with the registry.
public enum TypeScriptSourceCheck {
    /// Findings for every configured TypeScript source, with each rule's default severity.
    public static func findings(in context: CheckContext) throws -> [Finding] {
        var contract = TSContract(context.registry)
        var sources: [TSSource] = []
        var skipped: [(String, Data)] = []
        for path in try context.typescriptSources() {
            let data = try context.tree.read(path)
            if mayMatter(data, contract: contract) {
                sources.append(TSSource(path: path, text: String(decoding: data, as: UTF8.self)))
            } else {
                skipped.append((path, data))
            }
        }
        // `resolveEventType` is defined in one file and called in others, which may mention nothing else.
        for source in sources { contract.typeFunctions.formUnion(source.typeFunctions(contract: contract)) }
        for (path, data) in skipped where contract.typeFunctions.contains(where: { data.range(of: Data($0.utf8)) != nil }) {
            sources.append(TSSource(path: path, text: String(decoding: data, as: UTF8.self)))
        }
        return sources.flatMap { findings(in: $0, contract: contract) }.sortedForReport()
    }

    /// Findings for one file already read (tests, editors, `check --staged`).
    public static func findings(inFile path: String, text: String, registry: Registry) -> [Finding] {
        let source = TSSource(path: path, text: text)
        var contract = TSContract(registry)
        contract.typeFunctions = source.typeFunctions(contract: contract)
        return findings(in: source, contract: contract).sortedForReport()
    }

    static func findings(in source: TSSource, contract: TSContract) -> [Finding] {
        ConstDriftRule.findings(in: source, contract: contract)
            + TypeDeclarationDriftRule.findings(in: source, contract: contract)
            + UnknownTypeLiteralRule.findings(in: source, contract: contract)
            + PayloadKeyRule.findings(in: source, contract: contract)
            + PayloadShapeRule.findings(in: source, contract: contract)
            + PayloadInterfaceRule.findings(in: source, contract: contract)
    }

    /// The cheap pre-filter: a file that mentions none of the names the rules look for is not lexed.
    static func mayMatter(_ data: Data, contract: TSContract) -> Bool {
        contract.needles.contains { !$0.isEmpty && data.range(of: Data($0.utf8)) != nil }
    }
}
