@testable import ContractsCheck
import ContractsCore
import ContractsSwiftSource
import Foundation
import XCTest

/// A key the app reads from a push that no registry entry declares is no drift when a SQL push sends it: the
/// join of the Swift reads with the migrations' push senders (`ServerPushKeys`).
final class ServerPushKeysTests: XCTestCase {
    private static let registry = RuleExample.baseRegistry + """
        push_keys:
          - { key: ride_id, type: int }

        """

    private static let app = """
        import Foundation

        func rider(from userInfo: [AnyHashable: Any]) -> String? {
            userInfo["user_id"] as? String
        }

        """

    private static let table = """
        CREATE TABLE public.notifications (id bigint, user_id uuid, type text NOT NULL,
          CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_update')));
        CREATE TABLE public.ride_events (user_id uuid, payload jsonb);

        """

    private func unsentReads(_ sql: String) throws -> [String] {
        let registry = try RegistryLoader.load(text: Self.registry, file: "registry.yaml")
        let context = CheckContext(registry: registry, tree: MemoryTree(text: [
            "App/PushHandler.swift": Self.app, "database/001_init.sql": Self.table + sql,
        ]))
        return try ContractCheck.findings(in: context).compactMap(SwiftSourceCheck.unsentPushKey(of:))
    }

    func testAKeyASQLPushSendsIsSent() throws {
        XCTAssertEqual(try unsentReads("""
            CREATE FUNCTION public.notify(p_user uuid) RETURNS void LANGUAGE plpgsql AS $$
            BEGIN
              PERFORM net.http_post(url := 'https://example.test/push',
                                    body := jsonb_build_object('type', 'message', 'user_id', p_user));
            END $$;

            """), [])
    }

    /// The same object written to a table, or no SQL at all: the read is still of a key nothing sends.
    func testAKeyOnlyARowCarriesIsNotSent() throws {
        XCTAssertEqual(try unsentReads("""
            CREATE FUNCTION public.notify(p_user uuid) RETURNS void LANGUAGE plpgsql AS $$
            BEGIN
              INSERT INTO public.ride_events (user_id, payload)
                VALUES (p_user, jsonb_build_object('type', 'message', 'user_id', p_user));
            END $$;

            """), ["user_id"])
        XCTAssertEqual(try unsentReads(""), ["user_id"])
    }

    func testTheUnsentKeyIsReadBackFromItsFindingOnly() {
        let never = Finding(.swiftDeepLinkDrift, "push payload key \"user_id\" is read here but the server never sends it (registry keys: \"type\"); read a registered key or declare \"user_id\" in push_keys",
                            at: SourceLocation(file: "App/PushHandler.swift", line: 4, column: 5))
        XCTAssertEqual(SwiftSourceCheck.unsentPushKey(of: never), "user_id")
        var other = never
        other.ruleID = Rule.payloadShapeDrift.id
        XCTAssertNil(SwiftSourceCheck.unsentPushKey(of: other))
        let wrongType = Finding(.swiftDeepLinkDrift, "push payload key \"message_id\" is read for .eventReminder but only pushes of \"message\" carry it (push_keys types); read it where those types are handled, or add the type to its types",
                                at: SourceLocation(file: "App/PushHandler.swift", line: 4, column: 5))
        XCTAssertNil(SwiftSourceCheck.unsentPushKey(of: wrongType))
    }
}
