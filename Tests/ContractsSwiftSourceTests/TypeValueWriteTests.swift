import ContractsCore
import XCTest

/// `swift-unknown-literal` on writes: rows of the type column (dictionaries, `Encodable` row types) sent to
/// `.from("<table>").insert/update/upsert`, and Swift emitters' type arguments. Each form with a triggering and
/// a non-triggering example.
final class TypeValueWriteTests: XCTestCase {
    /// A free-text `kind` column (no constraint), one Swift emitter by label, two retired kinds.
    static let registry: Registry = try! RegistryLoader.load(text: """
        version: 1
        notification_types:
          swift_enum: NotificationKind
          typescript_const: NOTIFICATION_KINDS
          payload_key: kind
          sql: { table: public.notifications, column: kind }
          retired: [admin_child_add]
          values:
            - { raw: general, icon: bell }
            - { raw: app_update, icon: arrow.down.app }
            - { raw: profile_update, icon: person }
        emitters:
          swift: [{ function: sendNotification, argument: kind }]
        sources:
          swift: ["App/**/*.swift"]
        """, file: "registry.yaml")

    private let path = "App/Services/Writer.swift"

    private func findings(_ source: String, extra: [String: String] = [:]) throws -> [Finding] {
        var files = extra
        files[path] = source
        return try CheckHarness.findings(files, registry: Self.registry).filter { $0.ruleID == "swift-unknown-literal" }
    }

    /// The locations of `needles` in `source`, in order.
    private func at(_ needles: String..., in source: String) -> [SourceLocation] {
        needles.map { CheckHarness.location(of: $0, in: source, file: path) }
    }

    func testRowDictionaryInsertedIntoTheTable() throws {
        let source = """
        import Supabase
        struct Writer {
            let client: SupabaseClient
            func send(to id: UUID) async throws {
                try await client.from("notifications").insert(["user_id": AnyEncodable(id), "kind": AnyEncodable("profile_updated")]).execute()
                try await client.from("notifications").insert(["user_id": AnyEncodable(id), "kind": AnyEncodable("profile_update")]).execute()
                try await client.from("public.notifications").upsert(["kind": "app_updates"]).execute()
                try await client.schema("public").from("notifications").update(["kind": AnyJSON.string("apps")]).eq("id", value: id).execute()
            }
        }
        """
        let found = try findings(source)
        XCTAssertEqual(found.map(\.location), at("\"profile_updated\"", "\"app_updates\"", "\"apps\"", in: source))
        XCTAssertEqual(found.first?.message,
                       "\"profile_updated\" is written as a NotificationKind raw value but is not registered (did you mean \"profile_update\"?); use a registered type or add \"profile_updated\" to registry.yaml")
        XCTAssertEqual(found.first?.registryLocation, Self.registry.notificationTypes!.location)
    }

    /// Only files whose text names the table or an emitter are searched for writes; a table name spelled with
    /// escapes, or split over a multi-line literal's line continuation, names it all the same.
    func testATableNameSpelledWithEscapesOrAContinuationStillCounts() throws {
        let source = #"""
        import Supabase
        struct Writer {
            let client: SupabaseClient
            func send() async throws {
                try await client.from("notif\u{69}cations").insert(["kind": "escaped_kind"]).execute()
                try await client.from("""
                    notif\
                    ications
                    """).insert(["kind": "continued_kind"]).execute()
                try await client.from("rides").insert(["kind": "ride_kind"]).execute()
            }
        }
        """#
        let found = try findings(source)
        XCTAssertEqual(found.map(\.location), at("\"escaped_kind\"", "\"continued_kind\"", in: source))
    }

    func testRowsBuiltInNamesArraysAndMapClosures() throws {
        let source = """
        struct Broadcaster {
            func broadcast(_ ids: [UUID], headline: String, urgent: Bool) async throws {
                let rows: [[String: AnyEncodable]] = ids.map { id in
                    ["user_id": AnyEncodable(id), "kind": AnyEncodable("admin_broadcast"), "title": AnyEncodable(headline)]
                }
                try await supabase.from("notifications").insert(rows).execute()
                var extra: [[String: AnyEncodable]] = []
                for id in ids { extra.append(["user_id": AnyEncodable(id), "kind": AnyEncodable(urgent && id != ids[0] ? "urgent" : "general")]) }
                try await supabase.from("notifications").insert(extra).execute()
                var row: [String: AnyEncodable] = ["user_id": AnyEncodable(ids[0])]
                row["kind"] = AnyEncodable("digest")
                try await supabase.from("notifications").insert([row]).execute()
            }
        }
        """
        XCTAssertEqual(try findings(source).map(\.location), at("\"admin_broadcast\"", "\"urgent\"", "\"digest\"", in: source))
    }

    func testRowsAndKindsPassedToAHelperThatInserts() throws {
        let source = """
        final class NotificationRepository {
            private func insert(_ row: [String: AnyEncodable]) async throws {
                try await client.from("notifications").insert(row).execute()
            }
            private func notify(_ userId: UUID, kind: String) async throws {
                try await insert(["user_id": AnyEncodable(userId), "kind": AnyEncodable(kind)])
            }
            func welcome(_ id: UUID) async throws {
                try await insert(["user_id": AnyEncodable(id), "kind": AnyEncodable("welcome")])
                try await notify(id, kind: "general")
                try await notify(id, kind: "app_upgrade")
                try await track(["kind": "welcome_screen"])
            }
            private func track(_ event: [String: AnyEncodable]) async throws {
                try await client.from("analytics_events").insert(event).execute()
            }
        }
        """
        XCTAssertEqual(try findings(source).map(\.location), at("\"welcome\"", "\"app_upgrade\"", in: source))
    }

    func testEncodableRowTypeWithItsPropertyOrItsCodingKey() throws {
        let models = """
        struct NewNotification: Encodable {
            let userId: UUID
            let kind: String
            enum CodingKeys: String, CodingKey { case userId = "user_id", kind }
        }
        struct LegacyRow: Codable {
            let notificationKind: String
            enum CodingKeys: String, CodingKey { case notificationKind = "kind" }
        }
        struct Unrelated { let kind: String }
        """
        let source = """
        struct Writer {
            func send(_ id: UUID) async throws {
                try await client.from("notifications").insert(NewNotification(userId: id, kind: "app_update")).execute()
                try await client.from("notifications").insert(NewNotification(userId: id, kind: "app_updated")).execute()
                let legacy = LegacyRow(notificationKind: "legacy")
                try await client.from("notifications").insert(legacy).execute()
                try await client.from("notifications").insert(Unrelated(kind: "not_a_row_type")).execute()
            }
        }
        """
        XCTAssertEqual(try findings(source, extra: ["App/Models/Rows.swift": models]).map(\.location),
                       at("\"app_updated\"", "\"legacy\"", in: source))
    }

    func testEmitterLabelledArgument() throws {
        let source = """
        final class ChoreService {
            let notifications = NotificationService()
            func complete(_ chore: Chore) async throws {
                try await notifications.sendNotification(to: chore.ownerId, kind: "chore_done", title: chore.title)
                try await notifications.sendNotification(to: chore.ownerId, kind: "general")
                try await notifications.sendNotification(to: chore.ownerId, kind: NotificationKind.appUpdate.rawValue)
                let kind = "chore_reopened"
                try await notifications.sendNotification(to: chore.ownerId, kind: kind)
            }
        }
        """
        let found = try findings(source)
        XCTAssertEqual(found.map(\.location), at("\"chore_done\"", "\"chore_reopened\"", in: source))
    }

    func testEmitterByPositionAndADictionaryPassedToAnEmitter() throws {
        var registry = Self.registry
        registry.emitters.swift = [
            FunctionEmitter(function: "enqueue", argument: 2, location: registry.notificationTypes!.location),
            FunctionEmitter(function: "push", argument: nil, location: registry.notificationTypes!.location, label: "payload"),
        ]
        let source = """
        struct Outbox {
            func flush(_ id: UUID) {
                enqueue(id, "digest_ready", priority: 1)
                enqueue(id, "general", priority: 1)
                enqueue("digest_ready", id, priority: 1)
                push(to: id, payload: ["kind": "ping", "badge": 1])
                push(to: id, payload: ["kind": "app_update"])
                push(to: id, extra: ["kind": "not_the_payload"])
            }
        }
        """
        let found = try CheckHarness.findings([path: source], registry: registry).filter { $0.ruleID == "swift-unknown-literal" }
        XCTAssertEqual(found.map(\.location), [
            CheckHarness.location(of: "\"digest_ready\"", in: source, file: path),
            CheckHarness.location(of: "\"ping\"", in: source, file: path),
        ], "the third call passes the literal first, where this emitter takes no type")
    }

    func testRetiredValueWrittenIsDriftButReadIsNot() throws {
        let source = """
        final class FamilyService {
            func migrate(_ id: UUID, userInfo: [AnyHashable: Any], row: NotificationRow) async throws {
                try await client.from("notifications").insert(["kind": "admin_child_add"]).execute()
                try await sendNotification(to: id, kind: "admin_child_add")
                if userInfo["kind"] as? String == "admin_child_add" { print("legacy push") }
                if row.kind.rawValue == "admin_child_add" { print("legacy row") }
            }
        }
        struct NotificationRow { let kind: NotificationKind }
        """
        let found = try findings(source)
        XCTAssertEqual(found.map(\.location), [
            CheckHarness.location(of: "\"admin_child_add\"", in: source, file: path, occurrence: 1),
            CheckHarness.location(of: "\"admin_child_add\"", in: source, file: path, occurrence: 2),
        ], "the two writes; the push read and the row comparison are reads")
        XCTAssertEqual(found.first?.message,
                       "\"admin_child_add\" is written as a NotificationKind raw value but it is retired (notification_types.retired): old rows may hold it, nothing may write it again; write a registered type")
        XCTAssertEqual(found.first?.registryLocation, Self.registry.notificationTypes!.retired.first?.location)
    }

    func testDictionariesAndLabelsThatAreNotTypeWrites() throws {
        let source = """
        import Supabase
        enum Analytics {
            static func track(_ name: String, _ properties: [String: Any]) {}
        }
        struct Decoys {
            func run(_ id: UUID) async throws {
                Analytics.track("chore_opened", ["kind": "photo", "screen": "chores"])
                let event: [String: Any] = ["kind": "swipe"]
                Analytics.track("swipe", event)
                try await client.from("family_events").insert(["kind": "chore_photo"]).execute()
                try await client.schema("audit").from("notifications").insert(["kind": "audit_row"]).execute()
                try await client.from("notifications").select().eq("kind", value: "stale_kind").execute()
                logger.log(kind: "network", message: "retry")
                let style = BadgeStyle(kind: "pill")
                _ = (style, ["kind": "loose"])
            }
        }
        """
        XCTAssertEqual(try findings(source), [])
    }
}
