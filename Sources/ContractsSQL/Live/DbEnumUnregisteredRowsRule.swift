import ContractsCore

/// `db-unregistered-rows` over the shared enums (`enums:`): live rows of a column an enum names, or of any column
/// of its ENUM type, hold a value that is neither one of the enum's server values nor retired. Read with one bounded
/// `SELECT DISTINCT ... LIMIT` a column; reported at the column's entry in the registry (an ENUM type's column:
/// the enum's `sql:`).
enum DbEnumUnregisteredRowsRule {
    static func findings(_ facts: LiveFacts) -> [Finding] {
        facts.registry.enums.flatMap { sharedEnum in
            let columns = sharedEnum.sql.columns.compactMap { column in
                facts.snapshot.enumColumns.first { $0.matches(column) }.map { (live: $0, at: column.location) }
            }
            // A column of the type that `columns:` also lists is read once, at its own entry.
            let listed = Set(columns.map(\.live.qualifiedName))
            let typed = (sharedEnum.sql.enumType.flatMap { type in facts.snapshot.enumTypes.first { $0.matches(type) } }?.columns ?? [])
                .filter { !listed.contains($0.qualifiedName) }
            let typeAt = facts.registry.keyLocations["enums.\(sharedEnum.name).sql"] ?? sharedEnum.location
            return (columns + typed.map { (live: $0, at: typeAt) }).flatMap { judge($0.live, sharedEnum, at: $0.at) }
        }
    }

    private static func judge(_ live: LiveSnapshot.EnumColumn, _ sharedEnum: SharedEnum, at: SourceLocation) -> [Finding] {
        let known = Set(sharedEnum.rawValues(on: .server) + sharedEnum.retired.map(\.raw))
        let bound = live.values.count >= LiveSnapshot.rowValueLimit
            ? " (only the first \(LiveSnapshot.rowValueLimit) distinct values were read)" : ""
        return live.values.filter { !known.contains($0) }.map { value in
            Finding(.dbUnregisteredRows,
                    "Live rows in \(live.qualifiedName) hold '\(value)', which \(sharedEnum.name) neither lists nor retires\(bound)",
                    at: at, registry: sharedEnum.location,
                    fix: "add '\(value)' to enums.\(sharedEnum.name).values or retired, or update those rows")
        }
    }
}

extension DbEnumUnregisteredRowsRule: DriftRule {
    typealias Facts = LiveFacts
    static let rule = Rule.dbUnregisteredRows

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
        // A value written outside the registry, in a listed column and in a column of the ENUM type.
        RuleExample([:], registryAdding: enums, live: LiveSnapshot(
            constraints: [DbEnumConstraintDriftRule.notifications],
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
            constraints: [DbEnumConstraintDriftRule.notifications],
            enumColumns: [.init(schema: "public", table: "chat_rooms", column: "status", values: ["active", "paused"])],
            enumTypes: [.init(schema: "public", name: "chat_room_status", labels: ["active", "archived", "paused"],
                              columns: [.init(schema: "public", table: "chat_rooms", column: "status", values: ["active", "paused"])])])),
    ]
    static let nonTriggeringExamples = [
        // Retired values in old rows are what `retired` is for.
        RuleExample([:], registryAdding: enums.replacingOccurrences(of: "↓", with: ""), live: LiveSnapshot(
            constraints: [DbEnumConstraintDriftRule.notifications],
            enumColumns: [.init(schema: "public", table: "invites", column: "status", values: ["accepted", "declined", "pending"])],
            enumTypes: [.init(schema: "public", name: "chat_room_status", labels: ["active", "archived", "closed"],
                              columns: [.init(schema: "public", table: "chat_rooms", column: "status", values: ["active", "closed"])])])),
    ]
}
