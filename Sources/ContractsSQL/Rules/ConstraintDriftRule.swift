import ContractsCore

extension Rule {
    public static let sqlConstraintDrift = Rule("sql-constraint-drift", .error, "The effective CHECK constraint (or ENUM type) after replaying every migration differs from the registry.")
}

/// `sql-constraint-drift`: the CHECK constraint the migrations leave on the column allows other values
/// than the registry's server values (scope `all`/`server`), or there is none.
enum ConstraintDriftRule {
    static func findings(_ facts: SQLFacts, _ registry: Registry) -> [Finding] {
        guard let types = registry.notificationTypes else { return [] }
        return facts.columns.filter(\.target.isNotification).flatMap { findings($0, facts, types, registry) }
    }

    private static func findings(_ target: SQLFacts.Target, _ facts: SQLFacts, _ types: NotificationTypeSet,
                                 _ registry: Registry) -> [Finding] {
        let sql = target.target.sql!
        let column = "\(sql.qualifiedTable).\(sql.column)"
        // A statement that does not parse may have changed the set: sql-constraint-unknown says so; no guess here.
        guard target.blockers.isEmpty else { return [] }
        let fix = "run `naars-contracts generate` to write a migration that re-creates \(sql.constraintName)"
        guard let effective = ConstraintReplay.effective(of: target.state, preferring: sql.constraintName) else {
            if !target.state.active.isEmpty { return [] }
            // A column declared without a CHECK constraint (free text, or an ENUM type) is not missing one.
            if sql.constraint == nil { return [] } // only unreadable checks: sql-constraint-unreadable says so
            let folders = registry.migrations.map(\.dir).joined(separator: ", ")
            return [Finding(.sqlConstraintDrift,
                            "No CHECK constraint on \(column) after replaying \(facts.history.facts.count) migration(s) in \(folders)",
                            at: sql.location, registry: types.location, fix: fix)]
        }
        let registered = types.serverRawValues
        // Sets: a constraint may list 100,000 values, and comparing lists pair by pair is quadratic.
        let allowed = Set(effective.values), known = Set(registered)
        let missing = registered.filter { !allowed.contains($0) }
        let extra = effective.values.filter { !known.contains($0) }
        guard !missing.isEmpty || !extra.isEmpty else { return [] }
        return [Finding(.sqlConstraintDrift,
                        "CHECK constraint \(effective.name) on \(column) differs from the registry: \(difference(missing: missing, extra: extra))",
                        at: effective.location, registry: types.location,
                        fix: Self.fix(sql.constraintName, missing: missing, extra: extra, retired: "\(types.entry).retired"),
                        subject: .notificationTypes(missing: missing, extra: extra, of: types))]
    }

    /// What `generate` would write, by value: `run naars-contracts generate to write a migration that adds 'x'
    /// (re-creating c)`; a value to drop may instead be registered, or listed in `retired` when old rows hold it.
    static func fix(_ constraint: String, missing: [String], extra: [String], retired: String) -> String {
        let change = [missing.isEmpty ? nil : "adds \(quoted(missing))", extra.isEmpty ? nil : "drops \(quoted(extra))"]
            .compactMap { $0 }.joined(separator: " and ")
        let run = "run `naars-contracts generate` to write a migration that \(change) (re-creating \(constraint))"
        guard !extra.isEmpty else { return run }
        let them = extra.count == 1 ? "it" : "them"
        return run + ", or register \(quoted(extra)) (or list \(them) in \(retired): old rows may hold \(them))"
    }

    static func quoted(_ values: [String]) -> String { values.map { "'\($0)'" }.joined(separator: ", ") }

    /// `missing 'a'; not registered 'b'` (either part alone when the other is empty).
    static func difference(missing: [String], extra: [String], extraLabel: String = "not registered") -> String {
        var parts: [String] = []
        if !missing.isEmpty { parts.append("missing \(quoted(missing))") }
        if !extra.isEmpty { parts.append("\(extraLabel) \(quoted(extra))") }
        return parts.joined(separator: "; ")
    }
}

extension ConstraintDriftRule: DriftRule {
    typealias Facts = SQLAnalysis
    static let rule = Rule.sqlConstraintDrift
    static func findings(_ analysis: SQLAnalysis) -> [Finding] { findings(analysis.facts, analysis.registry) }

    static let triggeringExamples = [
        RuleExample(["database/001_init.sql": """
            CREATE TABLE public.notifications (id bigint, type text NOT NULL,
              ↓CONSTRAINT valid_notification_type CHECK (type IN ('message')));
            """]),
    ]
    static let nonTriggeringExamples = [
        RuleExample(["database/001_init.sql": """
            CREATE TABLE public.notifications (id bigint, type text NOT NULL);
            ALTER TABLE public.notifications ADD CONSTRAINT valid_notification_type CHECK (type IN ('message'));
            ALTER TABLE public.notifications DROP CONSTRAINT valid_notification_type;
            ALTER TABLE public.notifications ADD CONSTRAINT valid_notification_type
              CHECK (type = ANY (ARRAY['ride_update', 'message']));
            """]),
    ]
}
