import ContractsCore

/// `sql-constraint-drift`, CHECK constraints: for every column of every enum (the notification enum's, each status
/// and kind of `enums:`), the CHECK constraint the migrations leave allows other values than the enum's server values
/// (scope `all`/`server`: an app-only value is drift there), or a column the registry names a constraint for has
/// none. Retired values may stay in another enum's constraint (old rows hold them); the notification enum's lists its
/// server values exactly (`EnumWording.retiredMayStay`). A column declared without `constraint:` that has no CHECK
/// is free text.
enum ConstraintDriftRule {
    static func findings(_ facts: SQLFacts, _ registry: Registry) -> [Finding] {
        facts.columns.flatMap { findings($0, facts, EnumWording($0.target, registry), registry) }
    }

    private static func findings(_ target: SQLFacts.Target, _ facts: SQLFacts, _ wording: EnumWording,
                                 _ registry: Registry) -> [Finding] {
        let sql = target.target.sql!
        let column = "\(sql.qualifiedTable).\(sql.column)"
        // A statement that does not parse may have changed the set: sql-constraint-unknown says so; no guess here.
        guard target.blockers.isEmpty else { return [] }
        let fix = "run `naars-contracts generate` to write a migration that re-creates \(sql.constraintName)"
        guard let effective = ConstraintReplay.effective(of: target.state, preferring: sql.constraintName) else {
            // Only unreadable checks: sql-constraint-unreadable says so.
            if !target.state.active.isEmpty { return [] }
            // A column declared without a CHECK constraint (free text, or an ENUM type) is not missing one.
            if sql.constraint == nil { return [] }
            let folders = registry.migrations.map(\.dir).joined(separator: ", ")
            return [Finding(.sqlConstraintDrift,
                            "No CHECK constraint on \(wording.column(column)) after replaying \(facts.history.facts.count) migration(s) in \(folders)",
                            at: sql.location, registry: wording.location, fix: fix, subject: wording.column(sql))]
        }
        let registered = wording.serverValues
        // Sets: a constraint may list 100,000 values, and comparing lists pair by pair is quadratic.
        let allowed = Set(effective.values), known = Set(registered)
        let retired = wording.retiredMayStay ? Set(wording.sharedEnum.retired.map(\.raw)) : []
        let missing = registered.filter { !allowed.contains($0) }
        let extra = effective.values.filter { !known.contains($0) && !retired.contains($0) }
        guard !missing.isEmpty || !extra.isEmpty else { return [] }
        return [Finding(.sqlConstraintDrift,
                        "CHECK constraint \(effective.name) on \(column) differs from \(wording.registryName): \(difference(missing: missing, extra: extra))",
                        at: effective.location, registry: wording.location,
                        fix: Self.fix(sql.constraintName, missing: missing, extra: extra, retired: "\(wording.entry).retired"),
                        subject: wording.values(missing: missing, extra: extra))]
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

    static let enums = """
        enums:
          ChatRoomStatus:
            sql: { table: public.chat_rooms, column: status, constraint: chat_rooms_status_check }
            values: [active, archived]
            retired: [closed]

        """
    static func mediaAssets(_ check: String) -> [String: String] {
        ["database/001_init.sql": """
            CREATE TABLE public.notifications (id bigint, type text NOT NULL,
              CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_update')));
            CREATE TABLE public.media_assets (id bigint, status text NOT NULL,
              \(check));
            """]
    }
    static let triggeringExamples = [
        RuleExample(["database/001_init.sql": """
            CREATE TABLE public.notifications (id bigint, type text NOT NULL,
              ↓CONSTRAINT valid_notification_type CHECK (type IN ('message')));
            """]),
        // Another enum's column, judged against its own values.
        RuleExample(["database/001_init.sql": """
            CREATE TABLE public.notifications (id bigint, type text NOT NULL,
              CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_update')));
            CREATE TABLE public.chat_rooms (id bigint, status text NOT NULL,
              ↓CONSTRAINT chat_rooms_status_check CHECK (status IN ('active', 'blocked')));
            """], registryAdding: enums),
        // The database holds the server-only value and never the app-only one.
        RuleExample(mediaAssets("↓CONSTRAINT media_assets_status_check CHECK (status IN ('uploaded', 'draft'))"),
                    registryAdding: RuleExample.scopedStatusEnum),
    ]
    static let nonTriggeringExamples = [
        RuleExample(["database/001_init.sql": """
            CREATE TABLE public.notifications (id bigint, type text NOT NULL);
            ALTER TABLE public.notifications ADD CONSTRAINT valid_notification_type CHECK (type IN ('message'));
            ALTER TABLE public.notifications DROP CONSTRAINT valid_notification_type;
            ALTER TABLE public.notifications ADD CONSTRAINT valid_notification_type
              CHECK (type = ANY (ARRAY['ride_update', 'message']));
            """]),
        // A retired value may stay in another enum's CHECK; each column is judged on its own.
        RuleExample(["database/001_init.sql": """
            CREATE TABLE public.notifications (id bigint, type text NOT NULL,
              CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_update')));
            CREATE TABLE public.chat_rooms (id bigint, status text NOT NULL);
            ALTER TABLE public.chat_rooms ADD CONSTRAINT chat_rooms_status_check CHECK (status IN ('active', 'closed'));
            ALTER TABLE public.chat_rooms DROP CONSTRAINT chat_rooms_status_check;
            ALTER TABLE public.chat_rooms ADD CONSTRAINT chat_rooms_status_check
              CHECK (status = ANY (ARRAY['active', 'archived', 'closed']));
            """], registryAdding: enums),
        RuleExample(mediaAssets("CONSTRAINT media_assets_status_check CHECK (status IN ('uploaded', 'pending_upload'))"),
                    registryAdding: RuleExample.scopedStatusEnum),
    ]
}
