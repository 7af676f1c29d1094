import Foundation
import ContractsCore

/// `db-constraint-drift`: for every enum (the notification enum and each of `enums:`), the value set the live
/// database enforces on each of its columns (the CHECK constraint the registry names, else the check that reads that
/// column alone, read back with `pg_get_constraintdef` and reduced by the migrations' reader) or the labels of its
/// ENUM type differ from the enum's server values; for the notification enum, from what replaying the migrations
/// leaves too. Retired values may stay in another enum's set (old rows hold them). A table, column or type the
/// registry names and the database lacks is drift too. Reported at the migration that should have produced the set
/// (the notification enum's), or at the column's entry in the registry (an ENUM type's: the enum's `sql:`).
enum DbConstraintDriftRule {
    static func findings(_ facts: LiveFacts) -> [Finding] {
        facts.facts.targets.flatMap { target -> [Finding] in
            let wording = EnumWording(target.target, facts.registry)
            switch target.target.surface {
            case .column(let sql, _):
                return facts.liveColumn(target).map { judge(sql, $0, target, wording, facts) } ?? []
            case .enumType(let type):
                return facts.liveType(target).map { judge(type, $0, target, wording, facts) } ?? []
            case .emitters:
                return []
            }
        }
    }

    private static func judge(_ sql: SQLConstraintTarget, _ live: LiveSnapshot.EnumColumn, _ target: SQLFacts.Target,
                              _ wording: EnumWording, _ facts: LiveFacts) -> [Finding] {
        let name = live.qualifiedName
        guard live.tableExists, live.columnExists else {
            let missing = live.tableExists ? "column \(name)" : "table \(live.schema).\(live.table)"
            let (message, fix) = wording.liveMissing(missing, created: wording.isNotification ? "\(live.schema).\(live.table)" : name)
            return [Finding(.dbConstraintDrift, message, at: sql.location, registry: wording.location, fix: fix, subject: wording.column(sql))]
        }
        // The notification enum's set is compared with what the migrations leave too.
        let replayed = wording.isNotification ? ConstraintReplay.effective(of: target.state, preferring: sql.constraintName) : nil
        let at = replayed?.location ?? sql.location
        guard let effective = LiveFacts.effective(live.constraints, on: sql) else {
            // A column the registry names no constraint for (and no migration gives one) may be free text.
            guard sql.constraint != nil || replayed != nil else { return [] }
            return [Finding(.dbConstraintDrift, "The live database has no readable CHECK constraint on \(name)" + wording.namedConstraint(sql.constraint),
                            at: at, registry: wording.location,
                            fix: "apply the migration that adds \(sql.constraintName), or re-create it", subject: wording.column(sql))]
        }
        return compare(effective.values, "CHECK constraint \(effective.name) on \(name)",
                       replayed: target.blockers.isEmpty ? replayed?.values : nil, at: at, wording, column: sql)
    }

    private static func judge(_ type: SQLTypeName, _ live: LiveSnapshot.EnumType, _ target: SQLFacts.Target,
                              _ wording: EnumWording, _ facts: LiveFacts) -> [Finding] {
        let first = facts.facts.columns.first { $0.target.enumIndex == target.target.enumIndex }
        let replayed = wording.isNotification ? EnumReplay.effective(facts.facts.enumState, type: type, column: first?.index) : nil
        let at = wording.isNotification ? replayed?.location ?? first?.target.sql?.location ?? wording.location
            : facts.registry.keyLocations["\(wording.entry).sql"] ?? wording.location
        guard let labels = live.labels else {
            return [Finding(.dbConstraintDrift, "The live database has no ENUM type \(type.qualified)" + wording.holds,
                            at: at, registry: wording.location, fix: "apply the migrations that create \(type.qualified)",
                            subject: wording.values(missing: wording.serverValues, extra: []))]
        }
        let columns = live.columns.map(\.qualifiedName)
        let on = columns.isEmpty ? "" : " (" + (columns.count == 1 ? "column " : "columns ") + columns.joined(separator: ", ") + ")"
        let blocked = !target.blockers.isEmpty || !(first?.blockers.isEmpty ?? true)
        return compare(labels, "ENUM type \(type.qualified)\(on)", replayed: blocked ? nil : replayed?.values, at: at, wording, column: nil)
    }

    /// One finding when the live set differs from the enum's values (retired ones may stay, but for the notification
    /// enum's) or from the replayed migrations.
    /// Its subject: the values the live set lacks and holds beyond the enum's; the column (when a CHECK is judged)
    /// when it differs only from what the migrations leave.
    private static func compare(_ live: [String], _ what: String, replayed: [String]?, at: SourceLocation,
                                _ wording: EnumWording, column: SQLConstraintTarget?) -> [Finding] {
        var parts: [String] = []
        let known = wording.serverValues + (wording.retiredMayStay ? wording.sharedEnum.retired.map(\.raw) : [])
        let liveSet = Set(live), knownSet = Set(known)
        let missing = wording.serverValues.filter { !liveSet.contains($0) }, extra = live.filter { !knownSet.contains($0) }
        let subject = missing.isEmpty && extra.isEmpty ? column.map(wording.column) : nil
        if let difference = difference(live, wording.serverValues, known: known) {
            parts.append("differs from \(wording.isNotification ? "the registry" : wording.sharedEnum.name) (\(difference))")
        }
        if let replayed, let difference = difference(live, replayed, known: replayed) {
            parts.append("differs from what the migrations leave (\(difference))")
        } else if replayed != nil, !parts.isEmpty {
            parts.append("the migrations leave the registry's set, so it was changed outside them")
        }
        guard !parts.isEmpty else { return [] }
        return [Finding(.dbConstraintDrift, "Live database: \(what) " + parts.joined(separator: "; "),
                        at: at, registry: wording.location,
                        fix: "run `naars-contracts generate` and apply its migration, or undo the change made outside the migrations",
                        subject: subject ?? wording.values(missing: missing, extra: extra))]
    }

    /// `live only 'x', live lacks 'y'`: live values `known` does not hold, values of `expected` live lacks; nil when
    /// neither.
    private static func difference(_ live: [String], _ expected: [String], known: [String]) -> String? {
        let liveSet = Set(live), knownSet = Set(known)
        let extra = live.filter { !knownSet.contains($0) }, missing = expected.filter { !liveSet.contains($0) }
        guard !extra.isEmpty || !missing.isEmpty else { return nil }
        var parts: [String] = []
        if !extra.isEmpty { parts.append("live only \(ConstraintDriftRule.quoted(extra))") }
        if !missing.isEmpty { parts.append("live lacks \(ConstraintDriftRule.quoted(missing))") }
        return parts.joined(separator: ", ")
    }
}

extension LiveSnapshot.EnumColumn {
    /// Whether this is the registry's `column` (names as the reader was given them).
    func matches(_ sql: SQLConstraintTarget) -> Bool {
        schema == sql.schema && table == sql.table && column == sql.column
    }
}

extension LiveSnapshot.EnumType {
    func matches(_ type: SQLTypeName) -> Bool { schema == type.schema && name == type.name }
}

extension DbConstraintDriftRule: DriftRule {
    typealias Facts = LiveFacts
    static let rule = Rule.dbConstraintDrift

    static let migration = """
        CREATE TABLE public.notifications (id bigint, type text NOT NULL,
          ↓CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_update')));
        """
    /// The notification types' live constraint, as the base registry has it: no finding of its own.
    static let notifications = LiveSnapshot.Constraint(
        name: "valid_notification_type", definition: "CHECK ((type = ANY (ARRAY['message'::text, 'ride_update'::text])))")
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
        // Re-created in the dashboard with one more value.
        RuleExample(["database/001_init.sql": migration], live: LiveSnapshot(constraints: [
            .init(name: "valid_notification_type",
                  definition: "CHECK ((type = ANY (ARRAY['message'::text, 'ride_update'::text, 'promo'::text])))"),
        ])),
        // The registry's set live, but not what the migrations leave: a hand-made fix no migration records.
        RuleExample(["database/001_init.sql": migration.replacingOccurrences(of: "'message', 'ride_update'", with: "'message'")],
                    live: LiveSnapshot(constraints: [
            .init(name: "valid_notification_type",
                  definition: "CHECK ((type = ANY (ARRAY['message'::text, 'ride_update'::text])))"),
        ])),
        // Other enums: a label added in the dashboard; a value added to the registry but not to a CHECK; a column's
        // table gone.
        RuleExample([:], registryAdding: enums, live: LiveSnapshot(constraints: [notifications], enumColumns: [
            .init(schema: "public", table: "invites", column: "status", constraints: [
                .init(name: "invites_status_check", definition: "CHECK ((status = ANY (ARRAY['pending'::text])))"),
            ]),
            .init(schema: "public", table: "invite_events", column: "new_status", tableExists: false, columnExists: false),
        ], enumTypes: [.init(schema: "public", name: "chat_room_status", labels: ["active", "archived", "closed", "muted"])])),
    ]
    static let nonTriggeringExamples = [
        // The same set, re-printed by pg_get_constraintdef in another order, next to an unrelated constraint.
        RuleExample(["database/001_init.sql": migration.replacingOccurrences(of: "↓", with: "")], live: LiveSnapshot(constraints: [
            .init(name: "notifications_id_check", definition: "CHECK ((id > 0))"),
            .init(name: "valid_notification_type",
                  definition: "CHECK (((type)::text = ANY (ARRAY['ride_update'::text, 'message'::text])))"),
        ])),
        // Retired values left in another enum's type and CHECK (re-printed by pg_get_constraintdef in another order);
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
