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
        return try ContractCheck.findings(in: context).compactMap { SwiftSourceCheck.unsentPushKey(of: $0, registry: registry) }
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

    /// The unsent key is the finding's subject, never read back from its words: a push key the registry declares
    /// nowhere. A declared key read for the wrong types, another rule's finding, or a finding whose message merely
    /// says so, is none.
    func testTheUnsentKeyIsTheFindingsSubject() throws {
        let registry = try RegistryLoader.load(text: Self.registry, file: "registry.yaml")
        let at = SourceLocation(file: "App/PushHandler.swift", line: 4, column: 5)
        let never = Finding(.swiftDeepLinkDrift, "reworded: the server never sends it", at: at, subject: .pushKey(key: "user_id"))
        XCTAssertEqual(SwiftSourceCheck.unsentPushKey(of: never, registry: registry), "user_id")
        var other = never
        other.ruleID = Rule.payloadShapeDrift.id
        XCTAssertNil(SwiftSourceCheck.unsentPushKey(of: other, registry: registry))
        let declared = Finding(.swiftDeepLinkDrift, "push payload key \"ride_id\" is read for .message but only pushes of \"x\" carry it",
                               at: at, subject: .pushKey(key: "ride_id"))
        XCTAssertNil(SwiftSourceCheck.unsentPushKey(of: declared, registry: registry))
        let wordsOnly = Finding(.swiftDeepLinkDrift, "push payload key \"user_id\" is read here but the server never sends it (registry keys: \"type\"); read a registered key or declare \"user_id\" in push_keys",
                                at: at)
        XCTAssertNil(SwiftSourceCheck.unsentPushKey(of: wordsOnly, registry: registry))
    }
}
