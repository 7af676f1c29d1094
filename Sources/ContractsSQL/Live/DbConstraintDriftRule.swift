import Foundation
import ContractsCore

extension Rule {
    public static let dbConstraintDrift = Rule("db-constraint-drift", .error, "The live database's CHECK constraint (or ENUM labels) on the type column differs from the registry or from what the migrations leave.")
}

/// `db-constraint-drift`: the value set the live database enforces on the type column (its CHECK constraint,
/// read back with `pg_get_constraintdef` and reduced by the migrations' reader, or its ENUM labels) differs
/// from the registry's server values, or from what replaying the migrations leaves. Reported at the
/// migration that should have produced it (the last one defining the constraint or type).
enum DbConstraintDriftRule {
    static func findings(_ facts: LiveFacts) -> [Finding] {
        guard let types = facts.registry.notificationTypes, let sql = types.sql else { return [] }
        let column = "\(sql.qualifiedTable).\(sql.column)"
        guard facts.snapshot.tableExists else {
            return [Finding(.dbConstraintDrift, "The live database has no table \(sql.qualifiedTable)",
                            at: sql.location, registry: types.location,
                            fix: "apply the migrations that create \(sql.qualifiedTable)")]
        }
        if let enumType = sql.enumType {
            let replayed = facts.analysis.effectiveEnum
            let at = replayed?.location ?? sql.location
            guard let labels = facts.snapshot.enumLabels else {
                return [Finding(.dbConstraintDrift, "The live database has no ENUM type \(enumType.qualified)",
                                at: at, registry: types.location, fix: "apply the migrations that create \(enumType.qualified)")]
            }
            return compare(live: labels, what: "ENUM type \(enumType.qualified) (column \(column))",
                           replayed: facts.analysis.valueSetUnknown == nil ? replayed?.values : nil, at: at, types)
        }
        let replayed = facts.facts.notificationColumn?.blockers.isEmpty ?? true ? facts.analysis.effectiveConstraint : nil
        let at = facts.analysis.effectiveConstraint?.location ?? sql.location
        guard let live = facts.liveConstraint else {
            // A free-text column (no constraint in the registry or the migrations) has none to compare.
            if sql.constraint == nil, facts.analysis.effectiveConstraint == nil { return [] }
            return [Finding(.dbConstraintDrift, "The live database has no readable CHECK constraint on \(column)",
                            at: at, registry: types.location,
                            fix: "apply the migration that adds \(sql.constraintName), or re-create it")]
        }
        return compare(live: live.values, what: "CHECK constraint \(live.name) on \(column)",
                       replayed: replayed?.values, at: at, types)
    }

    /// One finding when the live set differs from the registry or from the replayed migrations.
    private static func compare(live: [String], what: String, replayed: [String]?, at: SourceLocation,
                                _ types: NotificationTypeSet) -> [Finding] {
        var parts: [String] = []
        if let difference = difference(live, types.serverRawValues) { parts.append("differs from the registry (\(difference))") }
        if let replayed, let difference = difference(live, replayed) {
            parts.append("differs from what the migrations leave (\(difference))")
        } else if replayed != nil, !parts.isEmpty {
            parts.append("the migrations leave the registry's set, so it was changed outside them")
        }
        guard !parts.isEmpty else { return [] }
        return [Finding(.dbConstraintDrift, "Live database: \(what) " + parts.joined(separator: "; "),
                        at: at, registry: types.location,
                        fix: "run `naars-contracts generate` and apply its migration, or undo the change made outside the migrations")]
    }

    /// `live has 'x' that the other lacks; lacks 'y'`, or nil when both hold the same values.
    private static func difference(_ live: [String], _ other: [String]) -> String? {
        let liveSet = Set(live), otherSet = Set(other)
        let extra = live.filter { !otherSet.contains($0) }, missing = other.filter { !liveSet.contains($0) }
        guard !extra.isEmpty || !missing.isEmpty else { return nil }
        var parts: [String] = []
        if !extra.isEmpty { parts.append("live only \(ConstraintDriftRule.quoted(extra))") }
        if !missing.isEmpty { parts.append("live lacks \(ConstraintDriftRule.quoted(missing))") }
        return parts.joined(separator: ", ")
    }
}

extension DbConstraintDriftRule: DriftRule {
    typealias Facts = LiveFacts
    static let rule = Rule.dbConstraintDrift

    static let migration = """
        CREATE TABLE public.notifications (id bigint, type text NOT NULL,
          ↓CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_update')));
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
    ]
    static let nonTriggeringExamples = [
        // The same set, re-printed by pg_get_constraintdef in another order, next to an unrelated constraint.
        RuleExample(["database/001_init.sql": migration.replacingOccurrences(of: "↓", with: "")], live: LiveSnapshot(constraints: [
            .init(name: "notifications_id_check", definition: "CHECK ((id > 0))"),
            .init(name: "valid_notification_type",
                  definition: "CHECK (((type)::text = ANY (ARRAY['ride_update'::text, 'message'::text])))"),
        ])),
    ]
}
