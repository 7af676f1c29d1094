import ContractsCore
import XCTest
@testable import ContractsTypeScriptSource

/// `ts-unknown-literal` on what edge functions write beyond a literal in place: rows passed by name, built by
/// `map` or `push`, `functions.invoke` bodies, names bound to a literal; and retired values, which may be read
/// but never written.
final class WrittenRowsAndRetiredTests: XCTestCase {
    private func flagged(_ text: String, _ registry: Registry) -> [String] {
        summary(findings(text, registry))
    }

    func testRowsBuiltByMapAndInsertedByName() throws {
        let r = try TestRegistries.naarsCars()
        let mapped = """
        const rows = (members ?? []).map((m) => ({ user_id: m.id, type: 'weekly_digest', title }));
        const { error } = await supabase.from('notifications').insert(rows);
        """
        XCTAssertEqual(flagged(mapped, r), ["\(position(of: "'weekly_digest'", in: mapped)) ts-unknown-literal"])
        let returned = """
        const rows = members.map(function (m) {
          if (!m.id) { return null }
          return { user_id: m.id, type: 'digest_weekly' }
        })
        await supabase.from("public.notifications").upsert(rows, { onConflict: "id" })
        """
        XCTAssertEqual(flagged(returned, r), ["\(position(of: "'digest_weekly'", in: returned)) ts-unknown-literal"])
        let inline = "await supabase.from('notifications').insert(ids.map(id => ({ user_id: id, type: 'digest' })))"
        XCTAssertEqual(flagged(inline, r), ["\(position(of: "'digest'", in: inline)) ts-unknown-literal"])
        let pushed = """
        const batch = [];
        for (const m of members) batch.push({ user_id: m.id, type: 'nudge' });
        await supabase.from('notifications').insert(batch);
        """
        XCTAssertEqual(flagged(pushed, r), ["\(position(of: "'nudge'", in: pushed)) ts-unknown-literal"])
        let single = """
        const row = { user_id: uid, type: 'hello' }
        await supabase.from('notifications').update(row).eq('id', id)
        """
        XCTAssertEqual(flagged(single, r), ["\(position(of: "'hello'", in: single)) ts-unknown-literal"])
    }

    /// `[...set].map(...)` builds rows as `xs.map(...)` and `Array.from(xs).map(...)` do.
    func testRowsBuiltFromASpreadSet() throws {
        let r = try TestRegistries.naarsCars()
        let spread = """
        const participantSet = new Set((comments ?? []).map((c) => c.user_id));
        await supabase.from('notifications').upsert([...participantSet].map(id => ({ user_id: id, type: 'commentAdded', title })), { onConflict: 'id' });
        const rows = Array.from(participantSet).map((id) => ({ user_id: id, type: 'comment_added' }));
        await supabase.from('notifications').insert(rows);
        """
        XCTAssertEqual(flagged(spread, r), ["\(position(of: "'commentAdded'", in: spread)) ts-unknown-literal",
                                            "\(position(of: "'comment_added'", in: spread)) ts-unknown-literal"])
        // Decoys: a spread of ids whose rows have no typed column, and one written to another table.
        let decoys = """
        const participantSet = new Set(participants);
        await supabase.from('notifications').insert([...participantSet].map((id) => ({ user_id: id, title: 'New comment' })));
        await supabase.from('comment_events').insert([...participantSet].map((id) => ({ actor: id, type: 'commentAdded' })));
        const ids = [...participantSet].map((id) => id.trim());
        await supabase.from('notifications').update({ read: true }).in('user_id', [...ids]);
        """
        XCTAssertEqual(flagged(decoys, r), [])
    }

    func testNamesBoundToALiteral() throws {
        let r = try TestRegistries.naarsCars()
        let text = """
        const type = 'digest';
        await supabase.from('notifications').insert({ user_id: uid, type });
        """
        XCTAssertEqual(flagged(text, r), ["\(position(of: "'digest'", in: text)) ts-unknown-literal"])
        let keyed = """
        const kind = "digest"
        await supabase.from('notifications').insert([{ user_id: uid, type: kind }])
        """
        XCTAssertEqual(flagged(keyed, r), ["\(position(of: "\"digest\"", in: keyed)) ts-unknown-literal"])
    }

    func testFunctionsInvokeBodies() throws {
        let r = try TestRegistries.naarsCars()
        let text = """
        await supabase.functions.invoke('send-push', { body: { user_id: uid, type: 'digest' } });
        const type = 'nudge';
        await supabase.functions.invoke('send-push', { body: JSON.stringify({ type, user_id: uid }) });
        """
        XCTAssertEqual(flagged(text, r), [
            "\(position(of: "'digest'", in: text)) ts-unknown-literal",
            "\(position(of: "'nudge'", in: text)) ts-unknown-literal",
        ])
        let named = """
        const payload = { type: 'digest', user_id: uid };
        await client.functions.invoke("send-push", { body: payload });
        """
        XCTAssertEqual(flagged(named, r), ["\(position(of: "'digest'", in: named)) ts-unknown-literal"])
    }

    func testInvokeBodiesAreNotHeldToDeepLinkKeys() throws {
        let r = try TestRegistries.naarsCars()
        // A request to another function: its type is judged, its keys are not (that function builds the push).
        XCTAssertEqual(flagged("await supabase.functions.invoke('send-push', { body: { type: 'ride_claimed', recipient: uid } })", r), [])
        // Carrying a push key, it is judged as a push payload, as any object would be.
        let text = "await supabase.functions.invoke('send-push', { body: { type: 'ride_claimed', user_id: uid } })"
        XCTAssertEqual(flagged(text, r), ["\(position(of: "'ride_claimed'", in: text)) ts-payload-key-drift"])
    }

    func testDecoysAreNotRowsOrBodies() throws {
        let r = try TestRegistries.naarsCars()
        let text = """
        const rows = members.map((m) => ({ user_id: m.id, type: 'member' }));
        await supabase.from('family_members').insert(rows);
        await supabase.from('other_table').insert({ type: 'x' });
        const { data } = await supabase.from('notifications').select('type').eq('user_id', uid);
        const shape = { type: 'circle', radius: 2 };
        await supabase.functions.invoke('resize', { headers: { type: 'image' }, body: { size: 2 } });
        await supabase.from('notifications').insert(members.map((m) => ({ user_id: m.id, type: 'broadcast' })));
        function notify(type: string) { return supabase.from('notifications').insert({ user_id: uid, type }) }
        const other = 'digest';
        function later() { const type = 'broadcast'; return supabase.functions.invoke('p', { body: { type } }) }
        await supabase.functions.invoke('p', { body: { type: other === 'x' ? 'announcement' : 'broadcast' } });
        """
        XCTAssertEqual(flagged(text, r), [])
        // A name bound to a literal in another function is not in scope.
        let scoped = """
        function a() { const type = 'digest'; return type }
        function b(type: string) { return supabase.from('notifications').insert({ user_id: uid, type }) }
        """
        XCTAssertEqual(flagged(scoped, r), [])
    }

    // MARK: - Retired values

    private func withRetired() throws -> Registry {
        var r = try TestRegistries.naarsCars()
        r.notificationTypes!.retired = [RetiredValue(raw: "ride_request", location: r.location)]
        return r
    }

    func testWritingARetiredValue() throws {
        let r = try withRetired()
        let text = """
        await supabase.from('notifications').insert({ user_id: uid, type: 'ride_request' });
        await supabase.from('notifications').update({ type: 'ride_request' }).eq('id', id);
        """
        let found = findings(text, r)
        XCTAssertEqual(summary(found), [
            "\(position(of: "'ride_request'", in: text)) ts-unknown-literal",
            "\(position(of: "'ride_request'", in: text, occurrence: 2)) ts-unknown-literal",
        ])
        XCTAssertTrue(found.first?.message.contains("'ride_request' is written as a notification type but is retired") ?? false,
                      found.first?.message ?? "")
        let invoked = "const type = 'ride_request'\nawait supabase.functions.invoke('push', { body: { type } })"
        XCTAssertEqual(flagged(invoked, r), ["\(position(of: "'ride_request'", in: invoked)) ts-unknown-literal"])
    }

    func testReadingARetiredValue() throws {
        let r = try withRetired()
        let text = """
        if (row.type === 'ride_request' || row.type === 'message') { legacy = true }
        switch (payload.type) { case 'ride_request': case 'new_ride': break }
        await supabase.from('notifications').update({ type: 'new_ride' }).eq('type', 'ride_request');
        await supabase.from('notifications').delete().eq('type', 'ride_request');
        """
        XCTAssertEqual(flagged(text, r), [])
        // Unregistered and not retired: still reported when read.
        XCTAssertEqual(flagged("if (row.type === 'ride_requets' || row.type === 'message') {}", r).count, 1)
    }
}
