import ContractsCore
import XCTest
@testable import ContractsTypeScriptSource

/// `ts-payload-key-drift`: push payload keys against the deep links of their type.
final class PayloadKeyRuleTests: XCTestCase {
    func testMissingDeepLinkKeyIsReportedAtTheType() throws {
        let r = try TestRegistries.naarsCars()
        let text = "const payload = { aps: { alert: { title, body } }, type: 'ride_claimed', request_id: id };"
        let found = findings(text, r)
        XCTAssertEqual(summary(found), ["\(position(of: "'ride_claimed'", in: text)) ts-payload-key-drift"])
        XCTAssertTrue(found[0].message.contains("ride reads ride_id"), found[0].message)
        XCTAssertEqual(found[0].registryLocation, r.deepLink(named: "ride")?.location)
    }

    func testEitherDeepLinkOfATypeSatisfiesIt() throws {
        let r = try TestRegistries.naarsCars()
        XCTAssertEqual(summary(findings("const a = { aps, type: 'qa_question', favor_id: f };", r)), [])
        XCTAssertEqual(summary(findings("const a = { aps, type: 'qa_question', ride_id: x };", r)), [])
        let text = "const a = { aps, type: 'qa_question', request_id: x };"
        let found = findings(text, r)
        XCTAssertEqual(summary(found), ["\(position(of: "'qa_question'", in: text)) ts-payload-key-drift"])
        XCTAssertTrue(found[0].message.contains("ride reads ride_id; favor reads favor_id"), found[0].message)
    }

    func testNearMissKeyIsOneRenameFinding() throws {
        let r = try TestRegistries.naarsCars()
        let text = """
        const apnsPayload = {
          aps: { alert: { title: senderName, body: preview }, sound: 'default', badge: unread, category: 'MESSAGE' },
          type: 'message',
          conversationId: message.conversation_id,
          message_id: message.id,
          sender_id: message.from_id,
        };
        """
        let found = findings(text, r)
        XCTAssertEqual(summary(found), ["\(position(of: "conversationId", in: text)) ts-payload-key-drift"])
        XCTAssertEqual(found[0].fix, "rename 'conversationId' to 'conversation_id'")
        XCTAssertEqual(found[0].registryLocation, r.deepLink(named: "conversation")?.params.first?.location)
    }

    func testKeyOfAnotherDeepLinkIsNamedInTheMissingFinding() throws {
        let r = try TestRegistries.naarsCars()
        let text = "sendPushNotification(token, { type: NOTIFICATION_TYPES.RIDE_CLAIMED, favor_id: f })"
        let found = findings(text, r)
        XCTAssertEqual(summary(found), ["\(position(of: "RIDE_CLAIMED", in: text)) ts-payload-key-drift"])
        XCTAssertTrue(found[0].message.contains("it sends favor_id, which 'ride_claimed' never reads"), found[0].message)
        // With the right key present, other deep links' keys are harmless data.
        XCTAssertEqual(findings("sendPushNotification(t, { type: 'ride_claimed', ride_id: r, user_id: u })", r), [])
    }

    func testLinkKeyNamesTheCase() throws {
        let r = try TestRegistries.naarsCars()
        let unknown = "const p = { aps, type: 'town_hall_post', deep_link: 'townhall', town_hall_post_id: id };"
        let found = findings(unknown, r)
        XCTAssertEqual(summary(found), ["\(position(of: "'townhall'", in: unknown)) ts-payload-key-drift"])
        XCTAssertEqual(found[0].fix, "replace 'townhall' with 'townHall'")
        // The named case's keys are the ones required.
        XCTAssertEqual(findings("const p = { aps, type: 'town_hall_post', deep_link: 'townHall' };", r), [])
        let text = "const p = { aps, type: 'other', deep_link: 'ride' };"
        XCTAssertEqual(summary(findings(text, r)), ["\(position(of: "'other'", in: text)) ts-payload-key-drift"])
    }

    func testCleanPayloads() throws {
        let r = try TestRegistries.naarsCars()
        let text = """
        const a = { aps: { alert: { title, body }, 'mutable-content': 1 }, type: 'message', conversation_id, message_id, sender_id };
        const b = { aps, type: 'announcement' };                          // notification_id is optional
        const c = { aps, type: 'town_hall_reaction', town_hall_post_id: post.id, deep_link: 'townHallPostHighlight' };
        const d = { aps, type: notificationType, ...record.data };        // type unknown statically
        const e = { aps, type: 'ride_claimed', ...extra };                // spread may carry ride_id
        const f = { aps, type: 'user_rejected' };                         // no deep link
        await sendPushNotification({ userId, type: 'review', title, data: { user_id: reviewer.id } });
        await supabase.from('notifications').insert({ user_id, type: 'ride_claimed', title, body });  // a row
        """
        XCTAssertEqual(summary(findings(text, r)), [])
    }

    func testDriverAppKeys() throws {
        let r = try TestRegistries.driverApp()
        let text = "const p = { aps, notification_type: 'trip_assigned', tripId: trip.id };"
        XCTAssertEqual(summary(findings(text, r)), ["\(position(of: "tripId", in: text)) ts-payload-key-drift"])
        XCTAssertEqual(summary(findings("const p = { aps, notification_type: 'order_ready', order_id: o, stop_index: 2 };", r)), [])
        let missing = "const p = { aps, notification_type: 'urgent_alert', route: 'urgentAlert' };"
        XCTAssertEqual(summary(findings(missing, r)), ["\(position(of: "'urgent_alert'", in: missing)) ts-payload-key-drift"])
    }
}
