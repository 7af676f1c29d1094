import ContractsCore
import XCTest

/// A SwiftUI + supabase-swift app sharing five enums beside its notification types, as real apps write them: view
/// models, Codable rows with CodingKeys, extensions, `#if DEBUG`, comments and interpolations that hold enum values,
/// a `Tab` enum with a registered enum's case names, and an `AppDiagnostics.Category` beside `Expense.Category`.
/// Three tables have a `status` column, each with its own values. Every source here is drift-free; the tests plant
/// one drift at a time.
enum SharedEnumFixtures {
    /// The app's notification types alone.
    static let notificationOnlyText = """
        version: 1
        notification_types:
          swift_enum: NotificationType
          typescript_const: NOTIFICATION_TYPES
          payload_key: type
          sql: { table: public.notifications, column: type, constraint: valid_notification_type }
          values:
            - raw: message
            - raw: expenseAdded
        sources:
          swift: ["App/**/*.swift"]

        """

    static let notificationOnly: Registry = try! RegistryLoader.load(text: notificationOnlyText, file: "registry.yaml")

    static let registry: Registry = try! RegistryLoader.load(text: notificationOnlyText + """
        enums:
          ChatRoomStatus:
            swift_enum: ChatRoomStatus
            sql:
              - { table: public.chat_rooms, column: status, constraint: chat_rooms_status_check }
              - { table: public.chat_room_events, column: new_status }
            fallback: unknown
            values: [active, archived, blocked, deleted, unknown]
            retired: [closed]
          InviteStatus:
            swift_enum: InviteStatus
            sql: { table: public.invites, column: status }
            values: [pending, accepted, declined, expired]
          MediaAssetStatus:
            sql: { table: public.media_assets, column: status }
            values: [uploading, ready, viewed, failed]
          ExpenseCategory:
            swift_enum: Expense.Category
            sql: { table: public.expenses, column: category }
            values: [food, travel, { raw: office-supplies, case: officeSupplies }]
        """, file: "registry.yaml")

    static let modelsPath = "App/Models/Models.swift"
    static let models = #"""
    import Foundation

    enum ChatRoomStatus: String, Codable, CaseIterable {
        case active
        case archived
        case blocked
        case deleted
        case unknown

        init(from decoder: Decoder) throws {
            let raw = try decoder.singleValueContainer().decode(String.self)
            self = ChatRoomStatus(rawValue: raw) ?? .unknown
        }
    }

    enum InviteStatus: String, Codable {
        case pending, accepted, declined
        case expired = "expired"
    }

    /// The app's tabs: the same case names as ChatRoomStatus, other values entirely.
    enum Tab: String, CaseIterable {
        case active, archived, settings
    }

    struct ChatRoom: Codable, Identifiable {
        let id: UUID
        var name: String
        var status: ChatRoomStatus
    }

    struct Invite: Codable, Identifiable {
        let id: UUID
        let roomId: UUID
        var status: InviteStatus

        enum CodingKeys: String, CodingKey {
            case id
            case roomId = "room_id"
            case status
        }
    }

    /// A row of media_assets: its status is a plain String (MediaAssetStatus has no Swift enum).
    struct MediaAsset: Codable {
        let id: UUID
        var status: String
    }

    struct Expense: Codable {
        let id: UUID
        var amount: Decimal
        var category: Category

        enum Category: String, Codable, CaseIterable {
            case food
            case travel
            #if DEBUG
            case officeSupplies = "office-supplies"
            #else
            case officeSupplies = "office-supplies"
            #endif
        }
    }

    enum AppDiagnostics {
        /// Not Expense.Category: a log category with other values.
        enum Category: String { case network, storage, food }
    }

    struct DiagnosticEvent {
        let category: AppDiagnostics.Category
        let message: String
    }
    """#

    static let roomsPath = "App/Features/Rooms/RoomsViewModel.swift"
    static let rooms = #"""
    import Foundation
    import Supabase
    import SwiftUI

    @MainActor
    final class RoomsViewModel: ObservableObject {
        @Published var rooms: [ChatRoom] = []
        @Published var selectedTab: Tab = .active
        private let supabase: SupabaseClient

        init(supabase: SupabaseClient) { self.supabase = supabase }

        /// Rooms still open; "archived" ones are hidden (a comment is no literal).
        var openRooms: [ChatRoom] {
            rooms.filter { $0.status.rawValue == "active" }
        }

        func title(for room: ChatRoom) -> String {
            switch room.status.rawValue {
            case "active": return room.name
            case "archived": return "\(room.name) (archived)"
            // Old rows still say "closed": reading the retired value is fine.
            case "closed": return "\(room.name) (closed)"
            default: return "Room \(room.status.rawValue) is archivd"
            }
        }

        func tabTitle(_ tab: Tab) -> String {
            // A Tab is not a ChatRoomStatus: "settings" is no drift.
            tab.rawValue == "settings" ? "Settings" : tab.rawValue.capitalized
        }

        func load() async throws {
            rooms = try await supabase.from("chat_rooms")
                .select()
                .eq("status", value: "active")
                .neq("status", value: "deleted")
                .execute().value
        }

        func purgeClosed() async throws {
            // Cleaning up old rows reads the retired value.
            try await supabase.from("chat_rooms").delete().eq("status", value: "closed").execute()
        }

        func archive(_ room: ChatRoom) async throws {
            try await supabase.from("chat_rooms").update(["status": "archived"]).eq("id", value: room.id).execute()
            try await supabase.from("chat_room_events")
                .insert(["room_id": AnyJSON.string(room.id.uuidString), "new_status": AnyJSON.string("archived")])
                .execute()
        }

        func block(_ room: inout ChatRoom) {
            room.status = .init(rawValue: "blocked") ?? .unknown
            let fallback: ChatRoomStatus = .init(rawValue: "unknown")!
            #if DEBUG
            print("blocked", fallback, ChatRoomStatus(rawValue: "deleted") as Any)
            #endif
        }
    }
    """#

    static let invitesPath = "App/Features/Invites/InviteService.swift"
    static let invites = #"""
    import Foundation
    import Supabase

    /// A new invite as the invites table takes it.
    struct NewInvite: Encodable {
        let roomId: UUID
        let inviteStatus: String

        enum CodingKeys: String, CodingKey {
            case roomId = "room_id"
            case inviteStatus = "status"
        }
    }

    struct InviteDraft: Encodable {
        let roomId: UUID
        var status = "pending"
    }

    struct InviteService {
        let supabase: SupabaseClient

        func invite(to room: UUID) async throws {
            try await supabase.from("invites").insert(NewInvite(roomId: room, inviteStatus: "pending")).execute()
            try await supabase.from("invites").insert(InviteDraft(roomId: room)).execute()
        }

        func respond(_ invite: Invite, accept: Bool) async throws {
            try await supabase.from("invites")
                .update(["status": accept ? "accepted" : "declined"])
                .eq("id", value: invite.id)
                .execute()
            if invite.status.rawValue == "expired" { return }
        }

        func pending() async throws -> [Invite] {
            try await supabase.from("invites").select().in("status", values: ["pending", "accepted"]).execute().value
        }

        /// Media rows have a status too, with their own values.
        func viewed(_ asset: UUID) async throws {
            try await supabase.from("media_assets").update(["status": "viewed"]).eq("id", value: asset).execute()
            let query = supabase.from("media_assets").select()
            _ = try await query.eq("status", value: "ready").execute()
        }

        /// Orders are not registered: their status is the app's business.
        func ship(_ order: UUID) async throws {
            try await supabase.from("orders").update(["status": "shipped"]).eq("id", value: order).execute()
        }

        /// The table is a parameter: a status valid in any enum with a status column is fine.
        func setStatus(_ table: String, id: UUID, to status: String) async throws {
            try await supabase.from(table).update(["status": "pending"]).eq("id", value: id).execute()
        }

        /// One row reused for two tables: each table's value is fine.
        func reuse(_ id: UUID) async throws {
            var row: [String: AnyJSON] = ["status": .string("active")]
            try await supabase.from("chat_rooms").update(row).eq("id", value: id).execute()
            row["status"] = .string("pending")
            try await supabase.from("invites").update(row).eq("id", value: id).execute()
        }
    }
    """#

    static let expensesPath = "App/Features/Expenses/ExpenseList.swift"
    static let expenses = #"""
    import SwiftUI

    extension Expense {
        var isTravel: Bool { category.rawValue == "travel" }

        static func parse(_ raw: String) -> Category {
            Category(rawValue: raw) ?? Category(rawValue: "food")!
        }
    }

    struct ExpenseList: View {
        let expenses: [Expense]
        let events: [DiagnosticEvent]

        var body: some View {
            List(expenses.filter { $0.category.rawValue != "office-supplies" }, id: \.id) { expense in
                Text("\(expense.category.rawValue)")
            }
        }

        func isNetwork(_ event: DiagnosticEvent) -> Bool {
            event.category.rawValue == "network" && AppDiagnostics.Category(rawValue: "storage") != nil
        }

        func isFood(_ expense: Expense) -> Bool {
            expense.category.rawValue == "food" && Expense.Category(rawValue: "travel") != nil
        }
    }

    extension AppDiagnostics {
        static let fallback = Category(rawValue: "network")
    }
    """#

    /// Every source, drift-free.
    static let clean: [String: String] = [
        modelsPath: models, roomsPath: rooms, invitesPath: invites, expensesPath: expenses,
    ]
}

/// Plant one drift in the clean app and read what the Swift checker finds.
protocol SharedEnumFixtureTests: XCTestCase {}

extension SharedEnumFixtureTests {
    typealias F = SharedEnumFixtures

    func findings(_ path: String, _ text: String) throws -> [Finding] {
        var files = F.clean
        files[path] = text
        return try CheckHarness.findings(files, registry: F.registry)
    }

    func at(_ needle: String, in text: String, _ path: String, occurrence: Int = 1) -> SourceLocation {
        CheckHarness.location(of: needle, in: text, file: path, occurrence: occurrence)
    }

    /// One finding, of `rule`, at `location`, with `message`.
    func assertOne(_ found: [Finding], _ rule: String, at location: SourceLocation, _ message: String,
                   file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(found.map(\.ruleID), [rule], "\(found.map(\.message))", file: file, line: line)
        XCTAssertEqual(found.first?.location, location, file: file, line: line)
        XCTAssertEqual(found.first?.message, message, file: file, line: line)
    }
}
