import ContractsCore
@testable import ContractsSQL
import Foundation
import XCTest

/// `SchemaReplay`: the schema-heavy fixture's replay line by line (PostgreSQL itself checks the same fixture in
/// `SchemaOracleTests`), its three-valued lookups, and the statements PostgreSQL would refuse (`sql-schema-error`).
final class SchemaReplayTests: XCTestCase {
    private func analysis(_ files: [String: String]) throws -> SQLAnalysis {
        try SQLAnalysis.load(SQLTestRegistry.context(files))
    }

    private func errors(_ files: [String: String]) throws -> [String] {
        try analysis(files).schemaErrors.map { "\($0.location): \($0.message)" }
    }

    private static let fixture = SchemaOracleTests.testsFolder.appendingPathComponent("Fixtures/schema-app")

    private func fixtureAnalysis() throws -> SQLAnalysis {
        let registry = SQLTestRegistry.make(values: ["x"], folders: [SQLTestRegistry.supabase])
        return try SQLAnalysis.load(CheckContext(registry: registry, tree: DiskTree(root: Self.fixture)))
    }

    /// The replay of every form, as `schema.expected.txt` lists it (`NAARS_UPDATE_GOLDEN=1` rewrites it).
    func testTheSchemaFixtureReplaysAsExpected() throws {
        let dump = SchemaDump.lines(try fixtureAnalysis().schema, schemas: ["public", "private"]).joined(separator: "\n") + "\n"
        let golden = Self.fixture.appendingPathComponent("schema.expected.txt")
        if ProcessInfo.processInfo.environment["NAARS_UPDATE_GOLDEN"] == "1" { try Data(dump.utf8).write(to: golden) }
        XCTAssertEqual(dump, try String(contentsOf: golden, encoding: .utf8))
        XCTAssertEqual(try fixtureAnalysis().schemaErrors, [], "the fixture applies on PostgreSQL")
    }

    func testLookupsAreThreeValued() throws {
        let schema = try fixtureAnalysis().schema
        let alter = "supabase/migrations/20240102000000_alter.sql"
        func describe<T>(_ lookup: ProjectSchema.Lookup<T>) -> String {
            switch lookup {
            case .found: return "found"
            case .missing(let at): return "missing" + (at.map { " dropped at \($0)" } ?? "")
            case .unknown: return "unknown"
            }
        }
        let name = { (n: String) in ProjectSchema.Name(n) }
        XCTAssertEqual(describe(schema.relation(name("deals"))), "found")
        XCTAssertEqual(describe(schema.relation(name("ratings"))), "missing")
        XCTAssertEqual(describe(schema.relation(name("scratch"))), "missing dropped at \(alter):23:1")
        XCTAssertEqual(describe(schema.relation(name("secrets_moved"))), "missing dropped at \(alter):21:1", "moved to private")
        XCTAssertEqual(describe(schema.relation(ProjectSchema.Name(schema: "private", "secrets_moved"))), "found")
        XCTAssertEqual(describe(schema.relation(name("venue_pairs"))), "missing dropped at supabase/migrations/20240104000000_later.sql:18:1")
        XCTAssertEqual(describe(schema.relation(ProjectSchema.Name(schema: "auth", "sessions"))), "unknown", "Supabase's own schema")
        XCTAssertEqual(describe(schema.relation(ProjectSchema.Name(schema: "auth", "users"))), "found")
        // Columns: a dropped one says where; one the DO block's EXECUTE may have added is unknown, as is any of deals'.
        XCTAssertEqual(describe(schema.column("location", of: name("venues"))), "missing dropped at \(alter):4:1")
        XCTAssertEqual(describe(schema.column("small", of: name("venues"))), "missing dropped at \(alter):5:1", "renamed away")
        XCTAssertEqual(describe(schema.column("small_count", of: name("venues"))), "found")
        XCTAssertEqual(describe(schema.column("eliminated", of: name("venues"))), "missing")
        XCTAssertEqual(describe(schema.column("promo_code", of: name("deals"))), "unknown")
        XCTAssertEqual(describe(schema.column("anything", of: name("deals"))), "unknown")
        XCTAssertEqual(describe(schema.column("email", of: ProjectSchema.Name(schema: "auth", "users"))), "found")
        XCTAssertEqual(describe(schema.column("nickname", of: ProjectSchema.Name(schema: "auth", "users"))), "unknown", "only well-known columns")
        // A view's columns are its target list's, `*` expanded when it was created.
        XCTAssertEqual(describe(schema.column("website", of: name("venue_star"))), "missing")
        XCTAssertEqual(describe(schema.column("website", of: name("venues"))), "found")
        XCTAssertEqual(describe(schema.column("deals", of: name("venues"))), "found", "a column named like a table")
        // Functions: overloads, drops, renames.
        if case .found(let overloads) = schema.functions(name("nearby_deals")) {
            XCTAssertEqual(overloads.map { $0.arguments.compactMap(\.name) }.sorted { $0.count < $1.count }, [["p_venue"], ["p_lat", "p_lng", "p_radius"]])
            XCTAssertEqual(overloads.first { $0.arguments.count == 3 }?.arguments.map(\.hasDefault), [false, false, true])
            XCTAssertEqual(overloads.first?.returnType, "setof deals")
            XCTAssertNil(overloads.first?.returnedColumns, "deals' columns are unknown")
        } else {
            XCTFail("nearby_deals")
        }
        XCTAssertEqual(describe(schema.functions(name("old_fn"))), "missing dropped at supabase/migrations/20240103000000_views_functions.sql:35:1")
        XCTAssertEqual(describe(schema.functions(name("deal_stats"))), "missing dropped at supabase/migrations/20240104000000_later.sql:19:1")
        XCTAssertEqual(describe(schema.functions(name("deal_summary"))), "found")
        if case .found(let overloads) = schema.functions(name("top_venues")) {
            XCTAssertEqual(overloads[0].returnedColumns?.map(\.name), ["venue_id", "venue_name"])
        } else {
            XCTFail("top_venues")
        }
        // Who fills a NOT NULL column: the BEFORE INSERT trigger on bookmarks assigns user_id and created_at.
        XCTAssertEqual(schema.relations[name("bookmarks")]?.assignedByTriggers, ["created_at", "user_id"])
        XCTAssertEqual(schema.relations[name("venues")]?.assignedByTriggers, [])
        XCTAssertEqual(schema.relations[name("bookmarks")]?.primaryKey, ["user_id", "deal_id"])
    }

    /// Relations made otherwise than by `CREATE TABLE`/`VIEW`: a sequence, a foreign table, `SELECT … INTO`, an
    /// extension's, `IMPORT FOREIGN SCHEMA`'s, a serial's sequence.
    func testEveryWayARelationIsMade() throws {
        func describe<T>(_ lookup: ProjectSchema.Lookup<T>) -> String {
            switch lookup {
            case .found: return "found"
            case .missing(let at): return "missing" + (at.map { " dropped at \($0.file):\($0.line)" } ?? "")
            case .unknown: return "unknown"
            }
        }
        let files = [
            "database/001_init.sql": """
                CREATE SEQUENCE public.ticket_seq;
                CREATE SEQUENCE IF NOT EXISTS public.ticket_seq;
                CREATE SEQUENCE public.old_seq;
                ALTER SEQUENCE public.old_seq RENAME TO renamed_seq;
                CREATE SEQUENCE public.gone_seq;
                DROP SEQUENCE public.gone_seq;
                CREATE TEMP SEQUENCE temp_seq;
                CREATE TABLE public.archive_src (id bigserial PRIMARY KEY, note text NOT NULL, n int GENERATED ALWAYS AS IDENTITY);
                SELECT id, note AS body INTO public.selinto FROM public.archive_src;
                SELECT 1 AS x INTO TEMP temp_into;
                CREATE FOREIGN DATA WRAPPER w;
                CREATE SERVER s FOREIGN DATA WRAPPER w;
                CREATE FOREIGN TABLE public.remote_things (id int NOT NULL, label text) SERVER s;
                CREATE EXTENSION IF NOT EXISTS postgis;
                CREATE EXTENSION IF NOT EXISTS pgcrypto;
                CREATE EXTENSION IF NOT EXISTS pg_stat_statements WITH SCHEMA monitoring;
                CREATE EXTENSION IF NOT EXISTS some_unknown_ext SCHEMA odd;
                CREATE SCHEMA remote;
                IMPORT FOREIGN SCHEMA src FROM SERVER s INTO remote;

                """,
        ]
        let schema = try analysis(files).schema
        let name = { (n: String) in ProjectSchema.Name(n) }
        XCTAssertEqual(schema.relations[name("ticket_seq")]?.kind, .sequence)
        XCTAssertEqual(schema.relations[name("ticket_seq")]?.columns.map(\.name), ["last_value", "log_cnt", "is_called"])
        XCTAssertEqual(describe(schema.relation(name("renamed_seq"))), "found")
        XCTAssertEqual(describe(schema.relation(name("old_seq"))), "missing dropped at database/001_init.sql:4")
        XCTAssertEqual(describe(schema.relation(name("gone_seq"))), "missing dropped at database/001_init.sql:6")
        XCTAssertEqual(describe(schema.relation(name("temp_seq"))), "missing", "a temporary sequence does not outlive the migration")
        XCTAssertEqual(describe(schema.relation(name("archive_src_id_seq"))), "unknown", "a serial's sequence")
        XCTAssertEqual(describe(schema.relation(name("archive_src_n_seq"))), "unknown", "an identity's sequence")
        XCTAssertEqual(describe(schema.relation(name("archive_src_x_seq"))), "missing")
        XCTAssertEqual(schema.relations[name("selinto")]?.kind, .table)
        XCTAssertEqual(schema.relations[name("selinto")]?.columns.map(\.name), ["id", "body"])
        XCTAssertEqual(describe(schema.relation(name("temp_into"))), "missing")
        XCTAssertEqual(schema.relations[name("remote_things")]?.kind, .foreignTable)
        XCTAssertEqual(schema.relations[name("remote_things")]?.columns.map(\.name), ["id", "label"])
        XCTAssertEqual(schema.relations[name("remote_things")]?.columns.first?.notNull, true)
        // PostGIS's relations in public (their columns not all known), pg_stat_statements' in its schema; another name
        // in public is still missing, one in the unknown extension's schema is unknown.
        XCTAssertEqual(describe(schema.relation(name("spatial_ref_sys"))), "found")
        XCTAssertEqual(describe(schema.column("srid", of: name("spatial_ref_sys"))), "found")
        XCTAssertEqual(describe(schema.column("anything", of: name("spatial_ref_sys"))), "unknown")
        XCTAssertEqual(schema.relations[name("geometry_columns")]?.kind, .view)
        XCTAssertNil(schema.relations[name("spatial_ref_sys")]?.location, "no migration writes it")
        XCTAssertEqual(describe(schema.relation(name("spatial_ref_sy"))), "missing")
        XCTAssertEqual(describe(schema.relation(ProjectSchema.Name(schema: "monitoring", "pg_stat_statements_info"))), "found")
        XCTAssertEqual(describe(schema.relation(ProjectSchema.Name(schema: "monitoring", "other"))), "missing")
        XCTAssertEqual(describe(schema.relation(ProjectSchema.Name(schema: "odd", "anything"))), "unknown")
        XCTAssertEqual(describe(schema.relation(ProjectSchema.Name(schema: "remote", "anything"))), "unknown")
        // Dropping the extension drops its relations; an extension known to make none changes nothing.
        var later = files
        later["database/002_move.sql"] = "DROP EXTENSION postgis;\nCREATE EXTENSION postgis WITH SCHEMA gis;\n"
        let moved = try analysis(later).schema
        XCTAssertEqual(describe(moved.relation(name("spatial_ref_sys"))), "missing dropped at database/002_move.sql:1")
        XCTAssertEqual(describe(moved.relation(ProjectSchema.Name(schema: "gis", "spatial_ref_sys"))), "found")
        later["database/002_move.sql"] = "ALTER EXTENSION postgis SET SCHEMA gis;\nALTER EXTENSION other_ext SET SCHEMA elsewhere;\n"
        let relocated = try analysis(later).schema
        XCTAssertEqual(describe(relocated.relation(name("geometry_columns"))), "missing dropped at database/002_move.sql:1")
        XCTAssertEqual(describe(relocated.relation(ProjectSchema.Name(schema: "gis", "geometry_columns"))), "found")
        XCTAssertEqual(describe(relocated.relation(ProjectSchema.Name(schema: "elsewhere", "anything"))), "unknown")
        later["database/002_move.sql"] = "CREATE EXTENSION IF NOT EXISTS \"uuid-ossp\";\nCREATE EXTENSION citext;\n"
        XCTAssertEqual(try analysis(later).schema.unknownRelationSchemas, ["odd", "remote"])
        XCTAssertEqual(try analysis(later).schemaErrors.map(\.message), [])
    }

    /// `db-schema-drift` reads no sequence and no extension's relation from the live database: neither is drift.
    func testSequencesAndExtensionRelationsAreNoLiveSchemaDrift() throws {
        let replayed = try analysis(["database/001_init.sql": """
            CREATE TABLE public.t (id int);
            CREATE SEQUENCE public.ticket_seq;
            CREATE EXTENSION postgis;

            """]).schema
        var live = ProjectSchema()
        live.relations[ProjectSchema.Name("t")] = ProjectSchema.Relation(name: ProjectSchema.Name("t"), kind: .table,
                                                                         columns: [ProjectSchema.Column(name: "id", type: "integer")])
        let place = SourceLocation(file: "registry.yaml", line: 1, column: 1)
        XCTAssertEqual(DbSchemaDriftRule.findings(replayed: replayed, live: live, place: place).map(\.message), [])
        live.relations[ProjectSchema.Name("t")] = nil
        XCTAssertEqual(DbSchemaDriftRule.findings(replayed: replayed, live: live, place: place).count, 1, "the table is")
    }

    /// A `DO` block of policies, grants, comments, indexes and row level security (the usual `IF NOT EXISTS (SELECT 1
    /// FROM pg_policies …) THEN CREATE POLICY`) leaves the tables it names known; one that may change them does not.
    func testADoBlockThatOnlyGuardsPoliciesChangesNothing() throws {
        let base = "CREATE TABLE public.rides (id bigint PRIMARY KEY, status text);\n"
        func complete(_ block: String) throws -> Bool? {
            try analysis(["database/001_init.sql": base, "database/002_do.sql": block]).schema.relations[ProjectSchema.Name("rides")]?.columnsComplete
        }
        XCTAssertEqual(try complete("""
            DO $$
            BEGIN
              IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE tablename = 'rides' AND policyname = 'read rides') THEN
                CREATE POLICY "read rides" ON public.rides FOR SELECT USING (true);
              END IF;
              DROP POLICY IF EXISTS "old rides" ON public.rides;
              ALTER TABLE public.rides ENABLE ROW LEVEL SECURITY;
              GRANT SELECT ON TABLE public.rides TO anon;
              COMMENT ON COLUMN public.rides.status IS 'drop me later';
              CREATE INDEX IF NOT EXISTS rides_status ON public.rides (status);
              ALTER PUBLICATION supabase_realtime ADD TABLE public.rides;
              RAISE NOTICE 'rides table ready';
            EXCEPTION WHEN duplicate_object OR undefined_object THEN
              RAISE NOTICE 'skipped';
            END
            $$;
            """), true)
        XCTAssertEqual(try complete("""
            DO $$ BEGIN
              CREATE TYPE public.rides AS ENUM ('rides', 'status');
            EXCEPTION WHEN duplicate_object THEN NULL;
            END $$;
            """), true, "a type changes no relation")
        // DDL, EXECUTE, a trigger, a foreign key: as before, the table's columns are unknown.
        for block in [
            "DO $$ BEGIN CREATE POLICY p ON public.rides USING (true); ALTER TABLE public.rides ADD COLUMN town text; END $$;",
            "DO $$ BEGIN EXECUTE 'ALTER TABLE public.rides ADD COLUMN town text'; END $$;",
            "DO $$ BEGIN ALTER TABLE public.rides ADD CONSTRAINT rides_fk FOREIGN KEY (id) REFERENCES public.rides (id); END $$;",
            "DO $$ BEGIN CREATE TRIGGER t BEFORE INSERT ON public.rides FOR EACH ROW EXECUTE FUNCTION f(); END $$;",
            "DO $$ BEGIN IF true THEN DROP TABLE public.rides; END IF; END $$;",
        ] {
            XCTAssertEqual(try complete(block), false, block)
        }
    }

    func testWhatTheReplayCannotFollowIsUnknown() throws {
        let table = "database/001_init.sql"
        let base = [table: "CREATE TABLE public.rides (id bigint PRIMARY KEY, status text);\nCREATE TABLE public.cities (id int);\n"]
        // A DO block naming the table: its columns are unknown; another table's stay known.
        var files = base
        files["database/002_do.sql"] = "DO $$ BEGIN ALTER TABLE public.rides ADD COLUMN town text; END $$;\n"
        var schema = try analysis(files).schema
        XCTAssertEqual(schema.relations[ProjectSchema.Name("rides")]?.columnsComplete, false)
        XCTAssertEqual(schema.relations[ProjectSchema.Name("cities")]?.columnsComplete, true)
        // A DO block that creates a table: a relation of that name is unknown, not missing.
        files["database/002_do.sql"] = "DO $$ BEGIN CREATE TABLE IF NOT EXISTS public.towns (id int); END $$;\n"
        schema = try analysis(files).schema
        if case .unknown = schema.relation(ProjectSchema.Name("towns")) {} else { XCTFail("towns") }
        if case .missing = schema.relation(ProjectSchema.Name("villages")) {} else { XCTFail("villages") }
        // A DO block that runs no DDL changes nothing.
        files["database/002_do.sql"] = "DO $$ BEGIN PERFORM 1; RAISE NOTICE 'rides'; END $$;\n"
        XCTAssertEqual(try analysis(files).schema.relations[ProjectSchema.Name("rides")]?.columnsComplete, true)
        // EXECUTE of a string built at run time: anything.
        files["database/002_do.sql"] = """
            DO $$ DECLARE t text; BEGIN
              FOR t IN SELECT tablename FROM pg_tables LOOP EXECUTE format('ALTER TABLE %I ADD COLUMN created_by uuid', t); END LOOP;
            END $$;
            """
        schema = try analysis(files).schema
        XCTAssertEqual(schema.relations[ProjectSchema.Name("cities")]?.columnsComplete, false)
        if case .unknown = schema.relation(ProjectSchema.Name("villages")) {} else { XCTFail("villages") }
        // A statement that does not parse: what it names is unknown.
        files["database/002_do.sql"] = "ALTER TABLE public.cities ADD COLUMN name text,;\nCREATE TABLE public.ok (id int);\n"
        schema = try analysis(files).schema
        XCTAssertEqual(schema.relations[ProjectSchema.Name("cities")]?.columnsComplete, false)
        XCTAssertEqual(schema.relations[ProjectSchema.Name("rides")]?.columnsComplete, true)
        XCTAssertNotNil(schema.relations[ProjectSchema.Name("ok")])
        // An extension's functions are unknown in its schema.
        files["database/002_do.sql"] = "CREATE EXTENSION IF NOT EXISTS \"uuid-ossp\" WITH SCHEMA extensions;\n"
        schema = try analysis(files).schema
        if case .unknown = schema.functions(ProjectSchema.Name(schema: "extensions", "uuid_generate_v4")) {} else { XCTFail("extension") }
        if case .missing = schema.functions(ProjectSchema.Name("uuid_generate_v4")) {} else { XCTFail("public") }
        // A trigger whose function the replay cannot read: every column it might fill is unknown.
        files["database/002_do.sql"] = """
            CREATE FUNCTION public.fill() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN NEW := jsonb_populate_record(NEW, '{}'); RETURN NEW; END $$;
            CREATE TRIGGER fill BEFORE INSERT ON public.rides FOR EACH ROW EXECUTE FUNCTION public.fill();
            CREATE TRIGGER later AFTER INSERT ON public.cities FOR EACH ROW EXECUTE FUNCTION public.fill();
            """
        schema = try analysis(files).schema
        XCTAssertNil(schema.relations[ProjectSchema.Name("rides")]!.assignedByTriggers)
        XCTAssertEqual(schema.relations[ProjectSchema.Name("cities")]!.assignedByTriggers, [], "an AFTER trigger fills nothing")
    }

    func testTriggerAssignmentsAreReadFromTheBody() {
        XCTAssertEqual(TriggerAssignments.read("BEGIN NEW.a := 1; new . b = 2; IF NEW.c = 3 THEN NEW.\"D\" := 4; END IF; RETURN NEW; END"), ["D", "a", "b"])
        XCTAssertEqual(TriggerAssignments.read("BEGIN IF NEW.c = 3 THEN RETURN NULL; END IF; RETURN NEW; END"), [])
        XCTAssertNil(TriggerAssignments.read("BEGIN NEW := OLD; RETURN NEW; END"))
        XCTAssertNil(TriggerAssignments.read("BEGIN SELECT * INTO NEW FROM t; RETURN NEW; END"))
    }

    /// A branch that never runs on INSERT fills nothing an insert leaves out; a condition on the row itself (`IF
    /// NEW.x IS NULL`) fills the column when the insert leaves it out; a condition the replay cannot tell keeps it.
    func testTriggerAssignmentsOnInsert() {
        let body = """
            BEGIN
              IF TG_OP = 'UPDATE' THEN NEW.updated_at := now();
              ELSIF TG_OP IN ('INSERT') THEN NEW.created_by = auth.uid();
              ELSE NEW."Other" := 1; END IF;
              IF NEW.user_id IS NULL AND TG_OP <> 'DELETE' THEN NEW.user_id := auth.uid(); END IF;
              IF tg_op <> 'INSERT' OR TG_OP = 'DELETE' THEN NEW.edited := true; NEW.stamp := now(); END IF;
              IF NOT (TG_OP = 'INSERT') THEN NEW.touched := true; END IF;
              IF TG_OP = 'INSERT' OR NEW.kind = 'x' THEN NEW.kind_set := true; END IF;
              IF NEW.kind = 'x' THEN NEW.kind_only := true; END IF;
              IF TG_OP = 'UPDATE' THEN NEW.stamp := now(); END IF;
              NEW.stamp := coalesce(NEW.stamp, now());
              RETURN NEW;
            END
            """
        let all = TriggerAssignments.read(body)!
        XCTAssertEqual(all, ["Other", "created_by", "edited", "kind_only", "kind_set", "stamp", "touched", "updated_at", "user_id"])
        XCTAssertEqual(TriggerAssignments.onInsert(all, body), ["created_by", "kind_only", "kind_set", "stamp", "user_id"])
        XCTAssertEqual(TriggerAssignments.onInsert(["a"], "BEGIN NEW.a := 1; RETURN NEW; END"), ["a"], "no TG_OP: the text's answer")
    }

    /// `missing-required-column` with a trigger that fills a column only on UPDATE: an insert that leaves it out is
    /// refused; one that fills it only when left out (`IF NEW.x IS NULL`) is not.
    func testATriggerThatFillsAColumnOnlyOnUpdateFillsNothingOnInsert() throws {
        let schema = try analysis(["database/001_init.sql": """
            CREATE TABLE public.notes (id bigint PRIMARY KEY, body text, author_id uuid NOT NULL, edited_at timestamptz NOT NULL);
            CREATE FUNCTION public.notes_fill() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF NEW.author_id IS NULL THEN NEW.author_id := auth.uid(); END IF;
              IF TG_OP = 'UPDATE' THEN NEW.edited_at := now(); END IF;
              RETURN NEW;
            END $$;
            CREATE TRIGGER notes_fill BEFORE INSERT OR UPDATE ON public.notes FOR EACH ROW EXECUTE FUNCTION public.notes_fill();

            """]).schema
        XCTAssertEqual(schema.relations[ProjectSchema.Name("notes")]?.assignedByTriggers, ["author_id"])
    }

    func testStatementsPostgresRefuses() throws {
        let view = "CREATE TABLE public.rides (id bigint PRIMARY KEY, status text, city text);\n"
            + "CREATE VIEW public.open_rides AS SELECT id, status FROM public.rides;\n"
        // A column put before an existing one, one renamed, one left out.
        XCTAssertEqual(try errors(["database/001_a.sql": view,
                                   "database/002_b.sql": "CREATE OR REPLACE VIEW public.open_rides AS SELECT id, city, status FROM public.rides;\n"]),
                       ["database/002_b.sql:1:1: CREATE OR REPLACE VIEW open_rides puts column city where the view has column status (position 2); "
                           + "PostgreSQL refuses it: cannot change name of view column \"status\" to \"city\""])
        XCTAssertEqual(try errors(["database/001_a.sql": view,
                                   "database/002_b.sql": "CREATE OR REPLACE VIEW public.open_rides AS SELECT id FROM public.rides;\n"]),
                       ["database/002_b.sql:1:1: CREATE OR REPLACE VIEW open_rides leaves out column status that the view has; "
                           + "PostgreSQL refuses it: cannot drop columns from view"])
        // Allowed: a column at the end, the view dropped first, a view created anew, an alias keeping the name.
        XCTAssertEqual(try errors(["database/001_a.sql": view, "database/002_b.sql": """
            CREATE OR REPLACE VIEW public.open_rides AS SELECT id, status, city FROM public.rides;
            DROP VIEW public.open_rides;
            CREATE OR REPLACE VIEW public.open_rides AS SELECT city, id FROM public.rides;
            CREATE OR REPLACE VIEW public.open_rides AS SELECT city, rides.id, upper(status) AS status FROM public.rides;
            """]), [])
        // A view the replay cannot read (`*` over a subquery) is not judged.
        XCTAssertEqual(try errors(["database/001_a.sql": view + "CREATE VIEW public.all_rides AS SELECT * FROM (SELECT * FROM public.rides) r;\n",
                                   "database/002_b.sql": "CREATE OR REPLACE VIEW public.all_rides AS SELECT city FROM public.rides;\n"]), [])
        // ALTER TABLE on a column that does not exist at that point.
        XCTAssertEqual(try errors(["database/001_a.sql": view, "database/002_b.sql": """
            ALTER TABLE public.rides ALTER COLUMN town SET NOT NULL;
            ALTER TABLE public.rides DROP COLUMN IF EXISTS town, ALTER COLUMN city TYPE varchar(40);
            ALTER TABLE public.rides RENAME COLUMN town TO village;
            ALTER TABLE public.rides ADD COLUMN town text;
            ALTER TABLE public.rides ALTER COLUMN town SET DEFAULT 'x';
            ALTER TABLE IF EXISTS public.trips ALTER COLUMN x DROP NOT NULL;
            """]), [
                "database/002_b.sql:1:1: It sets NOT NULL on column town of rides, which has no such column at this point; "
                    + "PostgreSQL refuses it: column \"town\" of relation \"rides\" does not exist",
                "database/002_b.sql:3:1: It renames column town of rides, which has no such column at this point; "
                    + "PostgreSQL refuses it: column \"town\" does not exist",
            ])
        // A column a later migration adds is not there yet; one an EXECUTE may have added is unknown.
        XCTAssertEqual(try errors(["database/001_a.sql": view,
                                   "database/002_b.sql": "ALTER TABLE public.rides DROP COLUMN town;\n",
                                   "database/003_c.sql": "ALTER TABLE public.rides ADD COLUMN town text;\n"]).count, 1)
        XCTAssertEqual(try errors(["database/001_a.sql": view,
                                   "database/002_b.sql": "DO $$ BEGIN EXECUTE 'ALTER TABLE public.rides ADD COLUMN town text'; END $$;\n"
                                       + "ALTER TABLE public.rides DROP COLUMN town;\n"]), [])
        // DROP COLUMN of a column a view still selects; CASCADE drops the view; a view replaced without it is fine.
        XCTAssertEqual(try errors(["database/001_a.sql": view, "database/002_b.sql": "ALTER TABLE public.rides DROP COLUMN status;\n"]),
                       ["database/002_b.sql:1:1: It drops column status of rides, which view open_rides still selects; PostgreSQL refuses it: "
                           + "cannot drop column status of table rides because other objects depend on it"])
        XCTAssertEqual(try errors(["database/001_a.sql": view, "database/002_b.sql": """
            ALTER TABLE public.rides DROP COLUMN status CASCADE;
            CREATE VIEW public.open_rides AS SELECT id, city FROM public.rides;
            ALTER TABLE public.rides RENAME COLUMN city TO town;
            """]), [])
        XCTAssertEqual(try errors(["database/001_a.sql": view, "database/002_b.sql": """
            DROP VIEW public.open_rides;
            CREATE VIEW public.open_rides AS SELECT id FROM public.rides WHERE city IS NOT NULL;
            ALTER TABLE public.rides DROP COLUMN status;
            ALTER TABLE public.rides DROP COLUMN city;
            """]), ["database/002_b.sql:4:1: It drops column city of rides, which view open_rides still selects; PostgreSQL refuses it: "
                    + "cannot drop column city of table rides because other objects depend on it"], "a WHERE clause depends too")
        // A view selecting through `*`, and a dependency followed through a column rename.
        XCTAssertEqual(try errors(["database/001_a.sql": view + "CREATE VIEW public.every_ride AS SELECT r.* FROM public.rides r;\n",
                                   "database/002_b.sql": "ALTER TABLE public.rides RENAME COLUMN city TO town;\nALTER TABLE public.rides DROP COLUMN town;\n"]).count, 1)
    }
}
