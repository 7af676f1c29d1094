import ContractsCore
import XCTest
@testable import ContractsTypeScriptSource

/// `ts-unknown-literal`: literals where a notification type is expected, and only there.
final class UnknownTypeLiteralRuleTests: XCTestCase {
    /// `read`: the literal is compared, not written (`ts-unknown-literal-read`).
    private func expectOne(_ text: String, at needle: String, occurrence: Int = 1, _ registry: Registry, read: Bool = false,
                           file: StaticString = #filePath, line: UInt = #line) -> Finding? {
        let found = findings(text, registry)
        let rule = read ? "ts-unknown-literal-read" : "ts-unknown-literal"
        XCTAssertEqual(summary(found), ["\(position(of: needle, in: text, occurrence: occurrence)) \(rule)"],
                       file: file, line: line)
        return found.first
    }

    func testComparisonsWithTheTypeKey() throws {
        let r = try TestRegistries.naarsCars()
        let f = expectOne("if (payload.type === 'ride_claimd') { notify() }", at: "'ride_claimd'", r, read: true)
        XCTAssertTrue(f?.message.contains("did you mean 'ride_claimed'") ?? false, f?.message ?? "")
        XCTAssertEqual(f?.fix, "replace 'ride_claimd' with 'ride_claimed'")
        XCTAssertEqual(f?.registryLocation, r.notificationTypes!.location)
        _ = expectOne("const skip = \"messages\" !== event?.record?.type", at: "\"messages\"", r, read: true)
        _ = expectOne("if (x['type'] == 'townhall_post' || x.type === 'town_hall_post') {}", at: "'townhall_post'", r, read: true)
        _ = expectOne("if (n.type === NOTIFICATION_TYPES.RIDE_CLAIMD) {}", at: "RIDE_CLAIMD", r, read: true)
    }

    func testComparisonsWithBoundNames() throws {
        let r = try TestRegistries.naarsCars()
        _ = expectOne("const { type, ride_id } = await req.json();\nif (type === 'new_rides') {}", at: "'new_rides'", r, read: true)
        // 'chat' is no near miss: judged because `kind` is also compared with a registered type.
        _ = expectOne("const kind = body.record.type;\nconst isChat = kind === 'chat' || kind === 'message';", at: "'chat'", r, read: true)
        XCTAssertEqual(summary(findings("const kind = body.record.type;\nconst isChat = kind === 'chat';", r)), [])
    }

    func testComparisonsWithoutEvidenceAreLeftAlone() throws {
        let r = try TestRegistries.naarsCars()
        let text = """
        if (payload.type === 'INSERT' && payload.table === 'messages') {}     // a database webhook
        if (attachment.type === 'image') {}
        if (typeof payload.type === 'string' && payload.type === 'message') {}
        switch (event.type) { case 'UPDATE': case 'DELETE': break }
        """
        XCTAssertEqual(summary(findings(text, r)), [])
    }

    func testWebPushFunctionShapesAreClean() throws {
        let r = try TestRegistries.naarsCars()
        let text = """
        interface PushRequest { user_id: string; notification_id: string; type: string; title: string }
        const { user_id, notification_id, type, title, body } = (await req.json()) as PushRequest;
        const { data: prefs } = await supabase.from('notification_preferences').select(`"${type}"`).single();
        if (type !== 'event.cancelled' && prefs[type]?.push !== true) return skip('Push disabled for this type');
        const payload = JSON.stringify({ title, body, data: { notification_id, type, metadata: {} } });
        const msg = { type: 'text', content: body, notification_id };
        """
        XCTAssertEqual(summary(findings(text, r)), [])
    }

    func testIncludesListsAndEvidenceAcrossTheFile() throws {
        let r = try TestRegistries.naarsCars()
        let text = """
        const MANDATORY = ['ride_claimed', 'pending_aproval'];
        if (['ride_claimed', 'user_aproved', 'banner'].includes(record.type)) {}
        if (record.type === 'broadcast') {}
        if (record.type === 'digest') {}
        """
        let found = summary(findings(text, r))
        XCTAssertEqual(found, [
            "\(position(of: "'user_aproved'", in: text)) ts-unknown-literal-read",
            "\(position(of: "'banner'", in: text)) ts-unknown-literal-read",
            "\(position(of: "'digest'", in: text)) ts-unknown-literal-read",
        ])
    }

    func testSwitchCases() throws {
        let r = try TestRegistries.naarsCars()
        let text = """
        switch (record.type) {
          case 'new_ride':
          case 'ride_update': {
            switch (kind) { case 'weird': break }   // not a switch on the type
            break
          }
          case "favour_update":
            break
          default:
            console.log(`unhandled ${record.type}: 'x'`)
        }
        """
        _ = expectOne(text, at: "\"favour_update\"", r, read: true)
    }

    func testNotificationObjects() throws {
        let r = try TestRegistries.naarsCars()
        _ = expectOne("const p = { aps: { sound: 'default' }, type: 'ride_claimd', ride_id: id }", at: "'ride_claimd'", r)
        _ = expectOne("await sendPushNotification(token, { type: urgent ? 'announcment' : 'broadcast', title })", at: "'announcment'", r)
        _ = expectOne("await supabase.from('notifications').insert([{ user_id: uid, type: 'welcome', title }])", at: "'welcome'", r)
        // Carrying only a deep-link key, an object is judged for near misses of registered types.
        _ = expectOne("const p = { type: 'ride_claimd', ride_id: id }", at: "'ride_claimd'", r)
        XCTAssertEqual(findings("const upload = { type: 'image', user_id: uid, url }", r), [])
    }

    func testPositionalEmitterArgument() throws {
        var r = try TestRegistries.naarsCars()
        r.emitters.typescript = [FunctionEmitter(function: "notifyUser", argument: 2, location: r.location)]
        let text = """
        await notifyUser(userId, 'ride_claimed', { ride_id });
        await notifyUser(userId, urgent ? 'broadcast' : 'bulletin');
        function notifyUser(userId: string, type: string = 'default_type') {}
        """
        XCTAssertEqual(summary(findings(text, r)), ["\(position(of: "'bulletin'", in: text)) ts-unknown-literal"])
    }

    func testUnrelatedTypePropertiesAreNotJudged() throws {
        let r = try TestRegistries.naarsCars()
        let text = """
        const button = { type: 'button', label: 'Open message' };
        const blob = new Blob([bytes], { type: 'text/plain' });
        const headers = { 'Content-Type': 'application/json', type: 'json' };
        await supabase.from('profiles').insert({ type: 'driver', user_id: uid });
        if (file.kind === 'message') {}
        const label = 'type' === 'message' ? 1 : 2;
        // payload.type === 'ride_claimd' in a comment
        const doc = `payload.type === 'ride_claimd'`;
        function sendPushNotification({ type = 'unknown_default' }) {}
        """
        XCTAssertEqual(summary(findings(text, r)), [])
    }

    func testRegisteredLiteralsAreClean() throws {
        let r = try TestRegistries.naarsCars()
        let text = """
        if (payload.type === 'message' || payload.type === NOTIFICATION_TYPES.ADDED_TO_CONVERSATION) {}
        switch (payload.type) { case 'review': case NOTIFICATION_TYPES.TOWN_HALL_POST: break }
        const p = { type: 'ride_claimed', ride_id: rideId };
        """
        XCTAssertEqual(summary(findings(text, r)), [])
    }

    func testTypeFunctionsLikeResolveEventType() throws {
        let r = try TestRegistries.naarsCars()
        let text = """
        export function resolveEventType(payload: Record<string, any>): string | undefined {
          if (payload.kind) { return payload.kind; }
          return payload.type ?? payload.eventType ?? payload.event_type ?? payload.data?.type;
        }
        const pick = (p: any) => p.data?.type || p.type;
        if (resolveEventType(body) === 'ride_claimd') {}
        const t: string = pick(body) ?? 'other';
        switch (t) { case 'message': case 'town_hall': break }
        """
        XCTAssertEqual(summary(findings(text, r)), [
            "\(position(of: "'ride_claimd'", in: text)) ts-unknown-literal-read",
            "\(position(of: "'town_hall'", in: text)) ts-unknown-literal-read",
        ])
        XCTAssertEqual(summary(findings("function label(p) { if (p.type === 'x') { return p.title } }\nif (label(p) === 'ride_claimd') {}", r)), [])
    }

    func testTypeFunctionReturningAParenthesizedCast() throws {
        // Found by the fixture app: _shared/apns.ts wraps the branches to cast them.
        let r = try TestRegistries.naarsCars()
        let text = """
        export function resolveEventType(payload: Record<string, unknown>): string | undefined {
          const data = payload.data as Record<string, unknown> | undefined;
          return (payload.type ?? payload.eventType ?? data?.type) as string | undefined;
        }
        if (resolveEventType(body) === 'ride_claimd') {}
        """
        XCTAssertEqual(summary(findings(text, r)), ["\(position(of: "'ride_claimd'", in: text)) ts-unknown-literal-read"])
    }

    func testTypeFunctionsAcrossFiles() throws {
        let r = try TestRegistries.driverApp()
        let shared = """
        export function resolveEventType(p: any) {
          if (!p) return undefined;
          return p.notification_type ?? p.data?.notification_type;
        }
        """
        let handler = """
        import { resolveEventType } from "../_shared/events.ts";
        switch (resolveEventType(await req.json())) {
          case "trip_assigned": break;
          case "trip_canceled": break;
        }
        """
        let tree = MemoryTree(text: ["supabase/functions/_shared/events.ts": shared, "supabase/functions/notify/index.ts": handler])
        let found = try TypeScriptSourceCheck.findings(in: CheckContext(registry: r, tree: tree))
        XCTAssertEqual(found.map(\.location.description),
                       ["supabase/functions/notify/index.ts:\(position(of: "\"trip_canceled\"", in: handler))"])
        // Alone, the handler cannot know what resolveEventType returns.
        XCTAssertEqual(findings(handler, r), [])
    }

    func testDriverAppUsesItsKeyAndRowColumn() throws {
        let r = try TestRegistries.driverApp()
        _ = expectOne("if (payload.notification_type === 'trip_asigned') {}", at: "'trip_asigned'", r, read: true)
        _ = expectOne("const p = { notification_type: 'order_redy', order_id: o.id }", at: "'order_redy'", r)
        _ = expectOne("await db.from('driver_notifications').insert({ kind: 'trip_done', driver_id })", at: "'trip_done'", r)
        // `type` is not this app's type key.
        XCTAssertEqual(summary(findings("if (payload.type === 'trip_asigned') {}", r)), [])
    }
}
