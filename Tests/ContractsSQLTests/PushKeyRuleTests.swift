import ContractsCore
@testable import ContractsSQL
import XCTest

/// `payload-shape-drift` on SQL push builders: keys a function's `jsonb_build_object` push sends that the registry
/// declares nowhere, or push keys sent with a type their `types:` leave out; only once `push_keys` exist.
final class PushKeyRuleTests: XCTestCase {
    private func findings(_ sql: String, pushKeys: Bool = true) -> [Finding] {
        var registry = SQLTestRegistry.make(values: ["message", "event_reminder"])
        let here = SQLTestRegistry.here
        if pushKeys {
            registry.pushKeys = [
                PushKey(key: "message_id", type: .uuid, optional: false, types: ["message"], location: here),
                PushKey(key: "reminder_id", type: .uuid, optional: true, types: [], location: here),
            ]
        }
        let context = CheckContext(registry: registry, tree: MemoryTree(text: ["database/001_push.sql": sql]))
        do {
            return try SQLSourceCheck.findings(in: context).filter { $0.ruleID == "payload-shape-drift" }
        } catch {
            XCTFail("an in-memory tree cannot fail to read: \(error)")
            return []
        }
    }

    private let function = """
        CREATE TABLE notifications (id int, type text);
        CREATE FUNCTION public.reminder_push(r_id uuid, r_user uuid, r_title text) RETURNS jsonb LANGUAGE plpgsql AS $$
        BEGIN
            RETURN jsonb_build_object(
                'aps', jsonb_build_object('alert', jsonb_build_object('title', r_title, 'body', 'Soon')),
                'type', 'event_reminder',
                'reminder_id', r_id,
                'user_id', r_user,
                'data', jsonb_build_object('reminder_id', r_id, 'event_title', r_title)
            );
        END $$;
        -- Not a push: no type key.
        CREATE FUNCTION public.profile_json(p_name text) RETURNS jsonb LANGUAGE sql AS $$
            SELECT jsonb_build_object('display_name', p_name, 'event_title', p_name)
        $$;

        """

    func testAnUndeclaredKeyInANestedContainerIsReportedAtTheKey() {
        let found = findings(function)
        XCTAssertEqual(found.map(\.location.line), [9], "\(found)")
        XCTAssertEqual(found.first?.location.column, 57)
        XCTAssertEqual(found.first?.message,
                       "push payload for 'event_reminder' built in public.reminder_push sends 'event_title', which the registry declares nowhere (deep-link parameters, push_keys, 'type'): the app never reads it")
    }

    func testAPushKeyOfAnotherTypeIsReported() {
        let sql = function.replacingOccurrences(of: "'reminder_id', r_id,\n", with: "'message_id', r_id,\n")
        XCTAssertNotEqual(sql, function)
        let found = findings(sql)
        XCTAssertEqual(found.map(\.location.line), [7, 9], "\(found)")
        XCTAssertTrue(found.first?.message.contains("sends 'message_id', a push key declared only for 'message'") ?? false,
                      found.first?.message ?? "")
    }

    func testWithoutPushKeysNothingIsJudged() {
        XCTAssertEqual(findings(function, pushKeys: false), [])
    }
}
