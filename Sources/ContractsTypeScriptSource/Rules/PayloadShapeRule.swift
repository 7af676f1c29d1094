import ContractsCore

/// `payload-shape-drift`: a property read from a registered RPC's result that its payload does not have.
/// `data.total` when `get_badge_counts` returns `messages_total` is always `undefined`, so the code silently
/// takes its fallback path; no test notices. Follows the result through destructuring, aliases, indexing,
/// `for … of` and array callbacks, one name at a time.
enum PayloadShapeRule {
    static func findings(in source: TSSource, contract: TSContract) -> [Finding] {
        var out: [Finding] = []
        for i in source.tokens.indices where source.isWord(i, "rpc") && source.isPunct(i + 1, "(") {
            guard let name = source.token(i + 2), name.kind == .string, let shape = contract.rpcPayloads[name.value],
                  source.partner[i + 1] > i else { continue }
            var tracer = PayloadTracer(source: source, contract: contract, rpc: name.value)
            var start = source.chainStart(endingAt: i)
            if source.isWord(start - 1, "await") { start -= 1 }
            tracer.trace(expressionFrom: start, after: source.partner[i + 1], holding: .response(shape))
            out += tracer.findings
        }
        return out
    }
}

extension PayloadShapeRule: TSFactRule {
    /// A registered RPC is called by its name.
    static func needles(_ contract: TSContract) -> [String] { contract.rpcPayloads.keys.sorted() }

    static let rule = Rule.payloadShapeDrift
    static func findings(_ facts: TSRuleFacts) -> [Finding] { findings(in: facts.source, contract: facts.contract) }

    static let payload = """
        payloads:
          RideSummary:
            rpc: get_ride_summary
            fields: { ride_id: int, seats: int }

        """
    static func source(_ read: String) -> [String: String] {
        ["supabase/functions/summary/index.ts": """
            export async function seats(supabase: any) {
              const { data } = await supabase.rpc('get_ride_summary');
              const { data: other } = await supabase.rpc('get_other');
              return data.\(read) + other.seat;
            }
            """]
    }
    static let triggeringExamples = [RuleExample(source("↓seat"), registryAdding: payload)]
    static let nonTriggeringExamples = [RuleExample(source("seats"), registryAdding: payload)]
}
