import ContractsCore

/// `sql-constraint-unknown`: a statement that does not parse names an enum column's table (the notification enum's,
/// each of `enums:`), its constraint or its ENUM type, so what the database accepts after it is unknown. One finding, at the first such statement
/// (the others related), instead of a guess; constraint drift is not judged while it stands.
enum ValueSetUnknownRule {
    static func findings(_ facts: SQLFacts, _ registry: Registry) -> [Finding] {
        facts.columns.compactMap { target in
            guard let first = target.blockers.first, let sql = target.target.sql else { return nil }
            return Finding(.sqlConstraintUnknown, reason(target), at: first.location, registry: sql.location,
                           fix: "leave the broken migration and add one that states the set again (DROP CONSTRAINT IF EXISTS + ADD CONSTRAINT, or CREATE TYPE)",
                           related: target.blockers.dropFirst().map(\.location),
                           subject: EnumWording(target.target, registry).column(sql))
        }
    }

    /// Why the set is unknown, in one sentence (also `generate`'s refusal).
    static func reason(_ target: SQLFacts.Target) -> String {
        let sql = target.target.sql!
        let what = sql.enumType.map { "ENUM type \($0.qualified)" } ?? "CHECK constraint"
        let count = target.blockers.count
        return "The \(what) on \(sql.qualifiedTable).\(sql.column) is unknown: \(count) statement(s) PostgreSQL \(PgQuery.majorVersion) cannot parse name "
            + "its table, constraint or type and are left out of the replay"
    }
}

extension ValueSetUnknownRule: DriftRule {
    typealias Facts = SQLAnalysis
    static let rule = Rule.sqlConstraintUnknown
    static func findings(_ analysis: SQLAnalysis) -> [Finding] { findings(analysis.facts, analysis.registry) }

    static let triggeringExamples = [
        RuleExample(["database/001_init.sql": """
            CREATE TABLE public.notifications (id bigint, type text NOT NULL,
              CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_update')));
            ↓ALTER TABLE public.notifications ADD CONSTRAINT other CHECK (type IN ('message') ;
            """]),
    ]
    static let nonTriggeringExamples = [
        // A broken statement about another table leaves the type column's set known.
        RuleExample(["database/001_init.sql": """
            CREATE TABLE public.notifications (id bigint, type text NOT NULL,
              CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_update')));
            ALTER TABLE public.rides ADD CONSTRAINT seats CHECK (seats > 0 ;
            """]),
    ]
}
