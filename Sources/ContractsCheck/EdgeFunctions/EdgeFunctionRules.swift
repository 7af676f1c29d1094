import ContractsCore

/// `edge-function-missing`: `functions.invoke("name")` names no folder under the functions folder, so every call
/// answers 404. Not judged when the project has no functions folder (its functions may live in another repository).
enum EdgeFunctionMissingRule {
    static func findings(_ facts: EdgeFunctionFacts) -> [Finding] {
        guard let folder = facts.folders.folders.first else { return [] }
        let names = facts.folders.functions.keys.sorted()
        return facts.invokes.filter { facts.folders.functions[$0.functionName] == nil }.map { invoke in
            let name = invoke.functionName
            let near = Suggestion.closest(to: name, among: names, closeness: .typeScriptName)
            let hint = near.map { "; did you mean \"\($0)\"?" } ?? (names.isEmpty ? "" : " (it has \(names.map { "\"\($0)\"" }.joined(separator: ", ")))")
            return Finding(
                .edgeFunctionMissing,
                "no edge function \"\(name)\": \(folder) has no folder \(name)\(hint)",
                at: invoke.location,
                fix: near.map { "call \"\($0)\"" } ?? "add \(folder)/\(name)/index.ts, or call a function that exists",
                subject: .edgeFunction(name: name))
        }
    }
}

/// `edge-function-method-drift`: the function refuses every method but some (`if (req.method !== "GET") return …
/// 405`), and the call sends another: supabase-swift and supabase-js send POST when no method is given.
enum EdgeFunctionMethodRule {
    static func findings(_ facts: EdgeFunctionFacts) -> [Finding] {
        facts.invokes.compactMap { invoke in
            guard let method = invoke.method, let accepted = facts.methods[invoke.functionName],
                  !accepted.accepted.contains(method) else { return nil }
            let wanted = accepted.accepted.first { $0 != "OPTIONS" } ?? accepted.accepted[0]
            let sent = invoke.methodIsDefault
                ? "sends \(method) (\(invoke.isSwift ? "supabase-swift" : "supabase-js")'s default)"
                : "sends \(method)"
            let only = accepted.accepted.filter { $0 != "OPTIONS" }
            let fix = invoke.isSwift
                ? "pass `options: FunctionInvokeOptions(method: .\(wanted.lowercased()))`"
                : "pass `{ method: \"\(wanted)\" }`"
            return Finding(
                .edgeFunctionMethodDrift,
                "edge function \"\(invoke.functionName)\" refuses every method but \(only.joined(separator: ", ")), and this call \(sent): it always fails",
                at: invoke.location,
                fix: fix + ", or make the function accept \(method)",
                related: [accepted.location],
                subject: .edgeFunction(name: invoke.functionName))
        }
    }
}

extension EdgeFunctionMissingRule: DriftRule {
    static let rule = Rule.edgeFunctionMissing

    static let wallet = """
        Deno.serve(async (req) => {
          return new Response(JSON.stringify({ balance: 0 }), { headers: { "Content-Type": "application/json" } });
        });

        """
    static func project(_ call: String) -> [String: String] {
        ["App/Wallet.swift": """
            func loadWallet() async throws {
                try await supabase.functions.invoke(\(call))
            }
            """,
         "supabase/functions/get-wallet/index.ts": wallet,
         "supabase/functions/_shared/cors.ts": "export const corsHeaders = {};\n"]
    }
    static let triggeringExamples = [
        RuleExample(project("↓\"get-walet\"")),
        RuleExample(project("↓\"_shared\"")),
    ]
    static let nonTriggeringExamples = [
        RuleExample(project("\"get-wallet\"")),
        RuleExample(project("\"get-wallet/summary\"")),
        RuleExample(project("name")),
        // No functions folder: the functions may be deployed from another repository.
        RuleExample(["App/Wallet.swift": "func f() async throws { try await supabase.functions.invoke(\"payments\") }\n"]),
    ]
}

extension EdgeFunctionMethodRule: DriftRule {
    static let rule = Rule.edgeFunctionMethodDrift

    static let getOnly = """
        Deno.serve(async (req: Request) => {
          if (req.method === "OPTIONS") return new Response("ok", { headers: corsHeaders });
          if (req.method !== "GET") {
            return new Response("Method not allowed", { status: 405 });
          }
          return new Response(JSON.stringify({ balance: 0 }));
        });

        """
    static func project(_ swift: String, function: String = getOnly) -> [String: String] {
        ["App/Wallet.swift": """
            func loadWallet() async throws {
                try await supabase.functions.invoke(\(swift))
            }
            """,
         "supabase/functions/get-wallet/index.ts": function]
    }
    static let triggeringExamples = [
        RuleExample(project("↓\"get-wallet\"")),
        RuleExample(project("↓\"get-wallet\", options: FunctionInvokeOptions(body: [\"a\": 1])")),
        RuleExample(project("↓\"get-wallet\", options: .init(method: .post)")),
        RuleExample(["supabase/functions/home/index.ts": """
            Deno.serve(async (req) => {
              const { data } = await supabase.functions.invoke(↓"get-wallet", { body: { id: 1 } });
              return new Response(JSON.stringify(data));
            });
            """, "supabase/functions/get-wallet/index.ts": getOnly]),
    ]
    static let nonTriggeringExamples = [
        RuleExample(project("\"get-wallet\", options: FunctionInvokeOptions(method: .get)")),
        RuleExample(project("\"get-wallet\", options: .init(method: .get, headers: [:])")),
        // The options come from elsewhere: the method is not known.
        RuleExample(project("\"get-wallet\", options: options")),
        // The function accepts every method.
        RuleExample(project("\"get-wallet\"", function: "Deno.serve(async (req) => new Response(\"{}\"));\n")),
        // A guard inside a branch refuses only that branch's requests.
        RuleExample(project("\"get-wallet\"", function: """
            Deno.serve(async (req) => {
              const url = new URL(req.url);
              if (url.pathname.endsWith("/export")) {
                if (req.method !== "GET") return new Response("no", { status: 405 });
              }
              return new Response("{}");
            });

            """)),
        RuleExample(["supabase/functions/home/index.ts": """
            Deno.serve(async (req) => {
              const { data } = await supabase.functions.invoke("get-wallet", { method: "GET" });
              return new Response(JSON.stringify(data));
            });
            """, "supabase/functions/get-wallet/index.ts": getOnly]),
    ]
}
