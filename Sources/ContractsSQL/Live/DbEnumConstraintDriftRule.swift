import ContractsCore

/// `db-constraint-drift` over the shared enums (`enums:`): the value set the live database enforces on each column
/// an enum names (the CHECK constraint the registry names, else the check that reads that column alone, reduced by
/// the migrations' reader) or the labels of its ENUM type, against the enum's server values (scope `all`/`server`). Retired values may stay in
/// either: old rows hold them. A table, column or type the registry names and the database lacks is drift too.
/// Reported at the column's entry in the registry (an ENUM type's: the enum's `sql:`).
enum DbEnumConstraintDriftRule {
    static func findings(_ facts: LiveFacts) -> [Finding] {
        facts.registry.enums.flatMap { sharedEnum in
            sharedEnum.sql.columns.flatMap { column in
                facts.snapshot.enumColumns.first { $0.matches(column) }.map { judge(column, $0, sharedEnum) } ?? []
            } + (sharedEnum.sql.enumType.flatMap { type in
                facts.snapshot.enumTypes.first { $0.matches(type) }.map { judge(type, $0, sharedEnum, facts) }
            } ?? [])
        }
    }

    private static func judge(_ column: SQLColumn, _ live: LiveSnapshot.EnumColumn, _ sharedEnum: SharedEnum) -> [Finding] {
        let name = live.qualifiedName
        guard live.tableExists, live.columnExists else {
            let missing = live.tableExists ? "column \(name)" : "table \(live.schema).\(live.table)"
            return [Finding(.dbConstraintDrift, "The live database has no \(missing), which holds \(sharedEnum.name)",
                            at: column.location, registry: sharedEnum.location,
                            fix: "apply the migrations that create \(name), or correct enums.\(sharedEnum.name).sql")]
        }
        let target = SQLConstraintTarget(schema: column.schema, table: column.table, column: column.column,
                                         constraint: column.constraint, location: column.location)
        guard let effective = LiveFacts.effective(live.constraints, on: target) else {
            // A column the registry names no constraint for may be free text; one it names a constraint for may not.
            guard let constraint = column.constraint else { return [] }
            return [Finding(.dbConstraintDrift,
                            "The live database has no readable CHECK constraint on \(name) (the registry names \(constraint) "
                                + "for \(sharedEnum.name))",
                            at: column.location, registry: sharedEnum.location,
                            fix: "apply the migration that adds \(constraint), or re-create it")]
        }
        return compare(effective.values, "CHECK constraint \(effective.name) on \(name)", sharedEnum, at: column.location)
    }

    private static func judge(_ type: SQLTypeName, _ live: LiveSnapshot.EnumType, _ sharedEnum: SharedEnum,
                              _ facts: LiveFacts) -> [Finding] {
        let at = facts.registry.keyLocations["enums.\(sharedEnum.name).sql"] ?? sharedEnum.location
        guard let labels = live.labels else {
            return [Finding(.dbConstraintDrift, "The live database has no ENUM type \(type.qualified), which holds \(sharedEnum.name)",
                            at: at, registry: sharedEnum.location, fix: "apply the migrations that create \(type.qualified)")]
        }
        let columns = live.columns.map(\.qualifiedName)
        let on = columns.isEmpty ? "" : " (" + (columns.count == 1 ? "column " : "columns ") + columns.joined(separator: ", ") + ")"
        return compare(labels, "ENUM type \(type.qualified)\(on)", sharedEnum, at: at)
    }

    /// One finding when the live set lacks a value of the enum or holds one that is neither a value nor retired.
    private static func compare(_ live: [String], _ what: String, _ sharedEnum: SharedEnum, at: SourceLocation) -> [Finding] {
        let server = sharedEnum.rawValues(on: .server)
        let liveSet = Set(live), known = Set(server + sharedEnum.retired.map(\.raw))
        let extra = live.filter { !known.contains($0) }, missing = server.filter { !liveSet.contains($0) }
        guard !extra.isEmpty || !missing.isEmpty else { return [] }
        var parts: [String] = []
        if !extra.isEmpty { parts.append("live only \(ConstraintDriftRule.quoted(extra))") }
        if !missing.isEmpty { parts.append("live lacks \(ConstraintDriftRule.quoted(missing))") }
        return [Finding(.dbConstraintDrift, "Live database: \(what) differs from \(sharedEnum.name) (\(parts.joined(separator: ", ")))",
                        at: at, registry: sharedEnum.location,
                        fix: "run `naars-contracts generate` and apply its migration, or undo the change made outside the migrations")]
    }
}

extension LiveSnapshot.EnumColumn {
    /// Whether this is the registry's `column` (names as the reader was given them).
    func matches(_ column: SQLColumn) -> Bool {
        schema == column.schema && table == column.table && self.column == column.column
    }
}

extension LiveSnapshot.EnumType {
    func matches(_ type: SQLTypeName) -> Bool { schema == type.schema && name == type.name }
}

extension DbEnumConstraintDriftRule: DriftRule {
    typealias Facts = LiveFacts
    static let rule = Rule.dbConstraintDrift

    /// The notification types' live constraint, as the base registry has it: no finding of its own.
    static let notifications = LiveSnapshot.Constraint(
        name: "valid_notification_type", definition: "CHECK ((type = ANY (ARRAY['message'::text, 'ride_update'::text])))")
    static let statusCheck = "CHECK ((status = ANY (ARRAY['active'::text, 'archived'::text, 'closed'::text])))"
    static let enums = """
        enums:
          ChatRoomStatus:
            ↓sql: { enum_type: chat_room_status }
            values: [active, archived]
            retired: [closed]
          InviteStatus:
            sql:
              - ↓{ table: public.invites, column: status, constraint: invites_status_check }
              - ↓{ table: public.invite_events, column: new_status }
            values: [pending, accepted]
            retired: [declined]

        """
    static let triggeringExamples = [
        // A label added in the dashboard; a value added to the registry but not to a CHECK; a column's table gone.
        RuleExample([:], registryAdding: enums, live: LiveSnapshot(constraints: [notifications], enumColumns: [
            .init(schema: "public", table: "invites", column: "status", constraints: [
                .init(name: "invites_status_check", definition: "CHECK ((status = ANY (ARRAY['pending'::text])))"),
            ]),
            .init(schema: "public", table: "invite_events", column: "new_status", tableExists: false, columnExists: false),
        ], enumTypes: [.init(schema: "public", name: "chat_room_status", labels: ["active", "archived", "closed", "muted"])])),
    ]
    static let nonTriggeringExamples = [
        // Retired values left in the type and in a CHECK (re-printed by pg_get_constraintdef in another order);
        // a column without a constraint in the registry or the database (free text).
        RuleExample([:], registryAdding: enums.replacingOccurrences(of: "↓", with: ""), live: LiveSnapshot(
            constraints: [notifications], enumColumns: [
                .init(schema: "public", table: "invites", column: "status", constraints: [
                    .init(name: "invites_status_check",
                          definition: "CHECK (((status)::text = ANY (ARRAY['declined'::text, 'accepted'::text, 'pending'::text])))"),
                ]),
                .init(schema: "public", table: "invite_events", column: "new_status"),
            ], enumTypes: [.init(schema: "public", name: "chat_room_status", labels: ["active", "archived", "closed"])])),
    ]
}
