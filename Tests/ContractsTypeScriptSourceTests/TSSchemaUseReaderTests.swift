import ContractsCore
import ContractsTypeScriptSource
import XCTest

/// What the TypeScript reader takes from supabase-js query chains, and what it leaves alone.
final class TSSchemaUseReaderTests: XCTestCase {
    private func uses(_ text: String) -> SchemaUses { TSSchemaUseReader.uses(path: "supabase/functions/pay/index.ts", text: text) }

    private func columns(_ use: SchemaUse) -> [String] { use.columns.map { "\($0.role.rawValue) \($0.name) \($0.location.line):\($0.location.column)" } }

    func testChainsAcrossLinesWithSchemasFiltersAndWrites() throws {
        let found = uses("""
            const { data: members, error } = await supabase
              .from("league_members")
              .select("id, user_id, eliminated_gameweek, leagues!inner(name)")
              .eq("league_id", leagueId)
              .is("paid_at", null)
              .order("joined_at", { ascending: true });
            await supabase.schema('billing').from('payouts').insert([{ member_id: m.id, amount }, { member_id: x, amount: 2 }]);
            await supabase.from('billing.ledger').upsert({ id, ...rest }, { onConflict: 'id' });
            await supabase.from('payouts').update({ status: 'paid' }).match({ member_id: m.id, 'league.id': 1 });
            """)
        XCTAssertEqual(found.queries.map { "\($0.schema).\($0.relation)" }, ["public.league_members", "billing.payouts", "billing.ledger", "public.payouts"])
        XCTAssertEqual(columns(found.queries[0]), [
            "selected id 3:12", "selected user_id 3:16", "selected eliminated_gameweek 3:25",
            "filtered league_id 4:8", "filtered paid_at 5:8", "ordered joined_at 6:11",
        ])
        XCTAssertEqual(found.queries[0].embeds.map(\.name), ["leagues"])
        XCTAssertEqual(found.queries[1].write?.keys, ["amount", "member_id"])
        XCTAssertEqual(found.queries[2].write?.keys, nil, "a spread hides keys")
        XCTAssertEqual(columns(found.queries[2]), ["written id 8:48", "conflict id 8:78"])
        XCTAssertEqual(found.queries[3].columns.map(\.name), ["status", "member_id"])
    }

    func testDecoysAndUnreadableNames() {
        let found = uses("""
            const bytes = Buffer.from('abc');
            const list = Array.from(set).map((x) => x);
            await supabase.storage.from('avatars').upload('a.png', file);
            await supabase.from(table).select('id');
            await supabase.from(`t_${kind}`).select('id');
            await supabase.from('deals').select(`id, ${extra}`);
            await supabase.from('deals').select(columns);
            await supabase.from(`deals`).select(`id`);
            """)
        XCTAssertEqual(found.queries.map(\.relation), ["deals", "deals", "deals"])
        XCTAssertEqual(found.queries.map(\.columns.count), [0, 0, 1])
    }

    func testRPCs() {
        let found = uses("""
            await supabase.rpc('award_prize', { p_league_id: id, p_member_id: m.id });
            await supabase.rpc('tick');
            await supabase.rpc('award_prize', args);
            await supabase.schema('ops').rpc('sweep', { days: 3 });
            """)
        XCTAssertEqual(found.rpcs.map { "\($0.schema).\($0.name) \($0.arguments.map { $0.keys.sorted().joined(separator: ",") } ?? "?")" }, [
            "public.award_prize p_league_id,p_member_id", "public.tick ", "public.award_prize ?", "ops.sweep days",
        ])
    }
}

extension TSSchemaUseReaderTests {
    func testOrFilters() throws {
        let found = uses("""
            await supabase.from('deals').select('id')
              .or('a.eq.1,and(b.gt.2,c.not.in.(x,"y,z"))')
              .or(`title.ilike.*${q}*,body.ilike.*${q}*`)
              .or("d.eq." + value + ",e.eq.2")
              .or(`f.eq."g.eq.1",h.is.null`)
              .or('rel_col.eq.1', { referencedTable: 'venues' })
              .or('rel_col.eq.1', { foreignTable: 'venues' })
              .or(`${column}.eq.1,i.eq.2`)
              .or('j\\u002Eeq.1')
              .or(filters)
              .or('n.equals.1');
            """)
        let use = try XCTUnwrap(found.queries.first)
        XCTAssertEqual(columns(use), [
            "selected id 1:38", "filtered a 2:8", "filtered b 2:19", "filtered c 2:26",
            "filtered title 3:8",
            "filtered d 4:8",
            "filtered f 5:8", "filtered h 5:22",
        ])
    }
}

extension TSSchemaUseReaderTests {
    /// A row type the chain names (`.returns<Row[]>()`, `.single<Row>()`): the keys it requires, when the file
    /// declares it once as a plain object type.
    func testRowTypesNamedByTheChain() throws {
        let found = uses("""
            await supabase.from('a').select('id, b:c').returns<Row[]>();
            await supabase.from('a').select('*').single<Row>();
            await supabase.from('a').select('id').maybeSingle<Lines>();
            await supabase.from('a').select('id').returns<Loose[]>();
            await supabase.from('a').select('id').returns<Merged[]>();
            await supabase.from('a').select('id').returns<Generic[]>();
            await supabase.from('a').select('id').returns<Elsewhere[]>();
            await supabase.from('a').select('id').returns<Both>();
            await supabase.from('a').select(cols).returns<Row[]>();
            type Row = {
              id: string;
              "quoted key": number,
              readonly ro: boolean;
              maybe?: string;
              nested: { deep: string; other?: number };
              fn: (x: number) => string;
            };
            type Lines = {
              id: string
              name: string | null
              tags?: string[]
            }
            type Loose = { id: string; [key: string]: unknown };
            interface Merged { id: string }
            interface Merged { other: string }
            type Generic = { id: string; counts: Record<string, number> };
            type Both = { id: string } & { extra: string };
            """)
        let decodes = found.queries.map { $0.decode.map { "\($0.typeName): " + $0.fields.map { "\($0.key) \($0.location.line)" }.joined(separator: ", ") } ?? "-" }
        XCTAssertEqual(decodes, [
            "Row: id 11, quoted key 12, ro 13, nested 15, fn 16",
            "Row: id 11, quoted key 12, ro 13, nested 15, fn 16",
            "Lines: id 19, name 20",
            "-", "-", "-", "-", "-", "-",
        ], "an index signature, a merged interface, a generic's comma, another file's type, an intersection, an unreadable select: nothing")
        XCTAssertEqual(found.queries[1].selectsAll, true)
    }
}
