import ContractsCore
import ContractsSQL
import ContractsSwiftSource
import ContractsTypeScriptSource

/// What the app decodes from each RPC (or edge function) it calls, and what each of those returns.
struct RPCPayloadFacts {
    let decodes: [RPCDecode]
    /// By the name the app calls, for the RPCs whose returned keys the migrations say in full.
    let returns: [String: RPCReturn]
    /// By function name, for the edge functions whose successful replies' keys their `index.ts` says in full.
    var replies: [String: EdgeFunctionReply] = [:]
}

/// `payload-shape-drift` (the call site): a `Decodable` type the app decodes an RPC's result into, whatever it is
/// named and with no registry entry, needs a key the RPC's last definition no longer returns (its `RETURNS TABLE`
/// columns, the columns of the table whose rows it returns, or the keys of every `jsonb_build_object` it returns).
/// Such a decode throws on every call: an error. A key it reads as optional (`T?`) is a warning: always nil. RPCs
/// whose keys are not all known (a computed key, a table made `LIKE` another) are not judged. A type decoded from
/// an edge function's reply (`functions.invoke`) is judged the same way against the keys its successful replies
/// send; a function whose replies are not all read is not judged.
enum RPCPayloadRule {
    static func findings(_ facts: RPCPayloadFacts) -> [Finding] {
        facts.decodes.flatMap { decode -> [Finding] in
            if decode.callee == .edgeFunction {
                guard let reply = facts.replies[decode.rpc] else { return [] }
                // A key it needs is an error (the decode throws); one it reads as optional a warning (always nil).
                return decode.fields.filter { !decode.decodes($0, from: reply.keys) }.map { field in
                    let how = decode.strategy == .convertFromSnakeCase ? " (after convertFromSnakeCase)" : ""
                    let sent = reply.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
                    // The same key spelled another way (`balance_pence` for `balancePence`): say which.
                    let spelled = reply.keys.sorted().first { Self.spelling($0) == Self.spelling(field.key) }
                    var fix = field.optional ? "remove `\(field.property)`, or send \"\(decode.wireKey(field))\" from \(decode.rpc)"
                                             : "make `\(field.property)` optional, or send \"\(decode.wireKey(field))\" from \(decode.rpc)"
                    if let spelled { fix = "decode \"\(spelled)\" as sent (`case \(field.property) = \"\(spelled)\"` in CodingKeys), or " + fix }
                    var finding = Finding(
                        .payloadShapeDrift,
                        (field.optional
                            ? "\(decode.typeName) decodes optional \"\(field.key)\"\(how) from the reply of edge function \(decode.rpc), which never sends it "
                                + "(its successful JSON replies have \(sent)); it is always nil"
                            : "\(decode.typeName) decodes \"\(field.key)\"\(how) from the reply of edge function \(decode.rpc), which never sends it "
                                + "(its successful JSON replies have \(sent)); the decode throws on every call")
                            + (spelled.map { "; the reply spells it \"\($0)\"" } ?? ""),
                        at: field.location, fix: fix,
                        related: [decode.call, reply.location],
                        subject: .payloadField(payload: decode.rpc, field: field.key))
                    if field.optional { finding.severity = .warning }
                    return finding
                }
            }
            guard let returned = facts.returns[decode.rpc] else { return [] }
            return decode.fields.filter { !decode.decodes($0, from: returned.keys) }.map { field in
                let how = decode.strategy == .convertFromSnakeCase ? " (after convertFromSnakeCase)" : ""
                let has = "(its \(returned.shape) has \(returned.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")))"
                var finding = Finding(
                    .payloadShapeDrift,
                    field.optional
                        ? "\(decode.typeName) decodes optional \"\(field.key)\"\(how) from the result of \(decode.rpc), which does not return it "
                            + "\(has); it is always nil"
                        : "\(decode.typeName) decodes \"\(field.key)\"\(how) from the result of \(decode.rpc), which does not return it "
                            + "\(has); the decode throws on every call",
                    at: field.location,
                    fix: field.optional ? "remove `\(field.property)`, or return \"\(decode.wireKey(field))\" from \(decode.rpc)"
                                        : "make `\(field.property)` optional, or return \"\(decode.wireKey(field))\" from \(decode.rpc)",
                    related: [decode.call, returned.location],
                    subject: .payloadField(payload: decode.rpc, field: field.key))
                if field.optional { finding.severity = .warning }
                return finding
            }
        }
    }
}

extension RPCPayloadRule {
    /// A key without case, underscores or hyphens: `balance_pence`, `balancePence` and `Balance-Pence` are one.
    static func spelling(_ key: String) -> String { String(key.lowercased().filter { $0 != "_" && $0 != "-" }) }
}

extension RPCPayloadRule: DriftRule {
    static let rule = Rule.payloadShapeDrift

    static let migration = """
        CREATE FUNCTION public.lookup_profiles(p_ids uuid[]) RETURNS TABLE (id uuid, display_name text)
        LANGUAGE sql AS $$ SELECT id, display_name FROM public.profiles WHERE id = ANY(p_ids) $$;

        """
    static func source(_ property: String) -> [String: String] {
        ["App/Contacts.swift": """
            func contacts(_ ids: [UUID]) async throws -> [String] {
                struct Row: Decodable {
                    let id: UUID
                    \(property)
                }
                let rows: [Row] = try await client.rpc("lookup_profiles", params: ["p_ids": ids]).execute().value
                return rows.map(\\.id.uuidString)
            }
            """, "database/001_profiles.sql": migration]
    }
    /// A wallet decoded where the app invokes `get-wallet`, whose `index.ts` answers in camelCase.
    static func invoke(_ property: String) -> [String: String] {
        ["App/Wallet.swift": """
            struct WalletResponse: Decodable {
                let balancePence: Int
                \(property)
            }
            func wallet() async throws -> WalletResponse {
                try await supabase.functions.invoke("get-wallet")
            }
            """, "supabase/functions/get-wallet/index.ts": """
            Deno.serve(async (req) => {
              if (!req.headers.get("Authorization")) return Response.json({ error: "unauthorized" }, { status: 401 });
              return Response.json({ balancePence: 1200, withdrawablePence: 800 });
            });
            """]
    }
    static let triggeringExamples = [
        RuleExample(source("let ↓email: String")),
        RuleExample(source("let ↓email: String?")),
        RuleExample(invoke("let ↓availablePence: Int")),
        RuleExample(invoke("let ↓error: String?")),
    ]
    static let nonTriggeringExamples = [
        RuleExample(source("let display_name: String?")),
        RuleExample(source("let display_name: String")),
        RuleExample(invoke("let withdrawablePence: Int")),
        RuleExample(invoke("let withdrawablePence: Int?")),
    ]
}
