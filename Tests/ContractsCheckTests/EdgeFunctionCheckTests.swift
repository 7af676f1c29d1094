import ContractsCheck
import ContractsCore
import ContractsSwiftSource
import ContractsTypeScriptSource
import Foundation
import XCTest

/// Edge functions as a contract: the calls each reader sees (name and method), the methods a function's guard
/// accepts, and the two rules on a project. Every shape has a decoy that must stay unread or silent.
final class EdgeFunctionCheckTests: XCTestCase {
    private func tsMethods(_ text: String) -> [String]? {
        TSEdgeFunctions.acceptedMethods(path: "supabase/functions/f/index.ts", text: text)?.accepted
    }

    func testTheGuardFormsAFunctionRefusesOtherMethodsWith() {
        XCTAssertEqual(tsMethods("""
            Deno.serve(async (req) => {
              if (req.method !== "POST") return new Response(null, { status: 405 });
              return new Response("{}");
            });
            """), ["POST"])
        XCTAssertEqual(tsMethods("""
            import { serve } from "https://deno.land/std@0.168.0/http/server.ts";
            async function handler(request: Request): Promise<Response> {
              try {
                if (request.method != 'GET' && 'HEAD' != request.method) {
                  return json({ error: "method" }, 405);
                }
                return json({ ok: true });
              } catch (e) {
                return json({ error: String(e) }, 500);
              }
            }
            serve(handler);
            """), ["GET", "HEAD"])
        XCTAssertEqual(tsMethods("""
            const handler = async (req: Request) => {
              const { method } = req;
              if (method === "OPTIONS") { return new Response("ok", { headers: cors }); }
              if (!["GET", "HEAD"].includes(method)) throw new HttpError(405);
              return new Response("{}");
            };
            Deno.serve(handler);
            """), ["GET", "HEAD", "OPTIONS"])
        XCTAssertEqual(tsMethods("""
            Deno.serve(async (req) => {
              switch (req.method) {
                case "GET":
                  return list();
                case "DELETE":
                  return remove();
                default:
                  return new Response("no", { status: 405 });
              }
            });
            """), ["DELETE", "GET"])
    }

    func testWhatIsNotAGuardOfEveryRequest() {
        // In a branch: only that route's requests.
        XCTAssertNil(tsMethods("""
            Deno.serve(async (req) => {
              if (new URL(req.url).pathname === "/admin") {
                if (req.method !== "POST") return new Response(null, { status: 405 });
              }
              return new Response("{}");
            });
            """))
        // Not the request's method.
        XCTAssertNil(tsMethods("""
            Deno.serve(async (req) => {
              const body = await req.json();
              if (body.method !== "card") return new Response("unsupported", { status: 400 });
              return new Response("{}");
            });
            """))
        // Logs and goes on.
        XCTAssertNil(tsMethods("""
            Deno.serve(async (req) => {
              if (req.method !== "POST") console.warn("unexpected", req.method);
              return new Response("{}");
            });
            """))
        // Another condition joined by `||`: some other methods get through.
        XCTAssertNil(tsMethods("""
            Deno.serve(async (req) => {
              if (req.method !== "POST" || !req.headers.get("authorization")) return new Response(null, { status: 401 });
              return new Response("{}");
            });
            """))
        // A router: each route says its own methods.
        XCTAssertNil(tsMethods("""
            const app = new Hono();
            app.get("/wallet", (c) => c.json({}));
            Deno.serve(app.fetch);
            """))
        // A `default` that does not refuse.
        XCTAssertNil(tsMethods("""
            Deno.serve(async (req) => {
              switch (req.method) {
                case "GET": return list();
                default: break;
              }
              return new Response("{}");
            });
            """))
    }

    func testTheSwiftCallsAndTheMethodEachSends() {
        let text = """
            import Supabase

            struct Wallet: Decodable { let balance: Int }

            func calls(_ client: SupabaseClient, id: UUID, options: FunctionInvokeOptions, method: FunctionInvokeOptions.Method) async throws {
                try await client.functions.invoke("plain")
                let _: Wallet = try await client.functions.invoke("with-body", options: FunctionInvokeOptions(body: ["id": id.uuidString]))
                try await supabase.functions.invoke("deleted", options: .init(method: .delete))
                try await functions.invoke(functionName: "older", invokeOptions: FunctionInvokeOptions(method: FunctionInvokeOptions.Method.get))
                try await client.functions.invoke("nil-method", options: FunctionInvokeOptions(method: nil))
                try await client.functions.invoke("passed", options: options)
                try await client.functions.invoke("variable-method", options: FunctionInvokeOptions(method: method))
                try await client.functions.invoke("user/\\(id)")
                try await client.functions.invoke(name)
                try await queue.invoke("not-a-function")
                try await client.rpc("invoke").execute()
            }
            """
        let calls = EdgeFunctionInvokeReader.invokes(path: "App/Calls.swift", text: text).map { "\($0.name) \($0.method ?? "?")\($0.methodIsDefault ? " default" : "")" }
        XCTAssertEqual(calls, [
            "plain POST default", "with-body POST default", "deleted DELETE", "older GET", "nil-method POST default",
            "passed ?", "variable-method ?",
        ])
    }

    func testTheTypeScriptCallsAndTheMethodEachSends() {
        let text = """
            const method = "PUT";
            const opts = { method: "GET" };
            export async function calls(supabase: SupabaseClient, name: string, id: string) {
              await supabase.functions.invoke("plain");
              await supabase.functions.invoke('with-body', { body: { id } });
              await supabase.functions.invoke("lower", { method: "get" });
              await supabase.functions.invoke(`templated`, { method });
              await supabase.functions.invoke("spread", { ...opts, body: {} });
              await supabase.functions.invoke("passed", opts);
              await supabase.functions.invoke(`user/${id}`);
              await supabase.functions.invoke(name);
              await worker.invoke("not-a-function");
            }
            """
        let calls = TSEdgeFunctions.invokes(path: "supabase/functions/home/index.ts", text: text)
            .map { "\($0.name) \($0.method ?? "?")\($0.methodIsDefault ? " default" : "")" }
        XCTAssertEqual(calls, ["plain POST default", "with-body POST default", "lower GET", "templated PUT", "spread ?", "passed ?"])
    }

    /// `file:line:column rule message` of a project's edge-function findings.
    private func findings(_ files: [String: String], registry: String = RuleExample.baseRegistry) throws -> [String] {
        var text = files
        text["registry.yaml"] = registry
        let context = CheckContext(registry: try RegistryLoader.load(text: registry, file: "registry.yaml"), tree: MemoryTree(text: text))
        return try EdgeFunctionCheck.findings(in: context).map { "\($0.location) \($0.ruleID) \($0.message)" }
    }

    private static let getOnly = """
        Deno.serve(async (req) => {
          if (req.method !== "GET") return new Response(null, { status: 405 });
          return new Response("{}");
        });
        """

    func testAFunctionsFolderBesideTheMigrationsFolderAndAFunctionPerFolder() throws {
        let registry = RuleExample.baseRegistry
            .replacingOccurrences(of: "  - { dir: database, scheme: sequential, width: 3 }", with: "  - { dir: backend/supabase/migrations, scheme: timestamp }")
            .replacingOccurrences(of: "supabase/functions/**/*.ts", with: "backend/supabase/functions/**/*.ts")
        let files = [
            "App/Wallet.swift": """
                func load() async throws {
                    try await supabase.functions.invoke("get-wallet", options: .init(method: .get))
                    try await supabase.functions.invoke("get-walet", options: .init(method: .get))
                    try await supabase.functions.invoke("get-wallet")
                    try await supabase.functions.invoke("_shared")
                }
                """,
            "backend/supabase/functions/get-wallet/index.ts": Self.getOnly,
            "backend/supabase/functions/_shared/cors.ts": "export const cors = {};\n",
            "backend/supabase/migrations/20260101000000_init.sql": "CREATE TABLE t (id int);\n",
        ]
        XCTAssertEqual(try findings(files, registry: registry), [
            "App/Wallet.swift:3:41 edge-function-missing no edge function \"get-walet\": backend/supabase/functions has no folder get-walet; did you mean \"get-wallet\"?",
            "App/Wallet.swift:4:41 edge-function-method-drift edge function \"get-wallet\" refuses every method but GET, and this call sends POST (supabase-swift's default): it always fails",
            "App/Wallet.swift:5:41 edge-function-missing no edge function \"_shared\": backend/supabase/functions has no folder _shared (it has \"get-wallet\")",
        ])
    }

    func testAFunctionWithoutAnEntryFileOrAGuardIsNotJudgedOnItsMethod() throws {
        let files = [
            "App/Wallet.swift": """
                func load() async throws {
                    try await supabase.functions.invoke("get-wallet")
                    try await supabase.functions.invoke("open")
                }
                """,
            "supabase/functions/get-wallet/handler.ts": Self.getOnly,
            "supabase/functions/open/index.ts": "Deno.serve(async (req) => new Response(req.method));\n",
        ]
        XCTAssertEqual(try findings(files), [])
    }
}
