import ContractsCore

/// `sql-constraint-unreadable`: a check on a column of an enum (the notification enum's, each of `enums:`) that is
/// still active at the end cannot be reduced to a set of values, so the replay leaves it out.
enum ConstraintUnreadableRule {
    static func findings(_ facts: SQLFacts, _ registry: Registry) -> [Finding] {
        facts.columns.flatMap { target in
            let sql = target.target.sql!, wording = EnumWording(target.target, registry)
            return target.state.active.filter { $0.definition.values == nil }.map {
            Finding(.sqlConstraintUnreadable,
                    "CHECK constraint \($0.name) on \(sql.qualifiedTable).\(sql.column) is not a list of values (write it as `\(sql.column) IN ('a', 'b', ...)`)",
                    at: $0.definition.location, registry: wording.location,
                    fix: "no mechanical fix: what this check allows is no list of values to compare; if it restricts the type, "
                        + "write a migration that re-creates it as `\(sql.column) IN ('a', 'b', ...)`; if it is a format rule kept on purpose, "
                        + "set `rules: { sql-constraint-unreadable: off }` in registry.yaml",
                    subject: wording.column(sql))
            }
        }
    }
}

extension ConstraintUnreadableRule: DriftRule {
    typealias Facts = SQLAnalysis
    static let rule = Rule.sqlConstraintUnreadable
    static func findings(_ analysis: SQLAnalysis) -> [Finding] { findings(analysis.facts, analysis.registry) }

    static let triggeringExamples = [
        RuleExample(["database/001_init.sql": """
            CREATE TABLE public.notifications (id bigint, type text NOT NULL,
              ↓CONSTRAINT valid_notification_type CHECK (type ~ '^[a-z_]+$'));
            """]),
    ]
    static let nonTriggeringExamples = [
        RuleExample(["database/001_init.sql": """
            CREATE TABLE public.notifications (id bigint, type text NOT NULL,
              CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_update')),
              CONSTRAINT short_id CHECK (id < 1000));
            """]),
    ]
}
