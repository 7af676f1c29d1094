import ContractsCore
import Foundation

/// `sql-constraint-drift` for a column whose value set is a PostgreSQL ENUM type (`sql.enum_type`): the type
/// the migrations leave has other values than the registry's server values, or the column does not have it.
///
/// Same rule id as a CHECK constraint: both say "the database accepts another set than the registry", and
/// one id keeps `rules:` overrides and suppressions working whichever way the column is restricted. Values
/// listed in `retired` may stay in the type (PostgreSQL cannot drop an enum value in place); order is not
/// compared (the registry's order is presentation, the type's is `enumsortorder`).
enum EnumDriftRule {
    static func findings(_ facts: SQLFacts, _ registry: Registry) -> [Finding] {
        guard let types = registry.notificationTypes else { return [] }
        let columns = facts.columns.filter { $0.target.isNotification && $0.target.sql?.enumType != nil }
        return columns.enumerated().flatMap { i, target in findings(target, facts, types, first: i == 0) }
    }

    /// `first`: the type itself is judged at the first column; each column, whether it has the type.
    private static func findings(_ target: SQLFacts.Target, _ facts: SQLFacts, _ types: NotificationTypeSet, first: Bool) -> [Finding] {
        let sql = target.target.sql!
        guard target.blockers.isEmpty else { return [] }
        let effective = EnumReplay.effective(facts.enumState, type: sql.enumType!, column: target.index)
        let column = "\(sql.qualifiedTable).\(sql.column)"
        guard let values = effective.values else {
            guard first else { return [] }
            return [Finding(.sqlConstraintDrift,
                            "No ENUM type \(effective.type) after replaying \(facts.history.facts.count) migration(s); the registry says \(column) has it",
                            at: effective.location ?? sql.location, registry: sql.location,
                            fix: "create it with `CREATE TYPE \(effective.type) AS ENUM (...)`, or correct sql.enum_type")]
        }
        var findings: [Finding] = []
        if !effective.columnUsesType {
            let actual = effective.columnType.map { "has type \(display($0))" } ?? "does not exist"
            findings.append(Finding(.sqlConstraintDrift,
                                    "\(column) \(actual) after replaying the migrations, not the ENUM type \(effective.type)",
                                    at: facts.enumState.columnLocation(of: target.index) ?? sql.location, registry: sql.location,
                                    fix: "`ALTER TABLE \(sql.qualifiedTable) ALTER COLUMN \(sql.column) TYPE \(effective.type) USING \(sql.column)::\(effective.type)`, or correct sql.enum_type"))
        }
        guard first else { return findings }
        let registered = types.serverRawValues
        let missing = registered.filter { !values.contains($0) }
        let extra = values.filter { !registered.contains($0) && !types.retiredRawValues.contains($0) }
        guard !missing.isEmpty || !extra.isEmpty else { return findings }
        findings.append(Finding(.sqlConstraintDrift,
                                "ENUM type \(effective.type) of \(column) differs from the registry: \(ConstraintDriftRule.difference(missing: missing, extra: extra))",
                                at: effective.location ?? sql.location, registry: types.location,
                                fix: Self.fix(effective.type, missing: missing, extra: extra, retired: "\(types.entry).retired"),
                                subject: .notificationTypes(missing: missing, extra: extra, of: types)))
        return findings
    }

    /// What to do, by value: labels the registry lacks are registered (or retired: PostgreSQL cannot drop one), and
    /// `generate` writes a migration that adds the missing ones.
    static func fix(_ type: String, missing: [String], extra: [String], retired: String) -> String {
        let add = missing.isEmpty ? nil
            : "run `naars-contracts generate` to write a migration that adds \(ConstraintDriftRule.quoted(missing)) (`ALTER TYPE \(type) ADD VALUE IF NOT EXISTS`)"
        guard !extra.isEmpty else { return add ?? "" }
        let them = extra.count == 1 ? "it" : "them"
        return "register \(ConstraintDriftRule.quoted(extra)) (or list \(them) in \(retired): PostgreSQL cannot drop an enum value)"
            + (add.map { "; then \($0)" } ?? "")
    }

    /// A column type as people write it: `text`, `match_status`, `app.status`.
    private static func display(_ type: String) -> String {
        for prefix in ["pg_catalog.", "public."] where type.hasPrefix(prefix) { return String(type.dropFirst(prefix.count)) }
        return type
    }
}

extension EnumDriftRule: DriftRule {
    typealias Facts = SQLAnalysis
    static let rule = Rule.sqlConstraintDrift
    static func findings(_ analysis: SQLAnalysis) -> [Finding] { findings(analysis.facts, analysis.registry) }

    static let registry = RuleExample.baseRegistry.replacingOccurrences(
        of: "constraint: valid_notification_type", with: "enum_type: notification_kind")
    static let triggeringExamples = [
        RuleExample(["database/001_init.sql": """
            ↓CREATE TYPE notification_kind AS ENUM ('message');
            CREATE TABLE public.notifications (id bigint, type notification_kind NOT NULL);
            """], registry: registry),
    ]
    static let nonTriggeringExamples = [
        RuleExample(["database/001_init.sql": """
            CREATE TYPE notification_kind AS ENUM ('message');
            ALTER TYPE notification_kind ADD VALUE IF NOT EXISTS 'ride_update';
            CREATE TABLE public.notifications (id bigint, type notification_kind NOT NULL);
            """], registry: registry),
    ]
}
