import ContractsBreaking
import ContractsCore
import XCTest

/// `--against` judges every enum with one body: the notification enum paired with the notification enum (even
/// renamed), any other by name (or by its wire), and an enum that is the notification enum on one side only is
/// judged like any other. Every finding names what it is about.
final class BreakingEveryEnumTests: XCTestCase {
    /// The contract form: a payload-only push type (no column, no Swift enum), a status with a Swift enum and a
    /// column, and a kind held in an ENUM type.
    static let registry = """
        version: 1
        enums:
          PushType:
            values: [live_signal_received, conversation_started, new_message]
          ChatRoomStatus:
            swift_enum: ChatRoomStatus
            sql: { table: chat_rooms, column: status }
            fallback: unknown
            values: [active, deleted, unknown]
          InviteRole:
            sql: { enum_type: invite_role }
            values: [owner, member]
        notifications:
          enum: PushType
          payload_key: type
        outputs:
          swift: App/Generated
          typescript: supabase/functions/_shared/generated

        """

    private func findings(_ ref: String, _ working: String) throws -> [Finding] {
        XCTAssertNotEqual(ref, working, "the edit did not apply")
        let facts = BreakingFacts(atRef: try RegistryLoader.load(text: ref, file: "registry.yaml"),
                                  working: try RegistryLoader.load(text: working, file: "registry.yaml"), ref: "main")
        let findings = BreakingCheck.compare(facts).findings
        for finding in findings { XCTAssertNotNil(finding.subject, "\(finding.ruleID): \(finding.message)") }
        return findings
    }

    private func described(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.ruleID) \($0.subject.map { "\($0)" } ?? "none")" }.sorted()
    }

    func testEachEnumsChangesAreJudgedAndNamed() throws {
        let working = Self.registry
            .replacingOccurrences(of: "values: [live_signal_received, conversation_started, new_message]",
                                  with: "values: [live_signal_received, new_message]")
            .replacingOccurrences(of: "fallback: unknown", with: "fallback: active")
            .replacingOccurrences(of: "values: [active, deleted, unknown]", with: "values: [active, { raw: removed, case: deleted }, unknown]")
            .replacingOccurrences(of: "    sql: { enum_type: invite_role }\n", with: "")
        XCTAssertEqual(described(try findings(Self.registry, working)), [
            #"breaking-fallback-changed enumValue(enumName: "ChatRoomStatus", value: "unknown")"#,
            #"breaking-type-removed enumColumn(enumName: "InviteRole", column: "public.invite_role")"#,
            // The push type has no Swift enum: it is named by its registry name.
            #"breaking-type-removed enumValue(enumName: "PushType", value: "conversation_started")"#,
            #"breaking-type-renamed enumValue(enumName: "ChatRoomStatus", value: "deleted")"#,
        ])
    }

    /// The contract dropped from the working registry: its enum is still an enum, paired by name, and judged.
    func testAnEnumThatIsTheNotificationEnumAtTheRefOnlyIsStillJudged() throws {
        let working = Self.registry
            .replacingOccurrences(of: "notifications:\n  enum: PushType\n  payload_key: type\n", with: "")
            .replacingOccurrences(of: "values: [live_signal_received, conversation_started, new_message]",
                                  with: "values: [live_signal_received, new_message]")
        let findings = try findings(Self.registry, working)
        XCTAssertEqual(described(findings), [#"breaking-type-removed enumValue(enumName: "PushType", value: "conversation_started")"#])
        XCTAssertEqual(findings.first?.message.contains("from PushType"), true, findings.first?.message ?? "")
    }

    /// The shorthand at the ref, the contract form in the working registry, the enum renamed: still the notification
    /// enum on both sides, paired and judged in its own words, accepted by the bare raw value.
    func testTheNotificationEnumIsPairedWithTheNotificationEnumEvenRenamed() throws {
        let ref = """
            version: 1
            notification_types:
              swift_enum: NotificationType
              payload_key: type
              sql: { table: public.notifications, column: type }
              values:
                - raw: message
                - raw: ride_update
            outputs:
              swift: App/Generated
              typescript: supabase/functions/_shared/generated

            """
        let working = """
            version: 1
            enums:
              NotificationKind:
                swift_enum: NotificationKind
                sql: { table: public.notifications, column: type }
                values: [message]
            notifications:
              enum: NotificationKind
              payload_key: type
            outputs:
              swift: App/Generated
              typescript: supabase/functions/_shared/generated

            """
        let findings = try findings(ref, working)
        XCTAssertEqual(described(findings), [#"breaking-type-removed enumValue(enumName: "NotificationKind", value: "ride_update")"#])
        XCTAssertEqual(findings.first?.message.hasPrefix("notification type 'ride_update' (line 8 at main) was removed without "
            + "being moved to enums.NotificationKind.retired"), true, findings.first?.message ?? "")
        // No enum was removed: the notification enum is not reported as a removed enum under its old name.
        XCTAssertFalse(findings.contains { $0.message.hasPrefix("enum NotificationType") })
    }

    /// A registry with no notification enum at the ref: the one added in the working registry breaks nothing, and
    /// the other enums are judged as ever.
    func testAContractAddedBreaksNothing() throws {
        let ref = Self.registry.replacingOccurrences(of: "notifications:\n  enum: PushType\n  payload_key: type\n", with: "")
        XCTAssertEqual(try findings(ref, Self.registry), [])
    }

    /// A whole enum removed names its values.
    func testARemovedEnumNamesItsValues() throws {
        let working = Self.registry.replacingOccurrences(of: "  InviteRole:\n    sql: { enum_type: invite_role }\n    values: [owner, member]\n",
                                                         with: "")
        XCTAssertEqual(described(try findings(Self.registry, working)), [
            #"breaking-type-removed enumValues(enumName: "InviteRole", missing: ["owner", "member"], extra: [])"#,
        ])
    }
}
