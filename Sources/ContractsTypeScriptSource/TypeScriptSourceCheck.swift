import ContractsCore
import Foundation

/// Drift in hand-written TypeScript (Supabase edge functions), each compared with the registry:
/// - `ts-const-drift`: the `as const` type object (or a union type / string enum under the type's name);
/// - `ts-unknown-literal`: unregistered type literals where a type is expected;
/// - `ts-payload-key-drift`: push payload keys against the type's deep links;
/// - `payload-shape-drift`: keys read from a registered RPC's result, or declared by an interface named
///   like a payload;
/// - `source-nul-byte`: a NUL byte, which TypeScript rejects as an invalid character.
/// Files are read with our own lexer (no dependency, never fails on malformed input); a byte-level
/// pre-filter skips files that mention none of the registry's names.
public enum TypeScriptSourceCheck {
    /// Findings for every configured TypeScript source, with each rule's default severity.
    public static func findings(in context: CheckContext) throws -> [Finding] {
        let read = try lexed(context)
        return (read.nulBytes + read.sources.flatMap { findings(in: $0, contract: read.contract) }).sortedForReport()
    }

    /// The literals `ts-unknown-literal` reports in the context's TypeScript sources (the same files, read the same
    /// way, as `findings(in:)`), as facts: `generate` reads the values a first CHECK constraint would reject.
    public static func unknownTypeLiterals(in context: CheckContext) throws -> [UnknownTypeLiteral] {
        let read = try lexed(context)
        return read.sources.flatMap { EnumLiteralReading.notificationLiterals(in: $0, contract: read.contract) }
    }

    /// The configured sources the pre-filter admits, lexed, with the contract they are read against, and the
    /// NUL bytes found in every source.
    private static func lexed(_ context: CheckContext) throws -> (sources: [TSSource], contract: TSContract, nulBytes: [Finding]) {
        var contract = TSContract(context.registry)
        var sources: [TSSource] = []
        var skipped: [(String, Data)] = []
        var nulBytes: [Finding] = []
        let needles = ByteNeedles(contract.needles)
        let paths = try context.typescriptSources()
        CheckProgress.shared.expect(paths.count)
        for path in paths {
            defer { CheckProgress.shared.finish() }
            let data = try context.tree.read(path)
            nulBytes += NulByte.findings(SourceBytes(data, file: path, language: "TypeScript"))
            if needles.anyOccurs(in: data) {
                sources.append(TSLexes.source(path, bytes: data))
            } else {
                skipped.append((path, data))
            }
        }
        // `resolveEventType` is defined in one file and called in others, which may mention nothing else.
        for source in sources { contract.typeFunctions.formUnion(source.typeFunctions(contract: contract)) }
        let typeFunctions = ByteNeedles(contract.typeFunctions.sorted())
        skipped.removeAll { path, data in
            guard typeFunctions.anyOccurs(in: data) else { return false }
            sources.append(TSLexes.source(path, bytes: data))
            return true
        }
        // `sendPushToUser` is defined in `_shared/` and called by functions that may mention nothing else; one
        // that only hands its parameter on may be among those too.
        var summaries = SinkJoin.enabled ? sources.map { $0.sinkSummary(contract: contract) } : []
        contract.sinks = TSSinks(summaries, emitters: contract.emitters)
        var asked: [String] = []
        while contract.sinks.names != asked, !skipped.isEmpty {
            asked = contract.sinks.names
            let callers = ByteNeedles(asked)
            skipped.removeAll { path, data in
                guard callers.anyOccurs(in: data) else { return false }
                let source = TSLexes.source(path, bytes: data)
                sources.append(source)
                summaries.append(source.sinkSummary(contract: contract))
                return true
            }
            contract.sinks = TSSinks(summaries, emitters: contract.emitters)
        }
        return (sources, contract, nulBytes)
    }

    /// Findings for one file already read (tests, editors, `check --staged`).
    public static func findings(inFile path: String, text: String, registry: Registry) -> [Finding] {
        let source = TSLexes.source(path, text: text)
        var contract = TSContract(registry)
        contract.typeFunctions = source.typeFunctions(contract: contract)
        contract.sinks = TSSinks([source.sinkSummary(contract: contract)], emitters: contract.emitters)
        return findings(in: source, contract: contract).sortedForReport()
    }

    static func findings(in source: TSSource, contract: TSContract) -> [Finding] {
        let facts = TSRuleFacts(source: source, contract: contract)
        return units(for: contract).flatMap { $0.findings(facts) }
    }

    /// The rules run over a lexed file, one unit each (three answer `ts-const-drift`, one a kind of declaration of
    /// every enum; two `payload-shape-drift`).
    static let units: [any TSFactRule.Type] = [
        ConstDriftRule.self, TypeDeclarationDriftRule.self, GeneratedTypesEnumDriftRule.self, UnknownTypeLiteralRule.self,
        PayloadKeyRule.self, PayloadShapeRule.self, PayloadInterfaceRule.self,
    ]

    /// The units that apply: without a notification enum, none of those that judge one.
    static func units(for contract: TSContract) -> [any TSFactRule.Type] {
        contract.types != nil ? units : units.filter { !$0.judgesNotificationTypes }
    }

    /// Every unit of this checker, for the rule catalog and the examples test.
    public static var ruleUnits: [any DriftRule.Type] { units.map { $0 as any DriftRule.Type } + [NulByte.self] }

    /// Whether the pre-filter lets a file with these bytes be lexed (before the pass that admits files calling
    /// a type function another file defines).
    public static func prefilterAdmits(_ data: Data, registry: Registry) -> Bool {
        mayMatter(data, contract: TSContract(registry))
    }

    /// The cheap pre-filter: a file that mentions none of the names the rules look for is not lexed.
    static func mayMatter(_ data: Data, contract: TSContract) -> Bool {
        ByteNeedles(contract.needles).anyOccurs(in: data)
    }
}
