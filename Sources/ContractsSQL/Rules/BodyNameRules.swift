import ContractsCore

/// The names the bodies of the functions in force at the end of the history use (`BodyName`), with what the schema
/// the whole history leaves says of each: a body runs when it is called, after every migration, and PostgreSQL
/// resolves its names then (so a table renamed after the function was written is a finding, and one created after it
/// is not).
struct BodyNameFacts {
    struct Use {
        var function: String
        var name: BodyName
    }

    private(set) var uses: [Use]
    let schema: ProjectSchema
    /// Relations some function body creates (`CREATE TEMP TABLE`): another body may read them, so they are unknown.
    let created: Set<String>

    init(_ analysis: SQLAnalysis) {
        var schema = analysis.schema
        // A table the registry names (an enum's column is in it) exists, whatever the migrations say of it.
        for column in analysis.registry.allEnums.flatMap(\.sql.columns)
        where schema.relations[ProjectSchema.Name(schema: column.schema, column.table)] == nil {
            schema.unknownNames.insert(column.table)
        }
        self.schema = schema
        created = Set(analysis.facts.history.facts.flatMap(\.functions).flatMap(\.names).filter { $0.role == .created }.map(\.relation))
        var uses = analysis.facts.live.keys.sorted().flatMap { name in
            analysis.facts.live[name]!.function.names.filter { $0.role != .created }.map { Use(function: name, name: $0) }
        }
        let appRelations = schema.relations.keys.contains { !schema.isUnknown($0.schema) && schema.schemas.contains($0.schema) }
        if !appRelations { uses = [] }
        self.uses = uses
        if !describesTheSchema() { self.uses = [] }
    }

    /// The relation a body names: nil for an unknown (a schema the replay cannot follow or no migration creates, a
    /// relation some body creates).
    func relation(_ name: BodyName) -> ProjectSchema.Lookup<ProjectSchema.Relation> {
        guard schema.schemas.contains(name.schema), !created.contains(name.relation) else { return .unknown }
        let found = schema.relation(ProjectSchema.Name(schema: name.schema, name.relation))
        // Supabase's search path (`"$user", public, extensions`) reaches the extensions' schema: a name public lacks may
        // be a relation an extension made there (`CREATE EXTENSION postgis WITH SCHEMA extensions`: `spatial_ref_sys`).
        if case .missing = found, name.schema == "public",
           schema.relations[ProjectSchema.Name(schema: "extensions", name.relation)] != nil || schema.unknownRelationSchemas.contains("extensions") {
            return .unknown
        }
        return found
    }

    /// A column of `relation`: unknown when its column list is not complete, or when a function of that name may make
    /// it a computed column (`t.full_name` is `full_name(t)`).
    func column(_ column: String, of relation: ProjectSchema.Relation) -> ProjectSchema.Lookup<ProjectSchema.Column> {
        if let found = relation.column(column) { return .found(found) }
        guard relation.columnsComplete else { return .unknown }
        if schema.mayBeComputedColumn(column, in: relation.name.schema) { return .unknown }
        return .missing(droppedAt: relation.droppedColumns[column])
    }

    /// Whether the migrations describe the schema the bodies use: not when most of the relations they name (at least
    /// 3) are missing (the tables were made before the migrations started, or are kept elsewhere).
    private func describesTheSchema() -> Bool {
        var named: Set<ProjectSchema.Name> = [], missing: Set<ProjectSchema.Name> = []
        for use in uses where use.name.column == nil {
            let name = ProjectSchema.Name(schema: use.name.schema, use.name.relation)
            named.insert(name)
            if case .missing = relation(use.name) { missing.insert(name) }
        }
        return missing.count < 3 || missing.count * 2 <= named.count
    }
}

extension ProjectSchema {
    fileprivate func isUnknown(_ schema: String) -> Bool { unknownSchemas.contains("*") || unknownSchemas.contains(schema) }
}

/// `unknown-table` (SQL function bodies): a function in force at the end of the history names, in an `INSERT`,
/// `UPDATE`, `DELETE` or `FROM`, a table or view the migrations do not leave. Each call that reaches the statement
/// fails (42P01).
enum BodyTableRule {
    static func findings(_ analysis: SQLAnalysis) -> [Finding] { findings(BodyNameFacts(analysis)) }

    static func findings(_ facts: BodyNameFacts) -> [Finding] {
        var candidates: [String: [String]] = [:]
        return facts.uses.compactMap { use -> Finding? in
            guard use.name.column == nil, case .missing(let droppedAt) = facts.relation(use.name) else { return nil }
            let name = ProjectSchema.Name(schema: use.name.schema, use.name.relation)
            let among = candidates[name.schema] ?? facts.schema.relations.keys.filter { $0.schema == name.schema }.map(\.name).sorted()
            candidates[name.schema] = among
            let near = ProjectSchema.nearestName(to: name.name, among: among)
            return Finding(
                .unknownTable,
                "\(name) is no table or view the migrations create\(ProjectSchema.hint(near))\(ProjectSchema.dropped(droppedAt, name.description)); "
                    + "\(use.function) fails with 42P01 (relation does not exist) whenever this statement runs",
                at: use.name.location,
                fix: near.map { "name \($0) in \(use.function), or create \(name) in a migration" }
                    ?? "create \(name) in a migration, or name the table that holds these rows in \(use.function)",
                related: droppedAt.map { [$0] } ?? [],
                subject: .relation(name: name.description))
        }
    }
}

extension BodyTableRule: DriftRule {
    typealias Facts = SQLAnalysis
    static let rule = Rule.unknownTable

    static let tables = "CREATE TABLE public.deal_ratings (id bigint PRIMARY KEY, deal_id bigint NOT NULL, score int);\n"
    static let triggeringExamples = [
        // A table that was never created.
        RuleExample(["database/001_init.sql": tables + """
            CREATE FUNCTION public.rate(p_deal bigint, p_score int) RETURNS void LANGUAGE plpgsql AS $$
            BEGIN
              INSERT INTO public.↓ratings (deal_id, score) VALUES (p_deal, p_score);
            END $$;

            """]),
        // Renamed after the function was written: PostgreSQL resolves the name when the function runs.
        RuleExample(["database/001_init.sql": tables + """
            CREATE FUNCTION public.average(p_deal bigint) RETURNS numeric LANGUAGE sql AS $$
              SELECT avg(score) FROM ↓deal_ratings WHERE deal_id = p_deal
            $$;

            """,
                     "database/002_rename.sql": "ALTER TABLE public.deal_ratings RENAME TO ratings;\n"]),
    ]
    static let nonTriggeringExamples = [
        // A table a later migration creates, a CTE, a temporary table the body creates, a table-valued function.
        RuleExample(["database/001_init.sql": tables + """
            CREATE FUNCTION public.report() RETURNS bigint LANGUAGE plpgsql AS $$
            DECLARE n bigint;
            BEGIN
              CREATE TEMP TABLE scratch (id bigint) ON COMMIT DROP;
              INSERT INTO scratch SELECT id FROM public.deal_ratings;
              WITH recent AS (SELECT id FROM scratch) SELECT count(*) INTO n FROM recent, generate_series(1, 2) g;
              INSERT INTO public.audit_log (what) VALUES ('report');
              RETURN n;
            END $$;

            """,
                     "database/002_audit.sql": "CREATE TABLE public.audit_log (id bigserial PRIMARY KEY, what text);\n"]),
        // Dynamic SQL, Supabase's own schemas, and a function redefined without the bad name.
        RuleExample(["database/001_init.sql": tables + """
            CREATE FUNCTION public.purge(p_table text) RETURNS void LANGUAGE plpgsql AS $$
            BEGIN
              EXECUTE format('DELETE FROM %I', p_table);
              DELETE FROM auth.sessions WHERE user_id = auth.uid();
              DELETE FROM public.ratings;
            END $$;
            CREATE OR REPLACE FUNCTION public.purge(p_table text) RETURNS void LANGUAGE plpgsql AS $$
            BEGIN
              EXECUTE format('DELETE FROM %I', p_table);
              DELETE FROM public.deal_ratings;
            END $$;

            """]),
        // A function dropped later.
        RuleExample(["database/001_init.sql": tables + """
            CREATE FUNCTION public.old_stats() RETURNS bigint LANGUAGE sql AS $$ SELECT count(*) FROM public.deal_ratings $$;

            """,
                     "database/002_drop.sql": "DROP FUNCTION public.old_stats();\nDROP TABLE public.deal_ratings;\n"]),
        // Relations made otherwise than by CREATE TABLE: a sequence, SELECT … INTO, an extension's; a temporary table
        // made by a string EXECUTE runs, written out or named at run time.
        RuleExample(["database/001_init.sql": tables + """
            CREATE SEQUENCE public.rating_seq;
            SELECT id, score INTO public.rating_archive FROM public.deal_ratings;
            CREATE EXTENSION IF NOT EXISTS postgis WITH SCHEMA public;
            CREATE FUNCTION public.archive() RETURNS bigint LANGUAGE plpgsql AS $$
            DECLARE n bigint;
            BEGIN
              SELECT last_value INTO n FROM public.rating_seq;
              SELECT count(*) INTO n FROM public.rating_archive WHERE score > 0;
              SELECT count(*) INTO n FROM public.spatial_ref_sys;
              EXECUTE 'CREATE TEMP TABLE archive_rows (id bigint) ON COMMIT DROP';
              INSERT INTO archive_rows (id) VALUES (n);
              RETURN n;
            END $$;
            CREATE FUNCTION public.stage(p_name text) RETURNS void LANGUAGE plpgsql AS $$
            BEGIN
              EXECUTE format('CREATE TEMP TABLE %I (id bigint) ON COMMIT DROP', p_name);
              INSERT INTO staged_rows (id) VALUES (1);
            END $$;

            """]),
    ]
}

/// `unknown-column` (SQL function bodies): a function in force at the end of the history names a column its table
/// does not have: an `INSERT` column list, an `UPDATE … SET`, `ON CONFLICT`, or a reference tied to one relation for
/// sure (qualified by its alias, or the only relation in reach and no variable or parameter of that name). Each call
/// that reaches the statement fails (42703).
enum BodyColumnRule {
    static func findings(_ analysis: SQLAnalysis) -> [Finding] { findings(BodyNameFacts(analysis)) }

    static func findings(_ facts: BodyNameFacts) -> [Finding] {
        facts.uses.compactMap { use -> Finding? in
            guard let column = use.name.column, case .found(let relation) = facts.relation(use.name),
                  case .missing(let droppedAt) = facts.column(column, of: relation) else { return nil }
            let near = ProjectSchema.nearestName(to: column, among: relation.columns.map(\.name))
            let what: String
            switch use.name.role {
            case .written: what = "writes"
            case .filtered: what = "filters on"
            case .ordered: what = "orders or groups by"
            case .conflict: what = "names in ON CONFLICT"
            case .returned: what = "returns"
            case .selected, .relation, .created: what = "reads"
            }
            let kind = relation.kind == .table ? "" : " (a \(relation.kind.rawValue))"
            return Finding(
                .unknownColumn,
                "\(use.function) \(what) \(column), but \(relation.name)\(kind) has no column \(column)\(ProjectSchema.hint(near))"
                    + "\(ProjectSchema.dropped(droppedAt, column)); it fails with 42703 (column does not exist) whenever this statement runs",
                at: use.name.location,
                fix: near.map { "use \($0) in \(use.function), or add \(column) to \(relation.name) in a migration" }
                    ?? "use one of \(relation.name)'s columns in \(use.function), or add \(column) to it in a migration",
                related: [droppedAt, relation.location].compactMap { $0 },
                subject: .relationColumn(relation: relation.name.description, column: column))
        }
    }
}

extension BodyColumnRule: DriftRule {
    typealias Facts = SQLAnalysis
    static let rule = Rule.unknownColumn

    static let tables = """
        CREATE TABLE public.league_members (id uuid PRIMARY KEY, league_id uuid NOT NULL, eliminated_in_gameweek_id int, paid_at timestamptz);

        """
    static let triggeringExamples = [
        // A column written, and one filtered on through the table's alias.
        RuleExample(["database/001_init.sql": tables + """
            CREATE FUNCTION public.eliminate(p_member uuid, p_week int) RETURNS void LANGUAGE plpgsql AS $$
            BEGIN
              UPDATE public.league_members m SET ↓eliminated_gameweek = p_week WHERE m.id = p_member AND m.↓paid IS NULL;
            END $$;

            """]),
        // Renamed after the function was written.
        RuleExample(["database/001_init.sql": tables + """
            CREATE FUNCTION public.unpaid(p_league uuid) RETURNS SETOF uuid LANGUAGE sql AS $$
              SELECT id FROM public.league_members WHERE league_id = p_league AND ↓paid_at IS NULL
            $$;

            """,
                     "database/002_rename.sql": "ALTER TABLE public.league_members RENAME COLUMN paid_at TO prize_paid_at;\n"]),
    ]
    static let nonTriggeringExamples = [
        // Parameters and variables named like no column, `NEW`, a record's fields, `RETURNING … INTO`, a column a later
        // migration adds, and two relations in reach (an unqualified name is then not tied to either).
        RuleExample(["database/001_init.sql": tables + """
            CREATE FUNCTION public.pay(p_member uuid) RETURNS uuid LANGUAGE plpgsql AS $$
            DECLARE r record; paid uuid;
            BEGIN
              SELECT * INTO r FROM public.league_members WHERE id = p_member;
              UPDATE public.league_members SET paid_at = now(), prize = r.prize WHERE id = p_member RETURNING id INTO paid;
              INSERT INTO public.prizes (member_id) SELECT m.id FROM public.league_members m JOIN public.prizes p ON p.member_id = m.id
                WHERE amount > 0;
              RETURN paid;
            END $$;

            """,
                     "database/002_later.sql": "ALTER TABLE public.league_members ADD COLUMN prize int;\n"
                        + "CREATE TABLE public.prizes (member_id uuid, amount int);\n"]),
        // A column a DO block's EXECUTE may have added is unknown.
        RuleExample(["database/001_init.sql": tables + """
            DO $$ BEGIN EXECUTE 'ALTER TABLE public.league_members ADD COLUMN ' || 'note text'; END $$;
            CREATE FUNCTION public.note(p_member uuid) RETURNS text LANGUAGE sql AS $$
              SELECT note FROM public.league_members WHERE id = p_member
            $$;

            """]),
    ]
}
