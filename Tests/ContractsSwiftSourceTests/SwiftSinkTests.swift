import ContractsCore
import XCTest

/// `swift-unknown-literal` through the project's sinks (`SwiftSinks`): a literal passed to a function of another
/// file whose parameter ends in the type column, a declared emitter or another such function. Each form with a
/// decoy that must stay silent.
final class SwiftSinkTests: XCTestCase {
    private let writer = "App/Services/NotificationWriter.swift"
    private let view = "App/Views/ComposeView.swift"

    /// The writer: `send(kind:to:)` inserts a dictionary row, `relay(_:)` forwards to the declared emitter,
    /// `tag(kind:)` writes its `kind` to another table, `quiet(kind:)` shadows it in a closure.
    private let writerSource = """
        import Supabase
        final class NotificationWriter {
            let client: SupabaseClient
            func send(kind: String, to id: UUID) async throws {
                try await client.from("notifications").insert(["user_id": AnyJSON.string(id.uuidString), "kind": .string(kind)]).execute()
            }
            func relay(_ kind: String) async throws {
                try await sendNotification(kind: kind)
            }
            func tag(kind: String) async throws {
                try await client.from("tags").insert(["kind": .string(kind)]).execute()
            }
            func quiet(kind: String, ids: [UUID]) async throws {
                let rows = ids.map { kind in ["kind": AnyJSON.string(kind.uuidString)] }
                try await client.from("notifications").insert(rows).execute()
            }
        }
        """

    private func findings(_ files: [String: String]) throws -> [Finding] {
        try CheckHarness.findings(files, registry: TypeValueWriteTests.registry).filter { $0.ruleID == "swift-unknown-literal" }
    }

    func testALiteralPassedToAnotherFilesSinkIsJudged() throws {
        let caller = """
            struct ComposeView {
                let writer: NotificationWriter
                func go(_ id: UUID) async throws {
                    try await writer.send(kind: "profile_updated", to: id)
                    try await writer.relay("app_updates")
                    try await writer.send(kind: "general", to: id)
                    try await writer.tag(kind: "pinned")
                    try await writer.quiet(kind: "hushed", ids: [id])
                }
            }
            """
        let found = try findings([writer: writerSource, view: caller])
        XCTAssertEqual(found.map(\.location), [CheckHarness.location(of: "\"profile_updated\"", in: caller, file: view),
                                               CheckHarness.location(of: "\"app_updates\"", in: caller, file: view)])
    }

    /// A parameter reached again through the same name by a second call (`let type = kind`, passed to a logger,
    /// then to a sink): the read of `kind` the first call made is remembered, and still counts for the second.
    /// The decoy passes its local to the logger alone.
    func testAParameterReadOnceStillReachesEveryCallThatPassesItOn() throws {
        let forwarder = """
            final class Forwarder {
                let writer: NotificationWriter
                func log(_ value: String) { print(value) }
                func forward(kind: String) async throws {
                    let type = kind
                    log(type)
                    try await writer.relay(type)
                }
                func mention(kind: String) {
                    let type = kind
                    log(type)
                    log(type)
                }
            }
            """
        let caller = """
            struct ComposeView {
                let forwarder: Forwarder
                func go() async throws {
                    try await forwarder.forward(kind: "bogus_kind")
                    forwarder.mention(kind: "just_a_word")
                }
            }
            """
        let found = try findings([writer: writerSource, "App/Services/Forwarder.swift": forwarder, view: caller])
        XCTAssertEqual(found.map(\.location), [CheckHarness.location(of: "\"bogus_kind\"", in: caller, file: view)])
    }

    /// A method of the same name and labels on another type: the call whose receiver is that type is silent, and
    /// so is one whose receiver's type cannot be told.
    func testASameNamedMethodOfAnotherTypeKeepsItsCallsSilent() throws {
        let other = """
            final class AnalyticsWriter {
                func send(kind: String, to id: UUID) { print(kind, id) }
            }
            """
        let caller = """
            struct ComposeView {
                let writer: NotificationWriter
                let analytics = AnalyticsWriter()
                func go(_ id: UUID, coordinator: Coordinator) async throws {
                    try await writer.send(kind: "typo_one", to: id)
                    analytics.send(kind: "opened", to: id)
                    try await coordinator.sender.send(kind: "who_knows", to: id)
                }
            }
            """
        let found = try findings([writer: writerSource, view: caller, "App/Services/AnalyticsWriter.swift": other])
        XCTAssertEqual(found.map(\.location), [CheckHarness.location(of: "\"typo_one\"", in: caller, file: view)])
        // Without the other type, a receiver of unknown type may only be the writer; one known to be another type
        // is still not.
        let alone = try findings([writer: writerSource, view: caller])
        XCTAssertEqual(alone.map(\.location), [CheckHarness.location(of: "\"typo_one\"", in: caller, file: view),
                                               CheckHarness.location(of: "\"who_knows\"", in: caller, file: view)])
    }

    /// A default reaching the sink is judged where it is declared, once; one that reaches nothing is not.
    func testADefaultThatReachesTheSinkIsJudgedAtTheDefault() throws {
        let forwarder = """
            struct Announcer {
                let writer: NotificationWriter
                func announce(_ id: UUID, kind: String = "anouncement") async throws {
                    try await writer.send(kind: kind, to: id)
                }
                func label(_ id: UUID, kind: String = "nothing_written") -> String { kind }
            }
            """
        let path = "App/Services/Announcer.swift"
        let found = try findings([writer: writerSource, path: forwarder])
        XCTAssertEqual(found.map(\.location), [CheckHarness.location(of: "\"anouncement\"", in: forwarder, file: path)])
    }
}
