import ContractsCore
import ContractsTestSupport
import Foundation
import XCTest

/// `check --against REF` over the shared enums (`enums:`) on real git histories: the project committed at `base`
/// with two enums beside the notification types (one on two tables' columns, one an ENUM type), the registry
/// edited and regenerated, then compared. Each change is reported once, naming its enum, at the working registry's
/// enum entry; the safe changes (a value retired, added or reordered, a case renamed, the contract renamed with its
/// wire kept) are silent.
final class BreakingSharedEnumTests: XCTestCase {
    static let registry = """
        version: 1
        notification_types:
          swift_enum: NotificationType
          typescript_const: NOTIFICATION_TYPES
          payload_key: type
          sql: { table: public.notifications, column: type, constraint: valid_notification_type }
          values:
            - raw: message
            - raw: ride_update
        enums:
          ChatRoomStatus:
            swift_enum: ChatRoomStatus
            sql:
              - { table: public.chat_rooms, column: status, constraint: chat_rooms_status_check }
              - { table: public.chat_room_events, column: new_status }
            fallback: unknown
            values: [active, archived, closed, unknown]
            retired: [blocked]
          InviteStatus:
            sql: { enum_type: invite_status }
            values:
              - pending
              - { raw: accepted, case: accepted }
              - declined
        migrations:
          - { dir: database, scheme: sequential, width: 3 }
        sources:
          swift: ["App/**/*.swift"]
          typescript: ["supabase/functions/**/*.ts"]
        outputs:
          swift: App/Generated
          typescript: supabase/functions/_shared/generated

        """

    static let tables = """
        CREATE TABLE public.notifications (id bigserial PRIMARY KEY, type text NOT NULL);
        CREATE TABLE public.chat_rooms (
            id bigserial PRIMARY KEY,
            status text NOT NULL CONSTRAINT chat_rooms_status_check
                CHECK (status IN ('active', 'archived', 'closed', 'unknown', 'blocked'))
        );
        CREATE TABLE public.chat_room_events (id bigserial PRIMARY KEY, new_status text);
        CREATE TYPE public.invite_status AS ENUM ('pending', 'accepted', 'declined');
        CREATE TABLE public.invites (id bigserial PRIMARY KEY, status public.invite_status NOT NULL);

        """

    // MARK: - breaking-type-removed

    /// The notification type keeps its own wording beside the enum's.
    func testAValueRemovedFromASharedEnumNamesTheEnum() throws {
        let repo = try committedBase()
        let result = try checkAgainstBase(repo, editing: {
            $0.replacingOccurrences(of: "    - raw: ride_update\n", with: "")
                // Decoys: a value added, the values reordered, a value moved to `retired`.
                .replacingOccurrences(of: "values: [active, archived, closed, unknown]", with: "values: [muted, active, unknown]")
                .replacingOccurrences(of: "retired: [blocked]", with: "retired: [blocked, archived]")
        })
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(breakingLines(result), [
            "registry.yaml:7:3: error: notification type 'ride_update' (line 9 at base) was removed without being moved to "
                + "notification_types.retired: rows and shipped apps still hold it (breaking-type-removed)",
            "registry.yaml:16:5: error: 'closed' (line 17 at base) was removed from ChatRoomStatus without being moved to "
                + "enums.ChatRoomStatus.retired: rows and shipped apps still hold it (breaking-type-removed)",
        ])
    }

    func testARetiredValueDroppedFromASharedEnum() throws {
        let repo = try committedBase()
        let result = try checkAgainstBase(repo, editing: { $0.replacingOccurrences(of: "    retired: [blocked]\n", with: "") })
        XCTAssertEqual(breakingLines(result), [
            "registry.yaml:17:5: error: retired ChatRoomStatus value 'blocked' (line 18 at base) is no longer listed: old rows may "
                + "still hold it, and nothing stops it from coming back with another meaning (breaking-type-removed)",
        ])
    }

    /// A whole enum removed is one finding at `enums:`; an enum renamed with its columns kept is no removal.
    func testASharedEnumRemovedEntirely() throws {
        let repo = try committedBase()
        let result = try checkAgainstBase(repo, editing: {
            $0.replacingOccurrences(of: "  InviteStatus:\n    sql: { enum_type: invite_status }\n    values:\n      - pending\n"
                                        + "      - { raw: accepted, case: accepted }\n      - declined\n", with: "")
                .replacingOccurrences(of: "  ChatRoomStatus:\n", with: "  RoomStatus:\n")
        })
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(breakingLines(result), [
            "registry.yaml:10:1: error: enum InviteStatus (line 19 at base) was removed from enums: rows still hold its values "
                + "('pending', 'accepted', 'declined') (breaking-type-removed)",
        ])
    }

    func testAColumnOrAnEnumTypeDroppedFromAnEnumsSQL() throws {
        let repo = try committedBase()
        let result = try checkAgainstBase(repo, editing: {
            $0.replacingOccurrences(of: "      - { table: public.chat_room_events, column: new_status }\n", with: "")
                .replacingOccurrences(of: "enum_type: invite_status", with: "enum_type: invitation_status")
        })
        XCTAssertEqual(breakingLines(result), [
            "registry.yaml:13:5: error: column public.chat_room_events.new_status of ChatRoomStatus (line 15 at base) was removed "
                + "from enums.ChatRoomStatus.sql: its rows still hold ChatRoomStatus values, and nothing checks them any more "
                + "(breaking-type-removed)",
            "registry.yaml:19:5: error: ENUM type public.invite_status of InviteStatus (enums.InviteStatus.sql at base) was "
                + "removed from enums.InviteStatus.sql: its columns still hold InviteStatus values, and nothing checks them any "
                + "more (breaking-type-removed)",
        ])
    }

    // MARK: - breaking-type-renamed

    func testARawValueRenamedInASharedEnum() throws {
        let repo = try committedBase()
        let result = try checkAgainstBase(repo, editing: {
            $0.replacingOccurrences(of: "{ raw: accepted, case: accepted }", with: "{ raw: approved, case: accepted }")
                // Decoy: a case renamed with its raw value kept.
                .replacingOccurrences(of: "values: [active, archived,", with: "values: [{ raw: active, case: live }, archived,")
        })
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(breakingLines(result), [
            "registry.yaml:23:9: error: InviteStatus.accepted's raw value changed from 'accepted' (line 23 at base) to "
                + "'approved': rows hold 'accepted' (breaking-type-renamed)",
        ])
    }

    // MARK: - breaking-fallback-changed

    func testASharedEnumsFallbackChangedOrRemoved() throws {
        let repo = try committedBase()
        let changed = try checkAgainstBase(repo, editing: { $0.replacingOccurrences(of: "fallback: unknown", with: "fallback: active") })
        XCTAssertEqual(breakingLines(changed), [
            "registry.yaml:16:5: error: the fallback of ChatRoomStatus changed from 'unknown' at base to 'active': shipped apps "
                + "map unknown values to 'unknown' (breaking-fallback-changed)",
        ])
        let removed = try checkAgainstBase(repo, editing: { $0.replacingOccurrences(of: "    fallback: active\n", with: "") })
        XCTAssertEqual(breakingLines(removed), [
            "registry.yaml:11:3: error: the fallback 'unknown' of ChatRoomStatus (enums.ChatRoomStatus.fallback at base) was "
                + "removed: unknown values no longer decode to a case, while shipped apps map them to 'unknown' "
                + "(breaking-fallback-changed)",
        ])
    }

    // MARK: - accept_breaking

    /// An entry names a shared enum's value as `Enum.value`, or the enum for every change of the rule in it; a bare
    /// raw value is a notification type's, and accepts nothing in an enum.
    func testAcceptBreakingNamesASharedEnumsValue() throws {
        let repo = try committedBase()
        let result = try checkAgainstBase(repo, editing: {
            $0.replacingOccurrences(of: "values: [active, archived, closed, unknown]", with: "values: [active, archived, unknown]")
                .replacingOccurrences(of: "      - declined\n", with: "")
                + "accept_breaking:\n"
                + "  - { rule: breaking-type-removed, value: ChatRoomStatus.closed, reason: \"rooms are archived now\" }\n"
                + "  - { rule: breaking-type-removed, value: declined }\n"
        })
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(breakingLines(result), [
            "registry.yaml:21:5: error: 'declined' (line 24 at base) was removed from InviteStatus without being moved to "
                + "enums.InviteStatus.retired: rows still hold it (breaking-type-removed)",
        ])
        XCTAssertTrue(result.stderr.contains("registry.yaml:17:5: note: accepted by accept_breaking (registry.yaml:33:5), "
            + "\"rooms are archived now\": 'closed' (line 17 at base) was removed from ChatRoomStatus"), result.stderr)
        XCTAssertTrue(result.stderr.contains("registry.yaml:34:5: note: this accept_breaking entry accepts no breaking change "
            + "since base"), result.stderr)

        let wholeEnum = try checkAgainstBase(repo, editing: {
            $0.replacingOccurrences(of: "value: declined }", with: "value: InviteStatus }")
        })
        XCTAssertEqual(breakingLines(wholeEnum), [])
        XCTAssertFalse(wholeEnum.stderr.contains("accepts no breaking change"), wholeEnum.stderr)
    }

    // MARK: - helpers

    /// A repository with the app committed (generated files included) and tagged `base`.
    private func committedBase() throws -> GitTestRepo {
        let repo = try GitTestRepo()
        try repo.write("registry.yaml", Self.registry)
        try repo.write("database/001_init.sql", Self.tables)
        let generated = try CLIHarness.run(["generate"], in: repo.url)
        XCTAssertEqual(generated.status, 0, generated.stderr)
        try repo.commitAll("base")
        try repo.git("tag", "base")
        let unchanged = try CLIHarness.run(["check", "--format", "xcode", "--against", "base"], in: repo.url)
        XCTAssertEqual(breakingLines(unchanged), [], "the base breaks nothing against itself")
        return repo
    }

    /// Edits the working registry, regenerates, and runs `check --against base --format xcode`.
    private func checkAgainstBase(_ repo: GitTestRepo, editing edit: (String) -> String) throws -> CLIHarness.Result {
        try repo.write("registry.yaml", edit(try repo.read("registry.yaml")))
        // generate refuses (exit 2, nothing written) where an ENUM type would have to lose a label or no longer
        // exists: PostgreSQL cannot drop a label, and that is a change to make by hand. The breaking rules judge the
        // registry either way.
        let generated = try CLIHarness.run(["generate"], in: repo.url)
        XCTAssertTrue(generated.status == 0 || generated.stderr.contains("ENUM type"), generated.stderr)
        return try CLIHarness.run(["check", "--format", "xcode", "--against", "base"], in: repo.url)
    }

    /// The report's lines of breaking-change rules, from the repository's root.
    private func breakingLines(_ result: CLIHarness.Result) -> [String] {
        result.stdout.split(separator: "\n").map(String.init).filter { $0.contains("(breaking-") }.map { line in
            guard line.hasPrefix("/"), let range = line.range(of: "/registry.yaml:") else { return line }
            return String(line[line.index(after: range.lowerBound)...])
        }
    }
}
