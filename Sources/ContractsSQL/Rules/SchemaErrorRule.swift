import ContractsCore

/// `sql-schema-error`: a migration statement PostgreSQL would refuse, judged on the schema the migrations before it
/// leave (`SchemaReplay`): a `CREATE OR REPLACE VIEW` that renames, reorders or drops a column of the view, an `ALTER
/// TABLE` on a column that does not exist at that point, a `DROP COLUMN` of a column a view still selects. Only on what
/// the replay knows: a relation a statement it cannot follow may have touched is never judged.
enum SchemaErrorRule {
    static func findings(_ analysis: SQLAnalysis) -> [Finding] {
        analysis.schemaErrors.map {
            Finding(.sqlSchemaError, $0.message, at: $0.location, fix: $0.fix, subject: $0.subject)
        }
    }
}

extension SchemaErrorRule: DriftRule {
    typealias Facts = SQLAnalysis
    static let rule = Rule.sqlSchemaError

    static let view = "CREATE TABLE public.rides (id bigint PRIMARY KEY, status text, city text);\n"
        + "CREATE VIEW public.open_rides AS SELECT id, status FROM public.rides;\n"
    static let triggeringExamples = [
        // A new column put before an existing one.
        RuleExample(["database/001_init.sql": view,
                     "database/002_view.sql": "↓CREATE OR REPLACE VIEW public.open_rides AS SELECT id, city, status FROM public.rides;\n"]),
        // A column no migration created.
        RuleExample(["database/001_init.sql": view, "database/002_alter.sql": "↓ALTER TABLE public.rides ALTER COLUMN town SET NOT NULL;\n"]),
        // A column the view still selects.
        RuleExample(["database/001_init.sql": view, "database/002_drop.sql": "↓ALTER TABLE public.rides DROP COLUMN status;\n"]),
    ]
    static let nonTriggeringExamples = [
        // A new column at the end.
        RuleExample(["database/001_init.sql": view,
                     "database/002_view.sql": "CREATE OR REPLACE VIEW public.open_rides AS SELECT id, status, city FROM public.rides;\n"]),
        // The view dropped first.
        RuleExample(["database/001_init.sql": view,
                     "database/002_view.sql": "DROP VIEW public.open_rides;\nCREATE VIEW public.open_rides AS SELECT id, city, status FROM public.rides;\n"]),
        // `IF EXISTS`, and `CASCADE` (which drops the view).
        RuleExample(["database/001_init.sql": view,
                     "database/002_alter.sql": "ALTER TABLE public.rides DROP COLUMN IF EXISTS town;\nALTER TABLE public.rides DROP COLUMN status CASCADE;\n"]),
        // A column a DO block may have created is unknown.
        RuleExample(["database/001_init.sql": view,
                     "database/002_alter.sql": "DO $$ BEGIN EXECUTE 'ALTER TABLE public.rides ADD COLUMN town text'; END $$;\nALTER TABLE public.rides ALTER COLUMN town SET NOT NULL;\n"]),
    ]
}
