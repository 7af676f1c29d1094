import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest

/// The surfaces `init` reads beyond the values, each next to decoys: `.gitignore`d copies, functions that take
/// a `kind` but send nothing, a push payload built in SQL that no struct decodes, local-notification keys, web
/// URLs in comments, and switch arms over something else than the type.
final class InitSurfaceDecoyTests: XCTestCase {
    static let files: [String: String] = [
        "db/migrations/001_notifications.sql": """
            CREATE TABLE public.notifications (id uuid, user_id uuid, type text NOT NULL, note text,
              CONSTRAINT notifications_type_check CHECK (type IN ('chat', 'invite', 'digest')));
            CREATE TABLE public.audit (id uuid, type text);
            -- Emitter: its second parameter is inserted into notifications.type.
            CREATE OR REPLACE FUNCTION public.notify(p_user uuid, p_type text, p_note text DEFAULT NULL)
            RETURNS void LANGUAGE plpgsql AS $$
            BEGIN
                INSERT INTO public.notifications (user_id, type, note) VALUES (p_user, p_type, p_note);
            END;
            $$;
            -- Decoy: inserts its parameter into another table's type column.
            CREATE FUNCTION public.log_audit(p_type text) RETURNS void LANGUAGE plpgsql AS $$
            BEGIN
                INSERT INTO public.audit (type) VALUES (p_type);
            END;
            $$;
            -- Payload: a key only one return sends is optional.
            CREATE FUNCTION public.invite_status(p_id uuid) RETURNS jsonb LANGUAGE plpgsql AS $$
            BEGIN
                IF p_id IS NULL THEN
                    RETURN jsonb_build_object('accepted', false);
                END IF;
                RETURN jsonb_build_object('accepted', true, 'inviter_id', p_id, 'seats', 2,
                    'role', CASE WHEN p_id IS NULL THEN 'guest' ELSE 'member' END,
                    'label', CASE WHEN p_id IS NULL THEN 'none' ELSE p_id::text END);
            END;
            $$;
            -- Decoy: a push body built in SQL, which no struct decodes.
            CREATE FUNCTION public.push_body(p_id uuid) RETURNS jsonb LANGUAGE plpgsql AS $$
            BEGIN
                RETURN jsonb_build_object('aps', jsonb_build_object('alert', 'hi'), 'type', 'chat');
            END;
            $$;
            """,
        "App/Models/NotificationType.swift": """
            enum NotificationType: String, Codable { case chat, invite, digest }
            """,
        "App/Models/Link.swift": """
            /// Opened by a tapped push or an `acme://` URL (see https://example.com/docs for the web fallback).
            enum Link: Equatable {
                case chat(id: UUID)
                case invite(id: UUID)
            }
            """,
        "App/Models/InviteStatus.swift": """
            struct InviteStatus: Decodable {
                let accepted: Bool
                let inviterId: UUID?
                let seats: Int
                let role: String
                let label: String
                enum CodingKeys: String, CodingKey {
                    case accepted
                    case inviterId = "inviter_id"
                    case seats, role, label
                }
            }
            /// Decoy: decodes other keys.
            struct Profile: Decodable { let name: String; let seats: Int }
            """,
        "App/App/AppDelegate.swift": """
            import UserNotifications
            final class AppDelegate: NSObject, UNUserNotificationCenterDelegate {
                func handle(_ userInfo: [AnyHashable: Any]) -> Link? {
                    let type = (userInfo["type"] as? String).flatMap(NotificationType.init(rawValue:))
                    let sender = userInfo["sender_name"] as? String
                    _ = sender
                    switch type {
                    case .chat:
                        _ = userInfo["message_id"] as? String
                        return (userInfo["chat_id"] as? String).flatMap(UUID.init(uuidString:)).map { .chat(id: $0) }
                    case .invite:
                        return (userInfo["invite_id"] as? String).flatMap(UUID.init(uuidString:)).map { .invite(id: $0) }
                    default:
                        return nil
                    }
                }

                /// Decoy: a switch over something else that names a link case.
                func route(_ screen: String) -> Link? {
                    switch screen {
                    case "chat": return .chat(id: UUID())
                    default: return nil
                    }
                }
            }
            """,
        "App/Services/Reminders.swift": """
            import UserNotifications
            enum Reminders {
                static func schedule() {
                    let content = UNMutableNotificationContent()
                    content.userInfo = ["reminder_at": "09:00"]
                }
                static func read(_ userInfo: [AnyHashable: Any]) -> String? { userInfo["reminder_at"] as? String }
            }
            """,
        "App/Services/Sender.swift": """
            final class Sender {
                func sendNotification(to user: UUID, type: String) {}
                /// Decoy: takes a type, sends nothing.
                func play(type: String) {}
                /// Decoy: named for sending, but the type is not a String parameter named like the key.
                func pushBadge(count: Int) {}
            }
            """,
        "supabase/functions/notify/index.ts": """
            export async function sendPush(token: string, type: string, body: Record<string, unknown>) {}
            // Decoys: not named for sending; named for sending without a type parameter.
            export function formatLabel(type: string): string { return type; }
            export async function pushRaw(token: string, payload: Record<string, unknown>) {}
            """,
        // Ignored: a stale copy with another enum of the same values and an emitter-shaped function.
        ".gitignore": "build-copy/\n*.orig.swift\n",
        "build-copy/App/NotificationType.swift": "enum StaleType: String { case chat, invite, digest, extra }\n",
        "App/Models/Old.orig.swift": "enum OldType: String { case chat, invite, digest }\nfunc sendLegacy(type: String) {}\n",
        "App/Vendor/.gitignore": "*\n!Keep.swift\n",
        "App/Vendor/Junk.swift": "func notifyJunk(type: String) {}\n",
        "App/Vendor/Keep.swift": "func notifyKept(type: String) {}\n",
    ]

    private func initialised() throws -> (Registry, String) {
        let root = try CLIHarness.project(Self.files)
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let result = try CLIHarness.run(["init"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let text = try String(contentsOf: root.appendingPathComponent("registry.yaml"), encoding: .utf8)
        return (try RegistryLoader.load(text: text, file: "registry.yaml"), text)
    }

    func testEmittersAreTheFunctionsThatSendATypeOnly() throws {
        let (registry, _) = try initialised()
        XCTAssertEqual(registry.emitters.sql.map { "\($0.function) \($0.argument ?? 0)" }, ["public.notify 2"])
        XCTAssertEqual(registry.emitters.typescript.map { "\($0.function) \($0.argument ?? 0)" }, ["sendPush 2"])
        XCTAssertEqual(registry.emitters.swift.map { "\($0.function) \($0.label ?? "")" }, ["sendNotification type", "notifyKept type"],
                       "notifyJunk and sendLegacy are in git-ignored files")
    }

    func testGitIgnoredFilesAreNotRead() throws {
        let (registry, text) = try initialised()
        XCTAssertEqual(registry.notificationTypes!.swiftEnum, "NotificationType")
        XCTAssertEqual(registry.sources.swift, ["App/**/*.swift"], "build-copy is ignored")
        XCTAssertFalse(text.contains("StaleType") || text.contains("OldType") || text.contains("notifyJunk"), text)
    }

    func testPushKeysDeepLinksAndURLScheme() throws {
        let (registry, _) = try initialised()
        XCTAssertEqual(registry.deepLinks?.urlScheme, "acme", "not https, from the web URL in the same comment")
        XCTAssertEqual(registry.notificationTypes!.value(raw: "chat")?.deepLinks, ["chat"], "the `case .chat:` arm opens .chat; route(_:) is not over the type")
        XCTAssertEqual(registry.notificationTypes!.value(raw: "invite")?.deepLinks, ["invite"])
        XCTAssertEqual(registry.notificationTypes!.value(raw: "digest")?.deepLinks, [])
        XCTAssertEqual(registry.pushKeys.map { "\($0.key): \($0.type)\($0.optional ? "?" : "") \($0.types)" },
                       ["message_id: uuid [\"chat\"]", "sender_name: string? []"],
                       "reminder_at is the app's own local notification key")
    }

    func testPayloadIsTheRPCResultAStructDecodes() throws {
        let (registry, _) = try initialised()
        XCTAssertEqual(registry.payloads.map(\.name), ["InviteStatus"], "push_body is built in SQL but decoded by nothing")
        let fields = registry.payloads.first?.fields.map { "\($0.key): \($0.type)\($0.optional ? "?" : "")" }
        XCTAssertEqual(fields, ["accepted: bool", "inviter_id: uuid?", "seats: int?", "role: string?", "label: string?"])
        XCTAssertEqual(registry.payloads.first?.fields.map { $0.allowedValues ?? [] }, [[], [], [], ["guest", "member"], []],
                       "label's CASE has a non-literal result: any string")
        XCTAssertEqual(registry.payloads.first?.rpc, "invite_status")
    }
}
