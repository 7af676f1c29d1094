import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest
@testable import ContractsTypeScriptSource

/// The shared enums in TypeScript: literals judged against the enum of the table they meet, and the enums'
/// hand-written surfaces, on edge functions with a decoy for every confusion (`SharedEnumEdgeFunctions`).
final class SharedEnumLiteralTests: XCTestCase {
    private func registry(_ text: String = SharedEnumEdgeFunctions.registry) throws -> Registry {
        try RegistryLoader.load(text: text, file: "registry.yaml")
    }

    /// Every finding of the edge functions, by file, as `path:line:column rule-id: message`.
    private func report(_ registry: Registry) -> [Finding] {
        let project = SharedEnumEdgeFunctions.example.project
        return project.keys.sorted().filter { $0.hasSuffix(".ts") }.flatMap { path in
            findings(project[path]!, registry, path: path)
        }
    }

    func testEveryMarkedLiteralAndSurfaceIsFoundAndNoDecoy() throws {
        let all = report(try registry())
        let found = all.map { "\($0.location.file):\($0.location.line):\($0.location.column)" }
        XCTAssertEqual(found.sorted(), SharedEnumEdgeFunctions.example.markedLocations.sorted(),
                       all.map { "\($0.location) \($0.ruleID): \($0.message)" }.joined(separator: "\n"))
    }

    func testMessagesNameTheEnumAndTheTableTheLiteralMeets() throws {
        let messages = Dictionary(report(try registry()).map { ("\($0.location.file):\($0.location.line):\($0.location.column)", $0) },
                                  uniquingKeysWith: { a, _ in a })
        let project = SharedEnumEdgeFunctions.example.project
        func at(_ path: String, _ needle: String, occurrence: Int = 1) -> Finding? {
            messages["\(path):\(position(of: needle, in: project[path]!, occurrence: occurrence))"]
        }
        let chat = "supabase/functions/chat-moderation/index.ts", media = "supabase/functions/media-pipeline/index.ts"
        let hook = "supabase/functions/db-webhook/index.ts", surfaces = "supabase/functions/_shared/contracts.ts"
        XCTAssertEqual(at(chat, "'viewed');")?.message, "'viewed' (compared with chat_rooms.status) is not a ChatRoomStatus.")
        XCTAssertEqual(at(chat, "'viewed');")?.ruleID, "ts-unknown-literal-read")
        XCTAssertEqual(at(chat, "'closed' })")?.message,
                       "'closed' (written to chat_rooms.status) is a retired ChatRoomStatus: old rows may hold it, but nothing may write it again.")
        XCTAssertEqual(at(chat, "'removed'")?.message, "'removed' (written to chat_room_events.new_status) is not a ChatRoomStatus.")
        XCTAssertEqual(at(chat, "'archvied'")?.fix,
                       "use one of ChatRoomStatus's values ('active', 'archived', 'blocked', 'deleted'), or add 'archvied' to enums.ChatRoomStatus.values in the registry")
        XCTAssertEqual(at(media, "'archived') return")?.message, "'archived' (compared with media_assets.status) is not a MediaAssetStatus.")
        XCTAssertEqual(at(media, "'uploaded') console")?.message, "'uploaded' (compared with chat_rooms.status) is not a ChatRoomStatus.")
        XCTAssertEqual(at(media, "'opened'")?.message, "'opened' (compared with invites.status) is not an InviteStatus.")
        XCTAssertEqual(at(hook, "'actve'")?.message,
                       "'actve' (compared with payload.record.status) is not a value of any enum with a status column: "
                           + "ChatRoomStatus (chat_rooms), MediaAssetStatus (media_assets), InviteStatus (invites).")
        XCTAssertEqual(at(hook, "'actve'")?.fix, "replace 'actve' with 'active'")
        XCTAssertEqual(at(hook, "'enterprise' }).eq('id', 1);\n")?.message,
                       "'enterprise' (written to billing.subscriptions.plan) is not a BillingPlan.")
        XCTAssertEqual(at(surfaces, "InviteStatus =")?.message,
                       "the union type InviteStatus lacks 'expired', one of InviteStatus's values: add it (or import the generated inviteStatus.ts).")
        XCTAssertEqual(at(surfaces, "'ride']);")?.message,
                       "the set REPORT_TARGETS has 'ride', a retired ReportTargetType: old rows may hold it, but nothing may write it again; remove it.")
        XCTAssertEqual(at(surfaces, "MEDIA_STATUS_BY_EVENT:")?.message,
                       "the Record value type of MEDIA_STATUS_BY_EVENT lacks 'failed', one of MediaAssetStatus's values: add it (or import the generated mediaAssetStatus.ts).")
        XCTAssertEqual(at(surfaces, "'banned'")?.message,
                       "the array hidden has 'banned', which is not a ChatRoomStatus: remove it, or add it to enums.ChatRoomStatus.values in registry.yaml.")
        XCTAssertEqual(at(surfaces, "'banned'")?.ruleID, "ts-const-drift")
    }

    /// Without `enums:`, the same functions give no finding: every literal above is a shared enum's.
    func testANotificationOnlyRegistryFindsNothingNew() throws {
        XCTAssertEqual(report(try registry(RuleExample.baseRegistry)).map(\.message), [])
    }

    /// 'viewed' is a MediaAssetStatus: silent on a media row, drift on a room row, silent where the table is unknown.
    func testOneLiteralIsJudgedByTheTableItMeets() throws {
        let code = """
            import { supabase } from '../_shared/supabase.ts';
            const { data: asset } = await supabase.from('media_assets').select('status').single();
            const { data: room } = await supabase.from('chat_rooms').select('status').single();
            const seen = asset?.status === 'viewed';
            const odd = room?.status === 'viewed';
            export function unknown(m: { status: string }) { return m.status === 'viewed'; }
            """
        XCTAssertEqual(summary(findings(code, try registry())), ["\(position(of: "'viewed';\nexport", in: code)) ts-unknown-literal-read"])
    }

    /// Optional chaining reads the column as a plain access does: `reread?.status === "deleted"`.
    func testOptionalChainingIsAComparison() throws {
        let code = """
            const { data: reread } = await supabase.from("chat_rooms").select("status").eq("id", roomId).maybeSingle();
            if (reread?.status === "deleted") return;
            if (reread?.status === "deletd" || "archvied" === reread?.["status"]) return;
            const { data: rows } = await supabase.from("chat_rooms").select("status");
            if (rows?.[0]?.status !== "blokced") return;
            const { data: asset } = await supabase.from("media_assets").select("status").maybeSingle();
            if (asset?.status === "viewed") return;
            """
        XCTAssertEqual(summary(findings(code, try registry())), [
            "\(position(of: "\"deletd\"", in: code)) ts-unknown-literal-read",
            "\(position(of: "\"archvied\"", in: code)) ts-unknown-literal-read",
            "\(position(of: "\"blokced\"", in: code)) ts-unknown-literal-read",
        ])
    }

    /// A name assigned again takes its latest binding; assigned in a branch, it is unknown (and never a false alarm).
    func testAReusedRowVariableTakesItsLatestBinding() throws {
        let code = """
            let r = (await sb.from('media_assets').select().single()).data;
            if (r.status === 'viewed') {}
            r = (await sb.from('chat_rooms').select().single()).data;
            if (r.status === 'viewed') {}
            if (flag) { r = (await sb.from('media_assets').select().single()).data; }
            if (r.status === 'viewed') {}
            """
        XCTAssertEqual(summary(findings(code, try registry())), ["4:18 ts-unknown-literal-read"])
    }

    /// A destructuring assignment rebinds the name too: `({ data: row } = await ...)`.
    func testADestructuringAssignmentRebindsTheRow() throws {
        let code = """
            let { data: row } = await sb.from('media_assets').select('id, status').single();
            if (row?.status === 'viewed') {}
            ({ data: row } = await sb.from('chat_rooms').select('id, status').single());
            if (row?.status === 'archived' || row?.status === 'viewed') {}
            """
        XCTAssertEqual(summary(findings(code, try registry())), ["4:51 ts-unknown-literal-read"])
    }

    /// `.eq` on each table, through a builder held by a name, and `.schema(...)`.
    func testFiltersAreJudgedByTheirQuerysTable() throws {
        let code = """
            let q = supabase.from('invites').select('id');
            q = q.eq('status', 'viewed');
            await supabase.from('media_assets').select('id').eq('status', 'viewed');
            await supabase.schema('billing').from('subscriptions').select('id').in('plan', ['free', 'gold']);
            await supabase.storage.from('media_assets').update('status', 'x');
            const bytes = Buffer.from('chat_rooms').eq('status', 'x');
            """
        XCTAssertEqual(summary(findings(code, try registry())),
                       ["\(position(of: "'viewed'", in: code)) ts-unknown-literal-read", "\(position(of: "'gold'", in: code)) ts-unknown-literal-read"])
    }

    /// A parameter typed with Supabase's generated row types knows its table; `.filter` and `.not` with `eq` filter too.
    func testRowTypesAndOperatorFiltersNameTheTable() throws {
        let code = """
            import type { Database, Tables } from '../_shared/database.types.ts';
            type Asset = Tables<'media_assets'>;
            type Room = Database['public']['Tables']['chat_rooms']['Row'];
            export function seen(a: Asset, rooms: Room[]) {
              const viewed = a.status === 'viewed';
              const odd = rooms.some((r) => r.status === 'viewed');
              return viewed && odd && rooms.filter((r) => r.id === 'x');
            }
            await supabase.from('chat_rooms').select('id').filter('status', 'eq', 'uploaded').not('status', 'eq', 'closed');
            await supabase.from('chat_rooms').select('id').filter('status', 'in', '(active)');
            """
        XCTAssertEqual(summary(findings(code, try registry())),
                       ["\(position(of: "'viewed');", in: code)) ts-unknown-literal-read", "\(position(of: "'uploaded'", in: code)) ts-unknown-literal-read"])
    }

    /// Supabase's generated types list the labels of every ENUM type an enum names: a stale label is drift at the
    /// label, a missing one at the type's name; a retired label is fine (old rows hold it); another schema's is not ours.
    func testSupabasesGeneratedEnumsAreASurfaceOfEveryEnumTypeEnum() throws {
        let registry = try registry(RuleExample.baseRegistry + """
            enums:
              MatchStatus:
                sql: { enum_type: match_status }
                values: [live, final]
                retired: [void]
              Plan:
                sql: { enum_type: billing.plan }
                values: [free, pro]

            """)
        let code = """
            export type Database = {
              public: {
                Tables: { matches: { Row: { status: Database["public"]["Enums"]["match_status"] } } }
                Enums: {
                  match_status: "live" | "void" | "postponed"
                  plan: "anything"
                }
              }
              billing: {
                Enums: {
                  plan: "free"
                }
              }
            }
            export const Constants = { public: { Enums: { match_status: ["live", "final", "void"] } } } as const
            """
        let found = findings(code, registry, path: "supabase/functions/_shared/database.types.ts")
        XCTAssertEqual(summary(found), [
            "\(position(of: "match_status: \"live", in: code)) ts-const-drift",
            "\(position(of: "\"postponed\"", in: code)) ts-const-drift",
            "\(position(of: "plan: \"free", in: code)) ts-const-drift",
        ])
        XCTAssertEqual(found.map(\.message), [
            "Supabase's generated Enums.match_status lacks 'final', one of MatchStatus's values: the types were generated before the migration that adds it; regenerate them (`supabase gen types typescript`).",
            "Supabase's generated Enums.match_status has 'postponed', which is not a MatchStatus: regenerate the types (`supabase gen types typescript`) after the migration that removes it, or add it to enums.MatchStatus.values in registry.yaml.",
            "Supabase's generated Enums.plan lacks 'pro', one of Plan's values: the types were generated before the migration that adds it; regenerate them (`supabase gen types typescript`).",
        ])
    }

    /// A retired value may be compared and filtered on; only writing it is drift.
    func testRetiredValuesAreReadButNotWritten() throws {
        let code = """
            const { data } = await supabase.from('chat_rooms').select('*').neq('status', 'closed');
            data?.forEach((room) => { if (room.status === 'closed') console.log('legacy'); });
            await supabase.from('chat_rooms').upsert({ id: 1, status: flag ? 'active' : 'closed' });
            """
        XCTAssertEqual(summary(findings(code, try registry())), ["\(position(of: "'closed' }", in: code)) ts-unknown-literal"])
    }

    /// Every cut of the edge functions (a file mid-edit) is read without trapping, and a long run of one query's
    /// filters and reassignments stays linear enough to read at once.
    func testCutFilesAndLongRunsAreReadWithoutTrapping() throws {
        let registry = try registry()
        for (path, text) in SharedEnumEdgeFunctions.example.project where path.hasSuffix(".ts") {
            let bytes = Array(text.utf8)
            for cut in stride(from: 0, to: bytes.count, by: 23) {
                _ = findings(String(decoding: bytes[..<cut], as: UTF8.self), registry, path: path)
            }
        }
        let long = "let q = sb.from('invites').select();\n" + String(repeating: "q = q.eq('status', 'viewed');\nif (q.status === 'x') {}\n", count: 2000)
        XCTAssertEqual(findings(long, registry).count, 2000)
    }

    /// Soups of the shapes the shared-enum readers follow (queries, bindings, reassignments, callbacks, switches,
    /// surfaces), cut and nested at random, are read without trapping, each within a bound.
    func testRandomShapesAreReadWithoutTrapping() throws {
        let registry = try registry()
        let pieces = [
            "const { data: r } = await sb.from('chat_rooms').select('*')", ".single()", "let r = ", "r = ", "r", ".data",
            "(await sb.from('media_assets').select())", ".schema('billing')", ".from('invites')", ".eq('status', 'viewed')",
            ".in('status', ['a', ", ".update({ status: ", "'viewed'", "'archived'", ".status", "?.status", " === ", " !== ",
            "for (const x of ", "(r ?? [])", ".filter((x) => ", ".map(({ status }) => ", "switch (", "case 'x':", "{", "}",
            "(", ")", "[", "]", ";\n", "=>", "function f(m: Tables<'media_assets'>) ", "type ChatRoomStatus = 'a' | ",
            "export const REPORT_TARGETS = new Set([", "const MEDIA_STATUS_BY_EVENT: Record<string, 'a' | ", "> = ",
            "as const", "x", ", ", "if (", "`${", "/re/g", "// ", "\n",
        ]
        var random = SeededRandom("shared-enum shapes")
        for _ in 0..<150 {
            let text = (0..<Int.random(in: 5...120, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let started = Date()
            _ = findings(text, registry)
            XCTAssertLessThan(Date().timeIntervalSince(started), 2, text)
        }
    }

    /// Strings equal to values in unrelated places: comments, logs, template literals, keys, other tables.
    func testStringsOutsideAnEnumsPlacesStaySilent() throws {
        let code = """
            // status === 'bogus' in a comment
            console.log('status', 'bogus', `status ${'bogus'}`);
            const labels = { bogus: 'Bogus', status: 'bogus' };
            await supabase.from('profiles').update({ status: 'bogus' });
            await supabase.rpc('set_status', { status: 'bogus' });
            if (res.status === 'bogus') {}
            """
        XCTAssertEqual(summary(findings(code, try registry())), [])
    }
}
