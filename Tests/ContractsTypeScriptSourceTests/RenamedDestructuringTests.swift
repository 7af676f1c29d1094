import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest
@testable import ContractsTypeScriptSource

/// A query's `data` taken by a renamed, nested or reassigned destructuring is judged by its own table: two tables
/// have a `status` column (`chat_rooms`: ChatRoomStatus, `media_assets`: MediaAssetStatus), and 'viewed' is a
/// MediaAssetStatus only, 'archived' a ChatRoomStatus only.
final class RenamedDestructuringTests: XCTestCase {
    private func registry() throws -> Registry {
        try RegistryLoader.load(text: SharedEnumEdgeFunctions.registry, file: "registry.yaml")
    }

    private func found(_ code: String) throws -> [String] {
        summary(findings(code, try registry()))
    }

    /// `const { data: m, error: mErr }`, `let`, and `var`: `m` is a media row; `mErr` is no row.
    func testARenamedDataIsTheRowsOfItsQuery() throws {
        let code = """
            import { createClient } from 'npm:@supabase/supabase-js';
            const sb = createClient(url, key);
            export async function upload(id: string) {
              const { data: m, error: mErr } = await sb.from("media_assets").select("id, status").eq("id", id).single();
              if (mErr || !m) throw mErr;
              if (m.status !== "viewed") return;
              if (m.status === "archived") return;
              let { error: e2, data: m2 } = await sb
                .from("media_assets")
                .select("status")
                .maybeSingle();
              if (m2?.status === "viewed" || m2?.status === "archived") return;
              var { data: room } = await sb.from("chat_rooms").select("status").single();
              if (room.status === "archived" || room.status === "viewed") return;
            }
            """
        XCTAssertEqual(try found(code), [
            "\(position(of: "\"archived\") return;\n  let", in: code)) ts-unknown-literal-read",
            "\(position(of: "\"archived\") return;\n  var", in: code)) ts-unknown-literal-read",
            "\(position(of: "\"viewed\") return;\n}", in: code)) ts-unknown-literal-read",
        ])
    }

    /// A declared pattern with a type annotation binds as one without.
    func testATypedPatternIsTheRowsOfItsQuery() throws {
        let code = """
            const { data: m, error: mErr }: { data: MediaRow | null; error: unknown } = await sb.from("media_assets").select("status").single();
            if (m?.status === "viewed" || m?.status === "archived") {}
            const { data: r }: PostgrestSingleResponse<Room> = await sb.from("chat_rooms").select("status").single();
            if (r?.status === "archived" || r?.status === "viewed") {}
            const { data: u }: { data: Row } = legacy;
            if (u?.status === "viewed" || u?.status === "archived") {}
            """
        XCTAssertEqual(try found(code), [
            "\(position(of: "\"archived\") {}", in: code)) ts-unknown-literal-read",
            "\(position(of: "\"viewed\") {}", in: code)) ts-unknown-literal-read",
        ])
    }

    /// Reassignment `({ data: m } = await …)`, with `error` renamed alongside, rebinds `m` to the other table.
    func testARenamedReassignmentRebindsTheRow() throws {
        let code = """
            let m = null, err = null;
            ({ data: m, error: err } = await sb.from("chat_rooms").select("status").single());
            if (m?.status === "archived" || m?.status === "viewed") {}
            ({ error: err, data: m } = await sb.from("media_assets").select("status").single());
            if (m?.status === "viewed" || m?.status === "archived") {}
            """
        XCTAssertEqual(try found(code), [
            "\(position(of: "\"viewed\") {}\n({", in: code)) ts-unknown-literal-read",
            "\(position(of: "\"archived\") {}", in: code)) ts-unknown-literal-read",
        ])
    }

    /// A rename that shadows an outer `m` of another table binds only inside its block; the outer one is judged by
    /// its own table before and after.
    func testARenameShadowingAnOuterNameKeepsEachScopesTable() throws {
        let code = """
            const { data: m } = await sb.from("chat_rooms").select("status").single();
            if (m.status === "viewed") {}
            async function inner() {
              const { data: m } = await sb.from("media_assets").select("status").single();
              if (m.status === "viewed") {}
              if (m.status === "archived") {}
            }
            if (m.status === "archived") {}
            """
        XCTAssertEqual(try found(code), [
            "\(position(of: "\"viewed\") {}\nasync", in: code)) ts-unknown-literal-read",
            "\(position(of: "\"archived\") {}\n}", in: code)) ts-unknown-literal-read",
        ])
    }

    /// Nested destructuring: `{ data: { session } }` from auth is no table's row (a value in some enum stays
    /// silent); `{ data: { status: s } }` of a query is a column, not a row.
    func testNestedDestructuringIsNoRowOfAnotherTable() throws {
        let code = """
            const { data: { session } } = await sb.auth.getSession();
            if (session.status === "viewed" || session.status === "archived") {}
            const { data: { user: m } } = await sb.auth.getUser();
            if (m.status === "viewed") {}
            const { data: { status: s } } = await sb.from("media_assets").select("status").single();
            if (s === "viewed") {}
            """
        XCTAssertEqual(try found(code), [])
    }
}
