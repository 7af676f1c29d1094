import ContractsCore
import Foundation

/// Drift in hand-written TypeScript (Supabase edge functions): the `as const` type object, type literals,
/// push payload keys and RPC result reads, each compared with the registry.
public enum TypeScriptSourceCheck {
    /// Findings for every configured TypeScript source, with each rule's default severity.
    public static func findings(in context: CheckContext) throws -> [Finding] {
        let contract = TSContract(context.registry)
        var out: [Finding] = []
        for path in try context.typescriptSources() {
            let data = try context.tree.read(path)
            guard mayMatter(data, contract: contract) else { continue }
            out += findings(in: TSSource(path: path, text: String(decoding: data, as: UTF8.self)), registry: context.registry)
        }
        return out.sortedForReport()
    }

    /// Findings for one file already read (tests, editors, `check --staged`).
    public static func findings(inFile path: String, text: String, registry: Registry) -> [Finding] {
        findings(in: TSSource(path: path, text: text), registry: registry).sortedForReport()
    }

    static func findings(in source: TSSource, registry: Registry) -> [Finding] {
        let contract = TSContract(registry)
        return ConstDriftRule.findings(in: source, contract: contract)
            + TypeDeclarationDriftRule.findings(in: source, contract: contract)
            + UnknownTypeLiteralRule.findings(in: source, contract: contract)
            + PayloadKeyRule.findings(in: source, contract: contract)
            + PayloadShapeRule.findings(in: source, contract: contract)
    }

    /// The cheap pre-filter: a file that mentions none of the names the rules look for is not lexed.
    static func mayMatter(_ data: Data, contract: TSContract) -> Bool {
        contract.needles.contains { !$0.isEmpty && data.range(of: Data($0.utf8)) != nil }
    }
}
