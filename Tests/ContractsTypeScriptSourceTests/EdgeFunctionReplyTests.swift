import ContractsTypeScriptSource
import XCTest

/// What an edge function's successful JSON replies send, read for sure or not at all (nil: nothing is judged).
final class EdgeFunctionReplyTests: XCTestCase {
    private func keys(_ text: String) -> [String]? {
        EdgeFunctionReplyReader.reply(path: "supabase/functions/f/index.ts", text: text)?.keys.sorted()
    }

    func testSuccessfulRepliesAreUnitedAndErrorsAndTextBodiesLeftOut() {
        XCTAssertEqual(keys("""
            Deno.serve(async (req) => {
              if (req.method === "OPTIONS") return new Response("ok", { headers: cors });
              if (!ok) return new Response(JSON.stringify({ error: "no", code: 1 }), { status: 401, headers: cors });
              if (empty) return new Response(null, { status: 204 });
              if (a) return Response.json({ availableToPlay: 1, "x-trace-id": t });
              const body = { balancePence: 1, nested: { inner: 2 } };
              console.log(body.balancePence);
              return new Response(JSON.stringify(body), { status: 200, headers: cors });
            });
            """), ["availableToPlay", "balancePence", "nested", "x-trace-id"])
    }

    func testWhatCannotBeReadForSureLeavesTheReplyUnknown() {
        // A spread, a computed key, a status not known, a body built elsewhere, a const written through.
        XCTAssertNil(keys("return new Response(JSON.stringify({ ...base, a: 1 }));"))
        XCTAssertNil(keys("return Response.json({ [k]: 1 });"))
        XCTAssertNil(keys("return Response.json({ a: 1 }, { status: code });"))
        XCTAssertNil(keys("return Response.json({ a: 1 }, init);"))
        XCTAssertNil(keys("return new Response(JSON.stringify(rows));"))
        XCTAssertNil(keys("function json(body) { return new Response(JSON.stringify(body)); }"))
        XCTAssertNil(keys("const body = { a: 1 }; body.b = 2; return Response.json(body);"))
        XCTAssertNil(keys("const body = { a: 1 }; Object.assign(body, extra); return Response.json(body);"))
        XCTAssertNil(keys("export const x = 1;"))
        // Decoys: an error status from a spread-free init still leaves that reply out.
        XCTAssertEqual(keys("if (e) return Response.json({ ...e }, { status: 500 }); return Response.json({ a: 1 });"), ["a"])
    }

    func testTheFunctionIsTheFolderOfItsIndexFile() {
        XCTAssertEqual(EdgeFunctionReplyReader.functionName(ofPath: "supabase/functions/get-wallet/index.ts"), "get-wallet")
        XCTAssertNil(EdgeFunctionReplyReader.functionName(ofPath: "supabase/functions/_shared/cors.ts"))
    }
}
