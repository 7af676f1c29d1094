import ContractsCore
@testable import ContractsSQL
import XCTest

/// `unknown-table` and `unknown-column` in SQL function bodies (`BodyNameReader`, `BodyTableRule`, `BodyColumnRule`):
/// the names the body in force of each function uses, judged against the schema the whole history leaves. Each
/// decoy is a name PostgreSQL resolves to something else than a table or column of the schema, or one the replay
/// cannot know.
final class BodyNameRuleTests: XCTestCase {
    /// `file:line:column message` of the SQL checker's findings under the two rules, sorted.
    private func findings(_ files: [String: String], relevance: BodyRelevance? = nil) throws -> [String] {
        let context = SQLTestRegistry.context(files)
        let analysis = try SQLAnalysis.load(context, relevance: relevance)
        return analysis.findings.filter { [Rule.unknownTable.id, Rule.unknownColumn.id].contains($0.ruleID) }
            .map { "\($0.location) \($0.ruleID): \($0.message)" }.sorted()
    }

    private func places(_ files: [String: String]) throws -> [String] {
        try findings(files).map { String($0.split(separator: " ")[0]) + " " + String($0.split(separator: " ")[1].dropLast()) }
    }

    static let core = """
        CREATE TABLE public.deals (id bigint PRIMARY KEY, title text NOT NULL, venue_id bigint, status text);
        CREATE TABLE public.deal_ratings (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, deal_id bigint NOT NULL,
          user_id uuid NOT NULL, stars int NOT NULL);
        CREATE TABLE public.venues (id bigint PRIMARY KEY, name text NOT NULL);

        """

    func testEveryStatementKindNamesItsTableAndColumns() throws {
        let body = """
            CREATE FUNCTION public.touch(p_deal bigint) RETURNS void LANGUAGE plpgsql AS $$
            BEGIN
              INSERT INTO public.deal_rating (deal_id, stars) VALUES (p_deal, 5);
              INSERT INTO public.deal_ratings (deal_id, star, user_id) VALUES (p_deal, 5, auth.uid())
                ON CONFLICT (deal_key) DO UPDATE SET stars = excluded.starz;
              UPDATE public.deals SET titel = 'x' WHERE id = p_deal AND state = 'open';
              DELETE FROM public.venue WHERE id = p_deal;
              DELETE FROM public.venues v WHERE v.nme = 'x';
              PERFORM d.id, d.venue FROM public.deals d WHERE d.id = p_deal ORDER BY d.titl;
              RETURN;
            END $$;

            """
        // At each name: past its schema or alias (`public.deal_rating`, `v.nme`); `ON CONFLICT (deal_key)` too.
        XCTAssertEqual(try places(["database/001_init.sql": Self.core + body]), [
            "database/001_init.sql:10:27 unknown-column", "database/001_init.sql:10:61 unknown-column",
            "database/001_init.sql:11:22 unknown-table", "database/001_init.sql:12:39 unknown-column",
            "database/001_init.sql:13:19 unknown-column", "database/001_init.sql:13:76 unknown-column",
            "database/001_init.sql:7:22 unknown-table", "database/001_init.sql:8:45 unknown-column",
            "database/001_init.sql:9:18 unknown-column", "database/001_init.sql:9:59 unknown-column",
        ])
        let messages = try findings(["database/001_init.sql": Self.core + body])
        XCTAssertTrue(messages.contains("database/001_init.sql:7:22 unknown-table: deal_rating is no table or view the migrations "
            + "create; did you mean deal_ratings?; public.touch fails with 42P01 (relation does not exist) whenever this statement runs"),
            messages.joined(separator: "\n"))
        XCTAssertTrue(messages.contains("database/001_init.sql:8:45 unknown-column: public.touch writes star, but deal_ratings has no "
            + "column star; did you mean stars?; it fails with 42703 (column does not exist) whenever this statement runs"),
            messages.joined(separator: "\n"))
    }

    /// PostgreSQL resolves a body's names when it runs: a rename after the function is a finding (with where), a
    /// table or column created after it is not.
    func testTheBodyIsJudgedAgainstTheSchemaTheWholeHistoryLeaves() throws {
        let files = [
            "database/001_init.sql": Self.core + """
                CREATE FUNCTION public.average(p_deal bigint) RETURNS numeric LANGUAGE sql STABLE AS $$
                  SELECT avg(stars) FROM public.deal_ratings WHERE deal_id = p_deal
                $$;
                CREATE FUNCTION public.log_view(p_deal bigint) RETURNS void LANGUAGE plpgsql AS $$
                BEGIN
                  INSERT INTO public.deal_views (deal_id, seen_at) VALUES (p_deal, now());
                  UPDATE public.deals SET ends_at = now() WHERE id = p_deal;
                END $$;

                """,
            "database/002_later.sql": """
                ALTER TABLE public.deal_ratings RENAME COLUMN stars TO score;
                CREATE TABLE public.deal_views (deal_id bigint, seen_at timestamptz);
                ALTER TABLE public.deals ADD COLUMN ends_at timestamptz;

                """,
        ]
        XCTAssertEqual(try findings(files), [
            "database/001_init.sql:6:14 unknown-column: public.average reads stars, but deal_ratings has no column stars; "
                + "stars was dropped or renamed in database/002_later.sql:1; it fails with 42703 (column does not exist) "
                + "whenever this statement runs",
        ])
        // A table renamed away.
        var renamed = files
        renamed["database/003_rename.sql"] = "ALTER TABLE public.deal_views RENAME TO views;\n"
        XCTAssertEqual(try places(renamed), ["database/001_init.sql:10:22 unknown-table", "database/001_init.sql:6:14 unknown-column"])
    }

    /// Only the last definition runs; a function dropped runs never.
    func testOnlyTheBodyInForceIsJudged() throws {
        let old = """
            CREATE FUNCTION public.stats() RETURNS bigint LANGUAGE sql AS $$ SELECT count(*) FROM public.ratings $$;
            CREATE FUNCTION public.gone() RETURNS bigint LANGUAGE sql AS $$ SELECT count(*) FROM public.ratings $$;

            """
        let files = [
            "database/001_init.sql": Self.core + old,
            "database/002_fix.sql": """
                CREATE OR REPLACE FUNCTION public.stats() RETURNS bigint LANGUAGE sql AS $$ SELECT count(*) FROM public.deal_ratings $$;
                DROP FUNCTION public.gone();

                """,
        ]
        XCTAssertEqual(try places(files), [])
        // The check can fail: without the later migration both are reported.
        XCTAssertEqual(try places(["database/001_init.sql": Self.core + old]),
                       ["database/001_init.sql:5:94 unknown-table", "database/001_init.sql:6:93 unknown-table"])
    }

    /// Names PostgreSQL resolves to something other than a table or column of the schema, and names the replay cannot
    /// know: all silent.
    func testDecoysAreSilent() throws {
        let body = """
            CREATE FUNCTION public.decoys(stars int, p_deal bigint) RETURNS TABLE (total bigint) LANGUAGE plpgsql AS $$
            DECLARE
              r record;
              title text;
              new_id bigint;
            BEGIN
              -- A CTE, a table-valued function and a subquery alias.
              WITH recent AS (SELECT id, title AS heading FROM public.deals)
                SELECT count(*) INTO total FROM recent, generate_series(1, 3) g, (SELECT 1 AS one) s WHERE recent.heading <> '';
              -- A temporary table the body creates.
              CREATE TEMP TABLE scratch (id bigint) ON COMMIT DROP;
              INSERT INTO scratch (id) SELECT id FROM public.deals;
              SELECT id INTO new_id FROM scratch WHERE scratch.whatever IS NULL;
              -- Variables and parameters named like no column (and like one: `stars`).
              UPDATE public.deal_ratings SET stars = stars WHERE deal_id = p_deal AND title IS NOT NULL;
              -- RETURNING into a variable, a record's fields, NEW/OLD-like qualifiers.
              INSERT INTO public.venues (id, name) VALUES (p_deal, 'x') RETURNING id INTO new_id;
              SELECT * INTO r FROM public.deals WHERE id = p_deal;
              UPDATE public.deals SET status = r.state WHERE id = r.id;
              -- Dynamic SQL, Supabase's own schemas, pg_catalog.
              EXECUTE format('DELETE FROM %I WHERE nothing = 1', 'ratings');
              DELETE FROM auth.sessions WHERE user_id = auth.uid();
              PERFORM 1 FROM storage.objects o WHERE o.no_such_column IS NULL;
              PERFORM 1 FROM pg_stat_activity WHERE whatever;
              -- Two relations in reach: an unqualified name is tied to neither.
              PERFORM 1 FROM public.deals d JOIN public.venues v ON v.id = d.venue_id WHERE nickname IS NULL;
              -- An output alias in ORDER BY, a whole-row reference, a correlated subquery.
              PERFORM title AS t FROM public.deals ORDER BY t;
              PERFORM row_to_json(deals) FROM public.deals;
              -- Columns renamed by an alias.
              PERFORM x.heading FROM public.deals AS x (deal_id, heading);
              PERFORM 1 FROM public.venues WHERE EXISTS (SELECT 1 FROM public.deals WHERE venue_id = name::bigint);
              RETURN QUERY SELECT count(*) FROM public.deal_ratings;
            END $$;
            CREATE FUNCTION public.trigger_fn() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              INSERT INTO public.deal_ratings (deal_id, user_id, stars) VALUES (NEW.id, NEW.owner, 1);
              UPDATE public.deals SET status = TG_OP WHERE id = NEW.id AND NEW.anything IS NULL;
              RETURN NEW;
            END $$;
            -- Unqualified names under a search path that names no single schema are not resolved.
            CREATE FUNCTION public.pathless() RETURNS void LANGUAGE plpgsql SET search_path = '' AS $$
            BEGIN
              DELETE FROM deal_ratingz;
            END $$;
            -- `BEGIN ATOMIC`: PostgreSQL resolves its names when the function is created.
            CREATE FUNCTION public.atomic_count() RETURNS bigint LANGUAGE sql BEGIN ATOMIC SELECT count(*) FROM public.deals; END;

            """
        XCTAssertEqual(try findings(["database/001_init.sql": Self.core + body]), [])
    }

    /// A table or column a statement the replay cannot follow may have made is unknown, and a table another body
    /// creates may be read by this one.
    func testUnknownsAreSilent() throws {
        let files = [
            "database/001_init.sql": Self.core + """
                DO $$ BEGIN EXECUTE 'ALTER TABLE public.deals ADD COLUMN ' || 'promo_code text'; END $$;
                CREATE FUNCTION public.make_staging() RETURNS void LANGUAGE plpgsql AS $$
                BEGIN
                  CREATE TABLE IF NOT EXISTS public.staging (id bigint);
                END $$;
                CREATE FUNCTION public.read_staging() RETURNS bigint LANGUAGE sql AS $$
                  SELECT count(*) FROM public.staging
                $$;
                CREATE FUNCTION public.promo(p_deal bigint) RETURNS text LANGUAGE sql AS $$
                  SELECT promo_code FROM public.deals WHERE id = p_deal
                $$;

                """,
        ]
        XCTAssertEqual(try findings(files), [])
    }

    /// Relations made otherwise than by `CREATE TABLE` are read like tables (a sequence, `SELECT … INTO`, a foreign
    /// table, an extension's); a string run by `EXECUTE` that may create relations makes that body's unknown names
    /// unknown, and only that body's.
    func testRelationsMadeOtherwiseAndDynamicSQL() throws {
        let files = [
            "database/001_init.sql": Self.core + """
                CREATE SEQUENCE public.ticket_seq;
                SELECT id, title INTO public.deal_archive FROM public.deals;
                CREATE FOREIGN DATA WRAPPER w;
                CREATE SERVER s FOREIGN DATA WRAPPER w;
                CREATE FOREIGN TABLE public.remote_things (id int, label text) SERVER s;
                CREATE SCHEMA gis;
                CREATE EXTENSION IF NOT EXISTS postgis WITH SCHEMA gis;
                CREATE FUNCTION public.reads() RETURNS bigint LANGUAGE plpgsql AS $$
                DECLARE n bigint;
                BEGIN
                  SELECT last_value INTO n FROM public.ticket_seq;
                  SELECT s.is_callled INTO n FROM public.ticket_seq s;
                  SELECT count(*) INTO n FROM public.deal_archive a WHERE a.title IS NOT NULL AND a.venue_id = 1;
                  SELECT count(*) INTO n FROM public.remote_things r WHERE r.label IS NOT NULL AND r.lable = 'x';
                  SELECT count(*) INTO n FROM gis.spatial_ref_sys g WHERE g.srid = 4326 AND g.anything = 1;
                  SELECT count(*) INTO n FROM gis.spatial_ref_system;
                  RETURN n;
                END $$;
                CREATE FUNCTION public.literal() RETURNS void LANGUAGE plpgsql AS $$
                BEGIN
                  EXECUTE 'CREATE TEMP TABLE scratch_rows (id bigint) ON COMMIT DROP';
                  INSERT INTO scratch_rows (id) VALUES (1);
                  INSERT INTO public.scratch_rowz (id) VALUES (1);
                END $$;
                CREATE FUNCTION public.formatted(p_name text, p_sql text) RETURNS void LANGUAGE plpgsql AS $$
                BEGIN
                  EXECUTE format('CREATE TEMP TABLE %I (id int)', p_name);
                  INSERT INTO anything_made (id) VALUES (1);
                  INSERT INTO public.made_too (id) VALUES (1);
                  UPDATE public.deals SET titel = 'x';
                END $$;
                CREATE FUNCTION public.variable(p_sql text) RETURNS void LANGUAGE plpgsql AS $$
                BEGIN
                  EXECUTE p_sql;
                  FOR i IN 1 .. 2 LOOP EXECUTE format('%s', p_sql); END LOOP;
                  DELETE FROM whatever_it_made;
                END $$;
                CREATE FUNCTION public.deletes(p_table text) RETURNS void LANGUAGE plpgsql AS $$
                BEGIN
                  EXECUTE format('DELETE FROM %I', p_table);
                  EXECUTE 'DELETE FROM public.deals';
                  DELETE FROM public.scratch_gone;
                  DELETE FROM anything_made;
                END $$;

                """,
        ]
        let expected = [
            // ticket_seq.is_callled, deal_archive.venue_id, remote_things.lable, gis.spatial_ref_system (spatial_ref_sys'
            // other columns are unknown), public.scratch_rowz, deals.titel (qualified: judged in a body that creates
            // unknown relations), public.scratch_gone and anything_made where no string may create them.
            "database/001_init.sql:16:12 unknown-column", "database/001_init.sql:17:85 unknown-column",
            "database/001_init.sql:18:86 unknown-column", "database/001_init.sql:20:35 unknown-table",
            "database/001_init.sql:27:22 unknown-table", "database/001_init.sql:34:27 unknown-column",
            "database/001_init.sql:46:22 unknown-table", "database/001_init.sql:47:15 unknown-table",
        ]
        XCTAssertEqual(try places(files), expected)
        let all = try findings(files, relevance: .all).map { String($0.split(separator: " ")[0]) + " " + String($0.split(separator: " ")[1].dropLast()) }
        XCTAssertEqual(all, expected, "read alike whether or not another rule reads the bodies")
        XCTAssertTrue(try findings(files).contains { $0.contains("public.reads reads is_callled, but ticket_seq (a sequence) has no column is_callled; did you mean is_called?") })
    }

    /// An extension known to define no function of a table's row (`uuid-ossp`, `pg_trgm`) leaves the columns of its
    /// schema judged; one that may (`hstore(record)`: `d.hstore` reads as a computed column) or one the replay does not
    /// know leaves a name no column has unknown.
    func testExtensionsAndComputedColumns() throws {
        let body = """
            CREATE FUNCTION public.titles() RETURNS SETOF text LANGUAGE sql AS $$ SELECT d.titl FROM public.deals d $$;

            """
        for (extensions, expected) in [
            ("CREATE EXTENSION IF NOT EXISTS \"uuid-ossp\";\nCREATE EXTENSION IF NOT EXISTS pg_trgm;\n", 1),
            ("CREATE EXTENSION IF NOT EXISTS \"uuid-ossp\" WITH SCHEMA extensions;\nCREATE EXTENSION hstore WITH SCHEMA other;\n", 1),
            ("CREATE EXTENSION IF NOT EXISTS hstore;\n", 0),
            ("CREATE EXTENSION IF NOT EXISTS some_unknown_extension;\n", 0),
        ] {
            XCTAssertEqual(try findings(["database/001_init.sql": Self.core + extensions + body]).count, expected, extensions)
        }
    }

    /// Supabase's search path reaches the `extensions` schema: an unqualified name public lacks may be a relation an
    /// extension made there.
    func testSupabaseSearchPathReachesTheExtensionsSchema() throws {
        let files = ["database/001_init.sql": Self.core + """
            CREATE EXTENSION IF NOT EXISTS postgis WITH SCHEMA extensions;
            CREATE FUNCTION public.srids() RETURNS bigint LANGUAGE sql AS $$ SELECT count(*) FROM spatial_ref_sys $$;
            CREATE FUNCTION public.srid() RETURNS bigint LANGUAGE sql AS $$ SELECT count(*) FROM spatial_ref_system $$;

            """]
        XCTAssertEqual(try places(files), ["database/001_init.sql:7:86 unknown-table"])
    }

    /// A schema the migrations create is judged; one they create nothing in is not known to hold what the body names.
    func testOtherSchemas() throws {
        let files = [
            "database/001_init.sql": Self.core + """
                CREATE SCHEMA analytics;
                CREATE TABLE analytics.events (id bigint, name text);
                CREATE FUNCTION public.track(p_name text) RETURNS void LANGUAGE sql AS $$
                  INSERT INTO analytics.events (name, props) VALUES (p_name, '{}');
                  INSERT INTO reporting.events (name) VALUES (p_name);
                $$;

                """,
        ]
        XCTAssertEqual(try places(files), ["database/001_init.sql:8:39 unknown-column"], "analytics.events has no props")
    }

    /// Migrations that lack most of the tables the bodies name describe no schema (made in the dashboard): silent.
    func testMigrationsThatLackMostTablesJudgeNothing() throws {
        let files = [
            "database/001_init.sql": Self.core + """
                CREATE FUNCTION public.a() RETURNS void LANGUAGE sql AS $$ DELETE FROM public.orders; DELETE FROM public.carts $$;
                CREATE FUNCTION public.b() RETURNS void LANGUAGE sql AS $$ DELETE FROM public.payments; DELETE FROM public.deals $$;

                """,
        ]
        XCTAssertEqual(try findings(files), [])
        // The check can fail: with two missing of four, the migrations are the schema.
        XCTAssertEqual(try places(["database/001_init.sql": Self.core + """
            CREATE FUNCTION public.a() RETURNS void LANGUAGE sql AS $$ DELETE FROM public.orders; DELETE FROM public.venues $$;
            CREATE FUNCTION public.b() RETURNS void LANGUAGE sql AS $$ DELETE FROM public.carts; DELETE FROM public.deals $$;

            """]).count, 2)
    }

    /// A body no other rule reads is read for its names all the same (its SQL statements only), and reads the same
    /// whether or not another rule reads it.
    func testABodyNoOtherRuleReadsIsJudgedAlike() throws {
        let files = ["database/001_init.sql": Self.core + """
            CREATE FUNCTION public.f(p_deal bigint) RETURNS void LANGUAGE plpgsql AS $$
            DECLARE n int;
            BEGIN
              n := (SELECT count(*) FROM public.dealz);
              IF n > 0 THEN
                UPDATE public.deals SET titel = 'x' WHERE id = p_deal;
              END IF;
              FOR n IN SELECT d.idd FROM public.deals d LOOP END LOOP;
            END $$;

            """]
        let registryRelevance = try findings(files)
        XCTAssertEqual(registryRelevance.count, 2, registryRelevance.joined(separator: "\n"))
        XCTAssertEqual(try findings(files, relevance: .all), registryRelevance, "an assignment's subquery is judged by neither")
    }

    func testQualifierPositions() {
        let bytes = Array("x m . \"Paid\".col y".utf8)
        XCTAssertEqual(BodyNameReader.skipQualifiers(2, in: bytes, from: 2), 13)
        XCTAssertEqual(BodyNameReader.skipQualifiers(1, in: bytes, from: 0), 0, "no dot after the first name: unchanged")
        XCTAssertEqual(BodyNameReader.find("col", in: Array("(a_col, col)".utf8), from: 0), 8)
    }
}
