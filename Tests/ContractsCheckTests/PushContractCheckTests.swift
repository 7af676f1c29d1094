import ContractsCheck
import ContractsCore
import Foundation
import XCTest

/// The push contracts read from both sides with no registry entry (`PushContractCheck`): a key read through a
/// `switch self` property of the notification enum, and the keys of a push without a type key. Each shape has a
/// twin that must stay silent.
final class PushContractCheckTests: XCTestCase {
    private static let registry = RuleExample.baseRegistry.replacingOccurrences(
        of: "    - raw: message\n    - raw: ride_update\n",
        with: "    - raw: message\n    - raw: ride_update\n    - raw: town_hall_post\n    - raw: town_hall_reply\n")

    private static let router = """
        import UserNotifications

        func route(_ response: UNNotificationResponse) {
            let userInfo = response.notification.request.content.userInfo
            guard let raw = userInfo["type"] as? String, let type = NotificationType(rawValue: raw) else { return }
            if let key = type.entityIdKey, let id = userInfo[key] as? String { open(id) }
        }
        """

    private static let townHallPush = """
        export function townHallPush(post: { id: string; parent_id: string | null }) {
          return {
            aps: { alert: { title: 'Town hall' } },
            type: post.parent_id ? 'town_hall_reply' : 'town_hall_post',
            town_hall_post_id: post.parent_id ?? post.id,
          };
        }
        """

    /// `payload-shape-drift` findings of `files` (with the registry above), as `file:line:column message`.
    private func findings(_ files: [String: String], registry: String = registry) throws -> [String] {
        var text = files
        text["registry.yaml"] = registry
        let context = CheckContext(registry: try RegistryLoader.load(text: registry, file: "registry.yaml"), tree: MemoryTree(text: text))
        return try PushContractCheck.findings(in: context).map { "\($0.location) \($0.message)" }
    }

    private func keys(_ body: String) -> String {
        """
        extension NotificationType {
            var entityIdKey: String? {
        \(body)
            }
        }
        """
    }

    func testACaseListWithReturnIsResolvedPerCaseAndReportedAtItsArm() throws {
        let found = try findings([
            "App/NotificationType+Keys.swift": keys("""
                    switch self {
                    case .rideUpdate: return "ride_id"
                    case .townHallPost, .townHallReply: return "post_id"
                    default: return nil
                    }
            """),
            "App/Router.swift": Self.router,
            "supabase/functions/town-hall/index.ts": Self.townHallPush,
        ])
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found[0].hasPrefix("App/NotificationType+Keys.swift:5:"), found[0])
        XCTAssertTrue(found[0].contains("for .townHallPost, .townHallReply, read as a push key at App/Router.swift:6:"), found[0])
        XCTAssertTrue(found[0].contains("(they send \"town_hall_post_id\")"), found[0])
    }

    func testImplicitResultsAndTheDefaultArmAreResolvedToo() throws {
        // `default:` stands for every case no other arm lists: here both town-hall types.
        let found = try findings([
            "App/NotificationType+Keys.swift": keys("""
                    return switch self {
                    case .rideUpdate, .message: nil
                    default: "post_id"
                    }
            """),
            "App/Router.swift": Self.router,
            "supabase/functions/town-hall/index.ts": Self.townHallPush,
        ])
        XCTAssertEqual(found.count, 1, "\(found)")
        XCTAssertTrue(found[0].contains("for .townHallPost, .townHallReply"), found[0])
    }

    func testTheRightKeyAnArmThatIsNoConstantAndATypeNobodySendsAreSilent() throws {
        XCTAssertEqual(try findings([
            "App/NotificationType+Keys.swift": keys("""
                    switch self {
                    case .townHallPost: "town_hall_post_id"
                    case .townHallReply: if flag { "town_hall_post_id" } else { "post_id" }
                    case .rideUpdate: "ride_uuid"
                    default: nil
                    }
            """),
            "App/Router.swift": Self.router,
            "supabase/functions/town-hall/index.ts": Self.townHallPush,
        ]), [], "ride_update has no push at all: nothing says what it sends")
    }

    func testAPropertyThatIsNoPushKeyIsSilent() throws {
        let property = keys("""
                switch self {
                case .townHallPost, .townHallReply: return "post_id"
                default: return nil
                }
        """)
        XCTAssertEqual(try findings([
            "App/NotificationType+Keys.swift": property,
            "App/Store.swift": """
                func remember(_ type: NotificationType, _ id: String, row: [String: Any]) -> Any? {
                    UserDefaults.standard.set(id, forKey: type.entityIdKey ?? "last")
                    return row[type.entityIdKey ?? "id"]
                }
                """,
            "supabase/functions/town-hall/index.ts": Self.townHallPush,
        ]), [])
    }

    func testSendersWhoseKeysCannotBeSeenLeaveTheTypeUnjudged() throws {
        let property = keys("""
                switch self {
                case .townHallPost, .townHallReply: return "post_id"
                default: return nil
                }
        """)
        let spread = """
            export function townHallPush(post: { id: string }, extra: Record<string, string>) {
              return { aps: { alert: { title: 'Town hall' } }, type: 'town_hall_post', town_hall_post_id: post.id, ...extra };
            }
            """
        let computed = """
            export function anyPush(kind: string, data: Record<string, string>) {
              return { aps: { alert: { title: 'Porchlight' } }, type: kind, ...data };
            }
            """
        let data = """
            export function townHallPush(post: { id: string }, extra: Record<string, string>) {
              return { aps: { alert: { title: 'Town hall' } }, type: 'town_hall_post', town_hall_post_id: post.id, data: extra };
            }
            """
        for extra in [["supabase/functions/town-hall/index.ts": spread], ["supabase/functions/town-hall/index.ts": data],
                      ["supabase/functions/town-hall/index.ts": Self.townHallPush, "supabase/functions/any/index.ts": computed],
                      ["supabase/functions/town-hall/index.ts": Self.townHallPush,
                       "database/001_push.sql": "SELECT jsonb_build_object('type', 'town_hall_post', 'post_id', 1);\n"]] {
            let files = extra.merging(["App/NotificationType+Keys.swift": property, "App/Router.swift": Self.router]) { a, _ in a }
            XCTAssertEqual(try findings(files), [], "\(extra.keys.sorted())")
        }
    }

    func testAPropertyTheRegistryDeclaresIsLeftToTheAttributeRule() throws {
        let registry = Self.registry.replacingOccurrences(of: "  payload_key: type\n", with: "  payload_key: type\n  attributes:\n    entity_id_key: entityIdKey\n")
        XCTAssertEqual(try findings([
            "App/NotificationType+Keys.swift": keys("""
                    switch self {
                    case .townHallPost, .townHallReply: return "post_id"
                    default: return nil
                    }
            """),
            "App/Router.swift": Self.router,
            "supabase/functions/town-hall/index.ts": Self.townHallPush,
        ], registry: registry), [])
    }

    // MARK: pushes without a type key

    private static func handler(_ read: String) -> String {
        """
        import UserNotifications

        final class PushDelegate: NSObject, UNUserNotificationCenterDelegate {
            func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
                let userInfo = response.notification.request.content.userInfo
                \(read)
            }
        }
        """
    }

    private static func invite(_ key: String) -> String {
        """
        export function invitePush(groupId: string) {
          return { aps: { alert: { title: 'You were added to a group' } }, \(key): groupId };
        }
        """
    }

    func testARenamedKeyOfAPushWithoutATypeIsReportedAtTheSenderNamingTheRead() throws {
        let found = try findings([
            "App/PushDelegate.swift": Self.handler(#"if let id = userInfo["groupId"] as? String { openGroup(id) }"#),
            "App/Groups.swift": #"func joined(_ note: Notification) { _ = note.userInfo?["group_id"] }"#,
            "supabase/functions/group-invite/index.ts": Self.invite("group_id"),
        ])
        XCTAssertEqual(found, ["supabase/functions/group-invite/index.ts:2:68 push without a type key sends \"group_id\", but the app's push handler reads \"groupId\" at App/PushDelegate.swift:6:30, which no push sends: the read is always nil"])
    }

    func testTypedPushesAReadInACaseAndAKeyNoReadIsCloseToAreSilent() throws {
        // Every push carries its type: no contract without one.
        XCTAssertEqual(try findings([
            "App/PushDelegate.swift": Self.handler(#"if let id = userInfo["groupId"] as? String { openGroup(id) }"#),
            "supabase/functions/group-invite/index.ts": """
                export function invitePush(groupId: string) {
                  return { aps: { alert: { title: 'Added' } }, type: 'message', group_id: groupId };
                }
                """,
        ]), [])
        // The read is for one type only.
        XCTAssertEqual(try findings([
            "App/PushDelegate.swift": Self.handler(#"""
                switch userInfo["type"] as? String {
                case "message": _ = userInfo["groupId"]
                default: break
                }
                """#),
            "supabase/functions/group-invite/index.ts": Self.invite("group_id"),
        ]), [])
        // Keys spread in may hold the one the app reads.
        XCTAssertEqual(try findings([
            "App/PushDelegate.swift": Self.handler(#"if let id = userInfo["groupId"] as? String { openGroup(id) }"#),
            "supabase/functions/group-invite/index.ts": Self.invite("group_id, ...extra"),
        ]), [])
        // A silent push's own key, close to nothing the app reads.
        XCTAssertEqual(try findings([
            "App/PushDelegate.swift": Self.handler(#"if let id = userInfo["groupId"] as? String { openGroup(id) }"#),
            "supabase/functions/group-invite/index.ts": Self.invite("groupId, unread_count: 3"),
        ]), [])
    }
}
