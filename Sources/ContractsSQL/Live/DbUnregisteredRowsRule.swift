import Foundation
import ContractsCore

/// `db-unregistered-rows`: for every enum (the notification enum and each of `enums:`), live rows of a column it
/// names, or of any column of its ENUM type, hold a value that is neither one of its server values nor retired (an app
/// that decodes it falls back, or crashes without a fallback). Read with one bounded `SELECT DISTINCT ... LIMIT` a
/// column; reported at the notification enum's value list, or at another enum's column entry in the registry (an
/// ENUM type's column: the enum's `sql:`).
enum DbUnregisteredRowsRule {
    static func findings(_ facts: LiveFacts) -> [Finding] {
        facts.registry.allEnums.indices.flatMap { index -> [Finding] in
            let wording = EnumWording(index, facts.registry)
            let targets = facts.facts.targets.filter { $0.target.enumIndex == index }
            let columns = targets.compactMap { target in
                facts.liveColumn(target).map { (live: $0, at: target.target.sql!.location) }
            }
            // A column of the type that the registry also lists is read once, at its own entry.
            let listed = Set(columns.map(\.live.qualifiedName))
            let typeAt = facts.registry.keyLocations["\(wording.entry).sql"] ?? wording.location
            let typed = targets.compactMap { facts.liveType($0) }.flatMap(\.columns)
                .filter { !listed.contains($0.qualifiedName) }.map { (live: $0, at: typeAt) }
            return (columns + typed).flatMap { judge($0.live, wording, at: $0.at) }
        }
    }

    private static func judge(_ live: LiveSnapshot.EnumColumn, _ wording: EnumWording, at: SourceLocation) -> [Finding] {
        let known = Set(wording.serverValues + wording.sharedEnum.retired.map(\.raw))
        let bound = live.values.count >= LiveSnapshot.rowValueLimit
            ? " (only the first \(LiveSnapshot.rowValueLimit) distinct values were read)" : ""
        return live.values.filter { !known.contains($0) }.map { value in
            // The notification enum's rows are reported at its value list, another enum's at the column's entry.
            wording.isNotification
                ? Finding(.dbUnregisteredRows,
                          "Live rows in \(live.schema).\(live.table).\(live.column) hold '\(value)', which is neither registered for the server nor retired\(bound)",
                          at: wording.location, fix: "add '\(value)' to \(wording.entry).values or retired, or update those rows",
                          subject: wording.value(value))
                : Finding(.dbUnregisteredRows,
                          "Live rows in \(live.qualifiedName) hold '\(value)', which \(wording.sharedEnum.name) neither lists nor retires\(bound)",
                          at: at, registry: wording.location, fix: "add '\(value)' to \(wording.entry).values or retired, or update those rows",
                          subject: wording.value(value))
        }
    }
}

extension DbUnregisteredRowsRule: DriftRule {
    typealias Facts = LiveFacts
    static let rule = Rule.dbUnregisteredRows

    static let migration = """
        CREATE TABLE public.notifications (id bigint, type text NOT NULL,
          CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_update')));
        """
    static let constraint = LiveSnapshot.Constraint(
        name: "valid_notification_type", definition: "CHECK ((type = ANY (ARRAY['message'::text, 'ride_update'::text])))")
    static let enums = """
        enums:
          ChatRoomStatus:
            ↓sql: { enum_type: chat_room_status }
            values: [active, archived]
            retired: [closed]
          InviteStatus:
            sql:
              - ↓{ table: public.invites, column: status }
              - { table: public.invite_events, column: new_status }
            values: [pending, accepted]
            retired: [declined]

        """
    static let types = LiveSnapshot.EnumType(schema: "public", name: "chat_room_status", labels: ["active", "archived", "closed", "muted"],
                                             columns: [.init(schema: "public", table: "chat_rooms", column: "status",
                                                             values: ["active", "closed", "muted"])])
    static let triggeringExamples = [
        RuleExample(["database/001_init.sql": migration],
                    registry: RuleExample.baseRegistry.replacingOccurrences(of: "  swift_enum:", with: "  ↓swift_enum:"),
                    live: LiveSnapshot(constraints: [constraint], columnValues: ["message", "promo"])),
        // Other enums: a value written outside the registry, in a listed column and in a column of the ENUM type.
        RuleExample([:], registryAdding: enums, live: LiveSnapshot(
            constraints: [DbConstraintDriftRule.notifications],
            enumColumns: [.init(schema: "public", table: "invites", column: "status", values: ["accepted", "expired"]),
                          .init(schema: "public", table: "invite_events", column: "new_status", values: ["pending"])],
            enumTypes: [types])),
        // A column of the ENUM type that `columns:` lists is judged once, at its entry.
        RuleExample([:], registryAdding: """
            enums:
              ChatRoomStatus:
                sql:
                  enum_type: chat_room_status
                  columns: [↓{ table: public.chat_rooms, column: status }]
                values: [active, archived]

            """, live: LiveSnapshot(
            constraints: [DbConstraintDriftRule.notifications],
            enumColumns: [.init(schema: "public", table: "chat_rooms", column: "status", values: ["active", "paused"])],
            enumTypes: [.init(schema: "public", name: "chat_room_status", labels: ["active", "archived", "paused"],
                              columns: [.init(schema: "public", table: "chat_rooms", column: "status", values: ["active", "paused"])])])),
    ]
    static let nonTriggeringExamples = [
        // A retired value in old rows is what `retired` is for.
        RuleExample(["database/001_init.sql": migration],
                    registry: RuleExample.baseRegistry.replacingOccurrences(
                        of: "    - raw: ride_update\n", with: "    - raw: ride_update\n  retired: [ride]\n"),
                    live: LiveSnapshot(constraints: [constraint], columnValues: ["message", "ride", "ride_update"])),
        RuleExample([:], registryAdding: enums.replacingOccurrences(of: "↓", with: ""), live: LiveSnapshot(
            constraints: [DbConstraintDriftRule.notifications],
            enumColumns: [.init(schema: "public", table: "invites", column: "status", values: ["accepted", "declined", "pending"])],
            enumTypes: [.init(schema: "public", name: "chat_room_status", labels: ["active", "archived", "closed"],
                              columns: [.init(schema: "public", table: "chat_rooms", column: "status", values: ["active", "closed"])])])),
    ]
}
