import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest

/// `init`'s choices on a messy app: a constraint rewritten over several migrations (only the replayed end
/// counts), decoy value sets and enums that share a value or two, a test target with its own copy of the enum,
/// a decoy `as const` object, prose `switch self` properties, and a `--table/--column` override.
final class InitDiscoveryDecoyTests: XCTestCase {
    static let files: [String: String] = [
        "supabase/migrations/20240101000000_notifications.sql": """
            CREATE TABLE public.notifications (id uuid, kind text NOT NULL,
              CONSTRAINT notifications_kind_check CHECK (kind IN ('chat', 'invite', 'legacy_poke')));
            CREATE TABLE public.orders (id uuid, status text CHECK (status IN ('open', 'chat', 'closed')));
            """,
        // The replay: dropped, then re-added with other values; a later ALTER of another table in between.
        "supabase/migrations/20240301000000_kinds_v2.sql": """
            ALTER TABLE public.notifications DROP CONSTRAINT notifications_kind_check;
            ALTER TABLE public.notifications ADD CONSTRAINT notifications_kind_check
              CHECK (kind = ANY (ARRAY['chat'::text, 'invite'::text, 'reminder'::text, 'server_only'::text]));
            """,
        "supabase/migrations/README.md": "not a migration\n",
        "App/Models/Kind.swift": """
            enum Kind: String, Codable {
                case chat
                case invite
                case reminder
                case general

                var symbol: String {
                    switch self {
                    case .chat: return "bubble"
                    case .invite: return "envelope"
                    case .reminder, .general: return "bell"
                    }
                }

                var title: String {
                    switch self {
                    case .chat: return "Chat"
                    default: return "Other"
                    }
                }
            }
            """,
        "App/Models/Extensions.swift": """
            extension Kind {
                var icon: String {
                    switch self {
                    case .chat: return "message.fill"
                    case .invite: return "person.badge.plus"
                    case .reminder: return "clock"
                    case .general: return "bell.fill"
                    }
                }
                var canBeDisabled: Bool {
                    switch self {
                    case .general: return false
                    default: return true
                    }
                }
            }
            """,
        // Decoys: shares one value with the constraint; a test target's bigger copy of the enum.
        "App/Models/Filter.swift": "enum Filter: String { case chat, all }\n",
        "AppTests/KindFixture.swift": "enum Kind: String { case chat, invite, reminder, general, server_only, test_only }\n",
        "supabase/functions/_shared/kinds.ts": """
            export const BUTTON_KINDS = { SUBMIT: 'submit', CHAT: 'chat' } as const;
            export const KINDS = {
              CHAT: 'chat',
              INVITE: 'invite',
              REMINDER: 'reminder',
              SERVER_ONLY: 'server_only',
            } as const;
            """,
    ]

    func testTheReplayedConstraintTheBestEnumAndTheBestConstAreChosen() throws {
        let root = try CLIHarness.project(Self.files)
        let result = try CLIHarness.run(["init", "--dry-run"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let registry = try RegistryLoader.load(text: result.stdout, file: "registry.yaml")
        let types = registry.notificationTypes!
        XCTAssertEqual(types.swiftEnum, "Kind", "not the test target's copy, not the Filter decoy")
        XCTAssertEqual(types.sql!.qualifiedTable, "public.notifications")
        XCTAssertEqual(types.sql!.column, "kind")
        XCTAssertEqual(types.sql!.constraint, "notifications_kind_check")
        XCTAssertEqual(types.typescriptConst, "KINDS")
        XCTAssertEqual(types.rawValues, ["chat", "invite", "reminder", "general"])
        XCTAssertEqual(types.fallback, "general")
        XCTAssertEqual(types.values.map(\.icon), ["message.fill", "person.badge.plus", "clock", "bell.fill"],
                       "icon from the extension in another file")
        XCTAssertEqual(types.values.map(\.canBeDisabled), [true, true, true, false])
        // `symbol` returns lowercase words, which init cannot tell from keys: it is offered as an attribute;
        // `title` returns prose ("Chat") and stays out, with a comment.
        XCTAssertEqual(types.attributes.map(\.key), ["symbol"])
        XCTAssertEqual(types.values.map { $0.attributeValues["symbol"] }, [.string("bubble"), .string("envelope"), .string("bell"), .string("bell")])
        XCTAssertEqual(registry.migrations.map(\.dir), ["supabase/migrations"])
        XCTAssertEqual(registry.sources.swift, ["App/**/*.swift"])

        // Disagreements as comments next to the values, with file:line of the replayed constraint.
        XCTAssertTrue(result.stdout.contains("- raw: general      # case at App/Models/Kind.swift:5; not in the CHECK constraint "
            + "on notifications.kind (supabase/migrations/20240301000000_kinds_v2.sql:2); not in KINDS "
            + "(supabase/functions/_shared/kinds.ts:2)"), result.stdout)
        XCTAssertTrue(result.stdout.contains("# server_only: in the CHECK constraint on notifications.kind "
            + "(supabase/migrations/20240301000000_kinds_v2.sql:2) but not a case of Kind"), result.stdout)
        XCTAssertFalse(result.stdout.contains("legacy_poke"), "dropped by the replay")
        XCTAssertTrue(result.stdout.contains("# not registered: title at App/Models/Kind.swift:15: returns prose (\"Chat\"), not a key\n"),
                      result.stdout)
    }

    func testTableAndColumnOverrideTheChoice() throws {
        let root = try CLIHarness.project(Self.files)
        let result = try CLIHarness.run(["init", "--dry-run", "--table", "orders", "--column", "status"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let types = try RegistryLoader.load(text: result.stdout, file: "registry.yaml").notificationTypes!
        XCTAssertEqual(types.sql!.table, "orders")
        XCTAssertEqual(types.sql!.column, "status")
        XCTAssertEqual(types.sql!.constraint, "orders_status_check",
                       "PostgreSQL's default name, written as the summary prints it: the column is restricted")
    }

    func testSwiftEnumOverridesTheChoice() throws {
        let root = try CLIHarness.project(Self.files)
        let result = try CLIHarness.run(["init", "--dry-run", "--swift-enum", "Filter"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        let types = try RegistryLoader.load(text: result.stdout, file: "registry.yaml").notificationTypes!
        XCTAssertEqual(types.swiftEnum, "Filter")
        XCTAssertEqual(types.rawValues, ["chat", "all"])
    }
}
