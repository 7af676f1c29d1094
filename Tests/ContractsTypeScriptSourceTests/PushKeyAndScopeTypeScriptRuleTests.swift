import ContractsCore
import XCTest
@testable import ContractsTypeScriptSource

/// The TypeScript rules on `push_keys`, `scope` and `retired`: keys an edge function sends that the registry declares nowhere
/// (only once `push_keys` exist), push keys sent with a type their `types:` leaves out, app-only values in
/// comparisons, the const and the union, and retired values still declared.
final class PushKeyAndScopeTypeScriptRuleTests: XCTestCase {
    static let yaml = """
        version: 1
        notification_types:
          swift_enum: NotificationType
          typescript_const: NOTIFICATION_TYPES
          sql: { table: notifications, column: type }
          retired: [town_hall]
          values:
            - { raw: message }
            - { raw: town_hall_post, deep_link: townHall }
            - { raw: reminder }
            - { raw: draft_preview, scope: app }
        push_keys:
          - { key: message_id, type: uuid, types: [message] }
          - { key: reminder_id, type: uuid, optional: true }
          - { key: sender_name }
        deep_links:
          cases:
            - name: townHall
              params: [{ name: postId, type: uuid, payload_key: town_hall_post_id }]
        outputs: { swift: Generated, typescript: functions/_shared }
        """

    private func registry(_ text: String = yaml) throws -> Registry { try RegistryLoader.load(text: text, file: "registry.yaml") }

    private func of(_ rule: String, _ found: [Finding]) -> [String] { summary(found.filter { $0.ruleID == rule }) }

    func testDeclaredKeysServiceKeysAndContainersAreNoDrift() throws {
        let text = """
            const payload = {
              aps: { alert: { title: senderName, body: preview }, sound: "default", "thread-id": threadId },
              type: "message",
              message_id: message.id,
              sender_name: senderName,
              reminder_id: null,
              data: { message_id: message.id },
            };
            await sendPush(token, payload);
            """
        XCTAssertEqual(of("ts-payload-key-drift", findings(text, try registry())), [])
    }

    func testAnUndeclaredKeyIsReportedAtTheKey() throws {
        let text = """
            const payload = { aps: { alert: { title, body } }, type: "town_hall_post", town_hall_post_id: post.id, post_author: author };
            """
        let found = findings(text, try registry()).filter { $0.ruleID == "ts-payload-key-drift" }
        XCTAssertEqual(summary(found), ["\(position(of: "post_author", in: text)) ts-payload-key-drift"])
        XCTAssertTrue(found.first?.message.contains("sends 'post_author', which the registry declares nowhere") ?? false,
                      found.first?.message ?? "")
        // Nested one level down (`data: { ... }`), the key is judged too.
        let nested = "const p = { aps: {}, type: 'reminder', data: { reminder_id: r.id, ride_request: r.ride } };"
        XCTAssertEqual(of("ts-payload-key-drift", findings(nested, try registry())),
                       ["\(position(of: "ride_request", in: nested)) ts-payload-key-drift"])
    }

    func testWithoutPushKeysExtraKeysStayHarmless() throws {
        let plain = Self.yaml.replacingOccurrences(of: """
            push_keys:
              - { key: message_id, type: uuid, types: [message] }
              - { key: reminder_id, type: uuid, optional: true }
              - { key: sender_name }

            """, with: "")
        XCTAssertNotEqual(plain, Self.yaml)
        let text = "const p = { aps: {}, type: 'town_hall_post', town_hall_post_id: id, post_author: a };"
        XCTAssertEqual(of("ts-payload-key-drift", findings(text, try registry(plain))), [])
    }

    func testAPushKeySentWithATypeItsTypesLeaveOutIsDrift() throws {
        let text = "const p = { aps: {}, type: 'reminder', message_id: m.id, reminder_id: r.id };"
        let found = findings(text, try registry()).filter { $0.ruleID == "ts-payload-key-drift" }
        XCTAssertEqual(summary(found), ["\(position(of: "message_id", in: text)) ts-payload-key-drift"])
        XCTAssertTrue(found.first?.message.contains("a push key declared only for 'message'") ?? false, found.first?.message ?? "")
    }

    func testAnAppOnlyValueComparedInTypeScriptIsDrift() throws {
        let text = """
            if (row.type === "message" || row.type === "draft_preview") {
              console.log(row.type);
            }
            """
        let found = findings(text, try registry()).filter { $0.ruleID == "ts-unknown-literal-read" }
        XCTAssertEqual(summary(found), ["\(position(of: "\"draft_preview\"", in: text)) ts-unknown-literal-read"])
        XCTAssertTrue(found.first?.message.contains("is app-only (scope: app)") ?? false, found.first?.message ?? "")
    }

    func testConstAndUnionHoldServerValuesAndNoRetiredOnes() throws {
        let clean = """
            export const NOTIFICATION_TYPES = { MESSAGE: "message", TOWN_HALL_POST: "town_hall_post", REMINDER: "reminder" } as const;
            export type NotificationType = "message" | "town_hall_post" | "reminder";
            """
        XCTAssertEqual(of("ts-const-drift", findings(clean, try registry())), [])
        let drift = """
            export const NOTIFICATION_TYPES = { MESSAGE: "message", TOWN_HALL_POST: "town_hall_post", REMINDER: "reminder", TOWN_HALL: "town_hall", DRAFT_PREVIEW: "draft_preview" } as const;
            export type NotificationType = "message" | "town_hall_post" | "reminder" | "draft_preview";
            """
        let found = findings(drift, try registry()).filter { $0.ruleID == "ts-const-drift" }
        XCTAssertEqual(summary(found), [
            "\(position(of: "TOWN_HALL:", in: drift)) ts-const-drift",
            "\(position(of: "DRAFT_PREVIEW", in: drift)) ts-const-drift",
            "\(position(of: "\"draft_preview\"", in: drift, occurrence: 2)) ts-const-drift",
        ])
        guard found.count == 3 else { return }
        XCTAssertTrue(found[0].message.contains("is retired"), found[0].message)
        XCTAssertTrue(found[1].message.contains("is app-only"), found[1].message)
        XCTAssertTrue(found[2].message.contains("is app-only"), found[2].message)
    }
}
