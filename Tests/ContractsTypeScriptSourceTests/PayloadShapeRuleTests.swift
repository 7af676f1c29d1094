import ContractsCore
import XCTest
@testable import ContractsTypeScriptSource

/// `payload-shape-drift`: keys read from a registered RPC's result.
final class PayloadShapeRuleTests: XCTestCase {
    private func expect(_ text: String, at needles: [String], _ registry: Registry,
                        file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(summary(findings(text, registry)),
                       needles.map { "\(position(of: $0, in: text)) payload-shape-drift" }, file: file, line: line)
    }

    func testDestructuredDataRead() throws {
        let r = try TestRegistries.naarsCars()
        let text = """
        const { data, error } = await supabase.rpc('get_badge_counts', { p_user_id: userId });
        if (error) throw error;
        const badge = data.total ?? data.messages_total;
        """
        expect(text, at: ["total ??"], r)
        let f = findings(text, r)[0]
        XCTAssertTrue(f.message.hasPrefix("`data.total` reads 'total', a key the RPC get_badge_counts never returns"), f.message)
        XCTAssertTrue(f.message.contains("silently takes its fallback path"), f.message)
        XCTAssertEqual(f.registryLocation, r.payload(named: "BadgeCounts")?.location)
    }

    func testAliasOptionalChainingAndSubscript() throws {
        let r = try TestRegistries.naarsCars()
        let text = """
        const { data: counts, error: rpcError } = await supabaseAdmin.rpc("get_badge_counts", { p_user_id: id }).single();
        const total = (counts?.messages_total ?? 0) + (counts?.request_total ?? 0) + counts!['bell_totals'];
        """
        expect(text, at: ["request_total", "'bell_totals'"], r)
        XCTAssertEqual(findings(text, r)[0].fix, "replace 'request_total' with 'requests_total'")
    }

    func testResponseObjectAndDestructuringFromData() throws {
        let r = try TestRegistries.naarsCars()
        let text = """
        const res = await supabase.rpc('get_badge_counts', {});
        const { messages_total, unread_total } = res.data;
        const sum = res.data.community_total + res.count;
        """
        expect(text, at: ["unread_total"], r)
        XCTAssertTrue(findings(text, r)[0].message.hasPrefix("destructuring `{ unread_total }` reads"))
    }

    /// Properties and methods of the row set are no keys of a row: `data?.length`, `data.map(...)`,
    /// `data.filter(...)`, `Array.isArray(data)`; `data[0]` is a row, judged by its keys.
    func testPropertiesOfTheRowSetAreNotKeys() throws {
        let r = try TestRegistries.naarsCars()
        let text = """
        const { data, error } = await supabase.rpc('get_badge_counts', { p_user_id: userId });
        const body = { deals: data, count: data?.length ?? 0, n: data.length };
        const list = Array.isArray(data) ? data.map((d) => d) : [];
        const some = data.filter(Boolean).length + (data ?? []).length;
        const firstBad = data[0].lenght;
        const alsoBad = data.size;
        """
        expect(text, at: ["lenght", "size"], r)
    }

    /// The reply an edge function builds from an RPC's rows, `{ deals: data, count: data?.length ?? 0 }`: the row
    /// set's properties and methods (`length`, `map`, `filter`, `Array.isArray`) are no keys; the element a
    /// callback receives and `data[0]` / `data?.[0]` are rows, judged by their keys.
    func testAReplyBuiltFromTheRowSetReadsRowsOnlyThroughElements() throws {
        let r = try TestRegistries.naarsCars()
        let text = """
        const { data, error } = await supabase.rpc("get_badge_counts", { p_user_id: userId });
        if (error) return Response.json({ error: error.message }, { status: 500 });
        const totals = data?.map((d) => d.bell_total) ?? [];
        const busy = data.filter((d) => d.messages_total > 0).map((d) => d.requests_totl);
        const first = Array.isArray(data) && data.length > 0 ? data?.[0]?.community_total : 0;
        const wrongFirst = data?.[0]?.comunity_total;
        return Response.json({ deals: data, count: data?.length ?? 0, totals, busy, first, wrongFirst });
        """
        expect(text, at: ["requests_totl", "comunity_total"], r)
    }

    /// An RPC that returns a set gives `data` as rows: `data[0]`, and `Array.isArray(data) ? data[0] : data`,
    /// are its row.
    func testTheFirstRowOfARowOrArrayResult() throws {
        let r = try TestRegistries.naarsCars()
        let text = """
        const { data, error } = await supabase.rpc('get_badge_counts', { p_user_id: userId });
        const row = Array.isArray(data) ? data[0] : data;
        if (!row || row.expires_at) return null;
        const first = data[0].messages_total + data[0].message_total;
        """
        expect(text, at: ["expires_at", "message_total;"], r)
        // Decoys: another branch that is not the result, a computed index, and a row of another RPC.
        let decoys = """
        const { data } = await supabase.rpc('get_badge_counts', { p_user_id: userId });
        const row = Array.isArray(data) ? data[0] : fallbackRow;
        const picked = data[key].expires_at;
        const { data: other } = await supabase.rpc('get_other');
        const first = Array.isArray(other) ? other[0] : other;
        console.log(row.expires_at, first.expires_at, picked);
        """
        expect(decoys, at: [], r)
    }

    func testArrayFieldsAreFollowedOneLevel() throws {
        let r = try TestRegistries.naarsCars()
        let text = """
        const { data } = await supabase.rpc('get_badge_counts');
        const first = data.request_details[0].unread_count + data.request_details[1].unread;
        for (const d of data.conversation_details) { console.log(d.conversation_id, d.count) }
        const ids = data.request_details.map((detail) => detail.request_id + detail.requestId);
        const details = data.request_details ?? [];
        details.forEach(({ request_type, kind }) => kind);
        """
        expect(text, at: [".unread;", "count)", "requestId", "kind })"].map { String($0.dropFirst($0.hasPrefix(".") ? 1 : 0)) }, r)
    }

    func testScopeAndRebinding() throws {
        let r = try TestRegistries.naarsCars()
        let text = """
        async function badges(id: string) {
          const { data } = await supabase.rpc('get_badge_counts', { p_user_id: id });
          return data?.messages_total ?? 0;
        }
        async function profile(id: string) {
          const { data } = await supabase.from('profiles').select('*').single();
          return data.total;     // another `data`
        }
        function render(data: Profile) { return data.total }   // a parameter shadows it
        if (data) { console.log(data.total) }                   // not a parameter: read, but out of scope
        async function later() {
          const { data } = await supabase.rpc('get_unread_stats');   // not a registered RPC
          return data.total;
        }
        """
        expect(text, at: [], r)
    }

    func testReadsAfterIfAndInNestedBlocksAreFollowed() throws {
        let r = try TestRegistries.naarsCars()
        let text = """
        serve(async () => {
          const { data } = await supabase.rpc('get_badge_counts');
          if (data) { console.log(data.bell) }
          function label(data: string) { return data.length }
          if (retry) { const { data } = await other(); console.log(data.whatever) }
          for (const data of rows) { data.x }
          list.map((data) => data.y);
          list.map(data => data.z);
          return data.total;
        });
        """
        expect(text, at: ["bell", "total"], r)
    }

    func testDriverAppPayload() throws {
        let r = try TestRegistries.driverApp()
        let text = """
        const { data: summary } = await client.rpc('driver_unread_summary', { driver: id });
        const n = summary.unread_total + summary.trips.filter((t) => t.is_urgent).length;
        const firstTrip = summary.trips.find(t => t.unread > 0)?.tripId;
        """
        expect(text, at: ["tripId"], r)
    }
}
