import Foundation
import XCTest

/// `check --database-url` against a real PostgreSQL 15: a fixture app's migrations applied to a fresh database,
/// then the dashboard simulated, one change per test. Each change gives its finding and only it; the
/// untouched database gives none.
final class LiveDatabaseDriftTests: XCTestCase {
    private func carpool() throws -> LiveFixtureApp {
        try LiveFixtureApp.make("carpool-app-clean", folders: ["database", "supabase/migrations"], for: self)
    }

    func testUntouchedDatabasesGiveNoLiveFindings() throws {
        XCTAssertEqual(try carpool().liveFindings(), [])
        XCTAssertEqual(try LiveFixtureApp.make("match-app-clean", folders: ["supabase/migrations"], for: self).liveFindings(), [])
        XCTAssertEqual(try LiveFixtureApp.make("kinds-app-clean", folders: ["supabase/migrations"], for: self).liveFindings(), [])
    }

    /// `db-schema-drift`: what `supabase db diff` would show, read-only. A column added, retyped, made nullable and
    /// dropped in the dashboard, a table made there; decoys: an index, a comment, a row, an extension's objects, and
    /// a table in a schema no migration touches.
    func testColumnsAndTablesChangedInTheDashboardAreSchemaDrift() throws {
        let app = try carpool()
        try app.database.succeed("""
            CREATE INDEX event_reminders_remind_at ON public.event_reminders (remind_at);
            COMMENT ON TABLE public.event_reminders IS 'reminders';
            CREATE EXTENSION IF NOT EXISTS pgcrypto;
            CREATE SCHEMA analytics;
            CREATE TABLE analytics.page_views (id bigint);
            """)
        XCTAssertEqual(try app.liveFindings(), [], "the decoys")
        try app.database.succeed("""
            ALTER TABLE public.event_reminders ADD COLUMN snoozed_until timestamptz;
            ALTER TABLE public.event_reminders ALTER COLUMN event_title TYPE varchar(120);
            ALTER TABLE public.event_reminders ALTER COLUMN remind_at DROP NOT NULL;
            ALTER TABLE public.event_reminders DROP COLUMN sent;
            CREATE TABLE public.feature_flags (name text PRIMARY KEY, enabled boolean NOT NULL DEFAULT false);
            """)
        XCTAssertEqual(try app.liveMessages().filter { !$0.hasPrefix("Live function") }.sorted(), [
            "Column event_reminders.event_title is character varying(120) in the live database, text after the migrations",
            "Column event_reminders.remind_at is nullable in the live database, NOT NULL after the migrations",
            "Live table event_reminders has a column snoozed_until (timestamp with time zone) that no migration adds",
            "Live table event_reminders has no column sent, which the migrations add",
            "Live table feature_flags is created by no migration",
        ])
        XCTAssertEqual(try app.liveFindings().filter { $0.hasPrefix("db-schema-drift") }, [
            "db-schema-drift registry.yaml:84:5",
            "db-schema-drift supabase/migrations/20240410090000_event_reminders.sql:2:1",
            "db-schema-drift supabase/migrations/20240410090000_event_reminders.sql:5:5",
            "db-schema-drift supabase/migrations/20240410090000_event_reminders.sql:6:5",
            "db-schema-drift supabase/migrations/20240410090000_event_reminders.sql:7:5",
        ])
    }

    func testAFunctionBodyReplacedInTheDashboardIsFunctionDrift() throws {
        let app = try carpool()
        try app.database.succeed("""
            CREATE OR REPLACE FUNCTION public.notify_ride_claimed() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF NEW.status = 'claimed' AND OLD.status = 'open' THEN
                    PERFORM public.create_notification(NEW.driver_id, 'ride_claimed', 'A driver took your ride');
                END IF;
                RETURN NEW;
            END $$;
            """)
        XCTAssertEqual(try app.liveFindings(), ["db-function-drift database/001_init.sql:40:1"])
        let message = try XCTUnwrap(try app.liveMessages().first)
        XCTAssertTrue(message.contains("public.notify_ride_claimed") && message.contains("database/001_init.sql") && message.contains("body"),
                      message)
    }

    /// The finding shows how the body differs: a diff of the normalised bodies, so the dashboard's new comment,
    /// indentation and dollar quote (layout) do not appear in it, and the one changed statement does.
    func testTheFindingShowsHowTheBodyDiffers() throws {
        let app = try carpool()
        try app.database.succeed("""
            CREATE OR REPLACE FUNCTION public.notify_ride_claimed() RETURNS trigger LANGUAGE plpgsql AS $fn$
            BEGIN
              -- edited in the dashboard
              IF NEW.status = 'claimed' AND OLD.status = 'open' THEN
                  PERFORM public.create_notification(NEW.driver_id, 'ride_claimed', 'A driver took your ride');
              END IF;

              RETURN NEW;
            END $fn$;
            """)
        let message = try XCTUnwrap(try app.liveMessages().first)
        XCTAssertEqual(message, """
            Live function public.notify_ride_claimed differs from its last definition in database/001_init.sql: body
            --- body in database/001_init.sql (normalised)
            +++ body in the live database (normalised)
            @@ -1,5 +1,5 @@
             BEGIN
             IF NEW.status = 'claimed' AND OLD.status = 'open' THEN
            -PERFORM public.create_notification(NEW.driver_id, 'ride_claimed', 'Your ride was claimed');
            +PERFORM public.create_notification(NEW.driver_id, 'ride_claimed', 'A driver took your ride');
             END IF;
             RETURN NEW;
            """)
        // The text report lays the diff out under the finding.
        let text = try app.check(["--database-url", app.database.socketURL()]).stdout
        XCTAssertTrue(text.contains("""
                  -PERFORM public.create_notification(NEW.driver_id, 'ride_claimed', 'Your ride was claimed');
                  +PERFORM public.create_notification(NEW.driver_id, 'ride_claimed', 'A driver took your ride');
            """), text)
    }

    /// Only the header changed (`SECURITY DEFINER`): the parts say so, and there is no body diff to show.
    func testAHeaderOnlyChangeHasNoBodyDiff() throws {
        let app = try carpool()
        try app.database.succeed("ALTER FUNCTION public.notify_ride_claimed() SECURITY DEFINER;")
        XCTAssertEqual(try app.liveMessages(),
                       ["Live function public.notify_ride_claimed differs from its last definition in database/001_init.sql: options"])
    }

    /// Decoy: the same function re-created with other whitespace, comments and dollar quotes is no drift.
    func testAFunctionReformattedWithCommentsIsNotDrift() throws {
        let app = try carpool()
        try app.database.succeed("""
            create or replace function public.notify_town_hall_reply()
              returns trigger
              language plpgsql
            as $body$
            declare
                post_author uuid;   -- who wrote the post
            begin
                /* the post replied to */
                SELECT author_id INTO post_author
                  FROM public.town_hall_posts
                 WHERE id = NEW.parent_id;
                IF post_author IS NOT NULL AND post_author <> NEW.author_id THEN
                    PERFORM public.create_notification(post_author,
                        'town_hall_reply', 'Someone replied to your post');
                END IF;
                RETURN NEW;
            end
            $body$;
            """)
        XCTAssertEqual(try app.liveFindings(), [])
    }

    func testAnUnregisteredLiteralInALiveFunctionIsReported() throws {
        let app = try carpool()
        try app.database.succeed("""
            CREATE OR REPLACE FUNCTION public.notify_ride_claimed() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF NEW.status = 'claimed' AND OLD.status = 'open' THEN
                    PERFORM public.create_notification(NEW.driver_id, 'ride_taken', 'Your ride was claimed');
                END IF;
                RETURN NEW;
            END $$;
            """)
        XCTAssertEqual(try app.liveFindings(), ["db-function-drift database/001_init.sql:40:1",
                                                "db-unknown-literal database/001_init.sql:40:1"])
        XCTAssertTrue(try app.liveMessages().contains { $0.contains("'ride_taken'") && $0.contains("public.notify_ride_claimed") })
    }

    /// A function made in the dashboard, run by no trigger and defined by no migration, that inserts an
    /// unregistered type is reported; decoys: one that inserts a registered type, and one that reads the table but
    /// writes its literal to another table's `type`.
    func testADashboardFunctionThatInsertsAnUnregisteredTypeIsReported() throws {
        let app = try carpool()
        try app.database.succeed("""
            CREATE TABLE public.audit_events (type text, at timestamptz DEFAULT now());
            CREATE FUNCTION public.notify_ride_ok(p_user uuid) RETURNS void LANGUAGE sql AS $$
                INSERT INTO public.notifications (user_id, type, title) VALUES (p_user, 'ride_claimed', 'Claimed');
            $$;
            CREATE FUNCTION public.audit_unread(p_user uuid) RETURNS void LANGUAGE plpgsql AS $$
            BEGIN
                IF EXISTS (SELECT 1 FROM public.notifications WHERE user_id = p_user AND read_at IS NULL) THEN
                    INSERT INTO public.audit_events (type) VALUES ('unread_seen');
                END IF;
            END $$;
            """)
        // The table and the two functions are made in the dashboard, not by a migration (`db-schema-drift`, at the
        // registry's `migrations:`); neither function writes an unregistered type.
        let madeInTheDashboard = Array(repeating: "db-schema-drift registry.yaml:84:5", count: 3)
        XCTAssertEqual(try app.liveFindings(), madeInTheDashboard)
        try app.database.succeed("""
            CREATE FUNCTION public.broadcast_ride_notice(p_user uuid) RETURNS void LANGUAGE plpgsql AS $$
            BEGIN
                INSERT INTO public.notifications (user_id, type, title) VALUES (p_user, 'ride_notice', 'Heads up');
            END $$;
            """)
        XCTAssertEqual(try app.liveFindings(), madeInTheDashboard + ["db-schema-drift registry.yaml:84:5", "db-unknown-literal registry.yaml:12:8"])
        let message = try XCTUnwrap(try app.liveMessages().first { $0.contains("ride_notice") && !$0.contains("defined by no migration") })
        XCTAssertTrue(message.contains("public.broadcast_ride_notice") && message.contains("'ride_notice'")
                      && message.contains("no migration defines the function"), message)
    }

    func testAConstraintReAddedWithOneMoreValueIsConstraintDrift() throws {
        let app = try carpool()
        try app.database.succeed("""
            ALTER TABLE public.notifications DROP CONSTRAINT notifications_type_check;
            ALTER TABLE public.notifications ADD CONSTRAINT notifications_type_check CHECK (type IN (
                'ride_request', 'ride_claimed', 'favor_request', 'message', 'announcement',
                'town_hall_post', 'town_hall_reply', 'event_reminder', 'weekly_digest', 'carpool_offer'));
            """)
        XCTAssertEqual(try app.liveFindings(), ["db-constraint-drift supabase/migrations/20240301120000_town_hall.sql:10:38"])
        let message = try XCTUnwrap(try app.liveMessages().first)
        XCTAssertTrue(message.contains("notifications_type_check") && message.contains("'carpool_offer'"), message)
    }

    func testRowsHoldingAnUnregisteredTypeAreReported() throws {
        let app = try LiveFixtureApp.make("kinds-app-clean", folders: ["supabase/migrations"], for: self)
        // A retired kind in old rows is a decoy: `retired` says old rows may hold it.
        try app.database.succeed("""
            INSERT INTO public.notifications (user_id, kind) VALUES
              (gen_random_uuid(), 'general'), (gen_random_uuid(), 'weekly_summary'), (gen_random_uuid(), 'legacy_alert');
            """)
        XCTAssertEqual(try app.liveFindings(), ["db-unregistered-rows registry.yaml:7:3"])
        XCTAssertTrue(try app.liveMessages().first?.contains("'legacy_alert'") == true)
    }

    func testMigrationVersionsMissingFromOrUnknownToTheFilesAreReported() throws {
        let app = try carpool()
        try app.database.succeed("""
            DELETE FROM supabase_migrations.schema_migrations WHERE version = '20240410090000';
            INSERT INTO supabase_migrations.schema_migrations (version, name) VALUES ('20240501000000', 'hotfix');
            """)
        XCTAssertEqual(try app.liveFindings(), [
            "db-migration-not-applied supabase/migrations/20240410090000_event_reminders.sql:1:1",
            "db-migration-unknown registry.yaml:85:5",
        ])
    }

    func testAnEnumLabelAddedInTheDashboardIsConstraintDrift() throws {
        let app = try LiveFixtureApp.make("match-app-clean", folders: ["supabase/migrations"], for: self)
        try app.database.succeed("ALTER TYPE public.remote_match_status ADD VALUE 'spectating';")
        let findings = try app.liveFindings()
        XCTAssertEqual(findings.count, 1, "\(findings)")
        XCTAssertTrue(findings.first?.hasPrefix("db-constraint-drift supabase/migrations/") == true, "\(findings)")
        XCTAssertTrue(try app.liveMessages().first?.contains("'spectating'") == true)
    }

    /// A role that can only read (no write grant, `default_transaction_read_only`) passes everything: the check
    /// never writes, and still sees drift.
    func testARoleWithoutWriteRightsReadsEverything() throws {
        let app = try carpool()
        let role = "naars_reader_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(12)
        try app.database.succeed("""
            CREATE ROLE \(role) LOGIN;
            ALTER ROLE \(role) SET default_transaction_read_only = on;
            GRANT USAGE ON SCHEMA public, supabase_migrations TO \(role);
            GRANT SELECT ON ALL TABLES IN SCHEMA public, supabase_migrations TO \(role);
            """)
        addTeardownBlock { _ = try? app.database.run("DROP OWNED BY \(role); DROP ROLE IF EXISTS \(role);") }
        XCTAssertEqual(try app.liveFindings(url: app.database.socketURL(user: role)), [])
        try app.database.succeed("ALTER TABLE public.notifications DROP CONSTRAINT notifications_type_check;")
        XCTAssertEqual(try app.liveFindings(url: app.database.socketURL(user: role)),
                       ["db-constraint-drift supabase/migrations/20240301120000_town_hall.sql:10:38"])
    }
}
