import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest

/// `init`'s deep-link and push-key discovery on a file with decoys: a routing enum with associated values built
/// from a NotificationCenter `userInfo` (the app's own keys, not a push), a key bound with `guard let` before the
/// case is built, a key read through `.map { .case(id: $0) }`, APNs keys, and the type key.
final class InitDeepLinkDecoyTests: XCTestCase {
    func testTheEnumBuiltFromPushReadsIsTheDeepLinkEnum() throws {
        let root = try CLIHarness.project([
            "App/Kind.swift": "enum NotificationKind: String { case chat, invite, other }\n",
            "App/Route.swift": """
                enum Route { case settings(tab: String), chat(id: UUID) }
                enum Link: Equatable { case chat(id: UUID), invite(code: String), inbox }
                """,
            "App/Push.swift": """
                import UIKit
                final class Push {
                    func open(_ userInfo: [AnyHashable: Any]) -> Link? {
                        let kind = (userInfo["kind"] as? String).flatMap(NotificationKind.init(rawValue:))
                        let badge = (userInfo["aps"] as? [String: Any])?["badge"] as? Int
                        let sender = userInfo["sender_name"] as? String
                        guard let code = userInfo["invite_code"] as? String else {
                            return (userInfo["chat_id"] as? String).flatMap(UUID.init(uuidString:)).map { .chat(id: $0) }
                        }
                        return .invite(code: code)
                    }

                    func onNote(_ note: Notification) -> Route? {
                        guard let tab = note.userInfo?["tab"] as? String else { return nil }
                        return .settings(tab: tab)
                    }
                }
                """,
        ])
        let result = try CLIHarness.run(["init", "--dry-run"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let registry = try RegistryLoader.load(text: result.stdout, file: "registry.yaml")
        XCTAssertEqual(registry.notificationTypes!.payloadKey, "kind", "decoded as NotificationKind in the same statement")
        XCTAssertEqual(registry.deepLinks?.swiftEnum, "Link", "Route is built from a NotificationCenter userInfo")
        XCTAssertEqual(registry.deepLink(named: "chat")?.params.map(\.payloadKey), ["chat_id"], "through .map { .chat(id: $0) }")
        XCTAssertEqual(registry.deepLink(named: "invite")?.params.map(\.payloadKey), ["invite_code"], "through guard let")
        XCTAssertEqual(registry.deepLink(named: "invite")?.params.map(\.type), [.string])
        XCTAssertEqual(registry.pushKeys.map(\.key), ["sender_name"], "not aps/badge, not the type key, not link parameters, not `tab`")
    }

    /// An enum's `init?(userInfo:)` builds it (`self = .chat(id)`, the id read through two conditions of one `if`);
    /// the larger `Route` is built from the link by case patterns, after a name of the same spelling is bound from
    /// another key; and an unlabelled associated value is written `value` with a comment (the registry names each).
    func testAnInitializerFromTheUserInfoBuildsTheDeepLinkEnum() throws {
        let root = try CLIHarness.project([
            "App/Kind.swift": "enum NotificationKind: String { case chat, invite }\n",
            "App/Link.swift": """
                import Foundation
                enum Link { case chat(UUID), invite(code: String) }
                enum Route { case chat(UUID), invite(code: String), settings(tab: String), profile(id: UUID), about(page: Int) }
                extension Link {
                    init?(userInfo: [AnyHashable: Any]) {
                        if let raw = userInfo["chat_id"] as? String, let id = UUID(uuidString: raw) {
                            self = .chat(id)
                        } else if let code = userInfo["invite_code"] as? String {
                            self = .invite(code: code)
                        } else {
                            return nil
                        }
                    }
                }
                """,
            "App/Router.swift": """
                import Foundation
                func open(_ userInfo: [AnyHashable: Any]) {
                    let code = userInfo["referral_code"] as? String ?? ""
                    guard let link = Link(userInfo: userInfo) else { return }
                    show(route(link, referral: code))
                }
                func route(_ link: Link, referral code: String) -> Route {
                    switch link {
                    case .chat(let id): return .chat(id)
                    case .invite(let code): return .invite(code: code)
                    }
                }
                func show(_ route: Route) {}
                """,
        ])
        let result = try CLIHarness.run(["init", "--dry-run"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let registry = try RegistryLoader.load(text: result.stdout, file: "registry.yaml")
        XCTAssertEqual(registry.deepLinks?.swiftEnum, "Link")
        XCTAssertEqual(registry.deepLink(named: "chat")?.params.map(\.payloadKey), ["chat_id"], "through raw, then id")
        XCTAssertEqual(registry.deepLink(named: "invite")?.params.map(\.payloadKey), ["invite_code"],
                       "not referral_code, which the router binds to another `code`")
        XCTAssertTrue(result.stdout.contains("- { name: value, type: uuid, payload_key: chat_id }   # unlabelled in Swift: label it `value:` there, or check reports the case\n"),
                      result.stdout)
    }
}
