import ContractsCore
import ContractsSQL
import ContractsSwiftSource
import ContractsTypeScriptSource
import Foundation

/// The call sites of RPCs and edge functions: what the Swift sources decode from each `.rpc("name")` against what
/// the migrations say the function returns, and from each `functions.invoke("name")` against what the edge
/// function's `index.ts` answers. The one checker that reads two languages, so it sits between them;
/// the migrations are read only when some source decodes an RPC's result.
public enum RPCPayloadCheck {
    /// Findings with the rule's default severity, sorted for reporting. Each file's part goes through `cache`
    /// (`check` keeps it between runs), so an edit reads the edited file again and joins.
    public static func findings(in context: CheckContext, cache: CheckerCache? = nil) throws -> [Finding] {
        let cache = cache ?? NoCheckerCache(context.tree)
        let paths = try context.swiftSources()
        let summaries = try paths.concurrentMap { path in
            Result { try cache.run("rpc:" + path, key: "") { tree in
                try tree.readText(path, ifHoldingAnyOf: RPCDecodeReader.needles).map { RPCDecodeReader.summary(path: path, text: $0) } ?? RPCDecodeSummary()
            } }
        }.map { try $0.get() }
        let wanted = Set(summaries.flatMap(\.pending).map(\.typeName))
        let declared = wanted.isEmpty ? [] : try paths.concurrentMap { path in
            Result {
                try cache.run("rpc-types:" + path, key: wanted.sorted().joined(separator: " ")) { tree in
                    try tree.readText(path, ifHoldingAnyOf: wanted.map { Array($0.utf8) })
                        .map { RPCDecodeReader.declaredFields(path: path, text: $0, names: wanted) } ?? [:]
                }
            }
        }.map { try $0.get() }
        let joined = RPCDecodeReader.joined(summaries, declared: declared)
        // A type the registry names as a payload's is judged against that payload's fields (`PayloadShapeRule`), once.
        let payloadTypes = Set(context.registry.payloads.flatMap { [$0.typeName, $0.name] })
        var findings = try edgeFunctionFindings(joined.filter { $0.callee == .edgeFunction && !payloadTypes.contains($0.typeName) },
                                                in: context, cache: cache)
        // A payload the registry declares is judged against its fields, on each side (`payload-shape-drift`).
        let registered = Set(context.registry.payloads.compactMap(\.rpc).map(SQLAnalysis.rpcKey))
        let decodes = joined.filter { $0.callee == .rpc && !registered.contains(SQLAnalysis.rpcKey($0.rpc)) }
        guard !decodes.isEmpty else { return findings.sortedForReport() }
        // What the decoded RPCs return is a unit of its own: it depends on the migrations alone, so an edit of a Swift
        // file that leaves the decoded RPCs as they were neither loads the migrations nor parses their bodies again.
        let rpcs = Set(decodes.map(\.rpc)).sorted()
        let returns = try cache.run("rpc-returns", key: rpcs.joined(separator: "\n")) { tree in
            let analysis = try SQLAnalysis.load(CheckContext(registry: context.registry, tree: tree, generatedPaths: context.generatedPaths,
                                                             memo: context.memo))
            var returns: [String: RPCReturn] = [:]
            for rpc in rpcs { returns[rpc] = analysis.rpcReturn(rpc) }
            return returns
        }
        findings += RPCPayloadRule.findings(RPCPayloadFacts(decodes: decodes, returns: returns))
        return findings.sortedForReport()
    }

    /// The decodes of edge functions' replies, each judged against the replies of the one `index.ts` of its
    /// function's folder among the TypeScript sources (none, or two of one name: not judged).
    private static func edgeFunctionFindings(_ decodes: [RPCDecode], in context: CheckContext, cache: CheckerCache) throws -> [Finding] {
        guard !decodes.isEmpty else { return [] }
        let wanted = Set(decodes.map(\.rpc))
        let files = Dictionary(grouping: try context.typescriptSources().filter {
            EdgeFunctionReplyReader.functionName(ofPath: $0).map(wanted.contains) == true
        }, by: { EdgeFunctionReplyReader.functionName(ofPath: $0)! })
        var replies: [String: EdgeFunctionReply] = [:]
        for (name, paths) in files where paths.count == 1 {
            let path = paths[0]
            replies[name] = try cache.run("edge-reply:" + path, key: "") { tree in
                EdgeFunctionReplyReader.reply(path: path, text: String(decoding: try tree.read(path), as: UTF8.self))
            }
        }
        return RPCPayloadRule.findings(RPCPayloadFacts(decodes: decodes, returns: [:], replies: replies))
    }

    /// Its one rule unit, for the rule catalog and the examples test.
    public static var ruleUnits: [any DriftRule.Type] { [RPCPayloadRule.self] }
}
