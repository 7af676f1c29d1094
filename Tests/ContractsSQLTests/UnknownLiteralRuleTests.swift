import ContractsCore
@testable import ContractsSQL
import XCTest

/// `sql-unknown-literal`: triggering and non-triggering examples.
final class UnknownLiteralRuleTests: XCTestCase {
    let table = "CREATE TABLE notifications (id int, user_id int, type text, title text);\n"
        + "CREATE TABLE requests (id int, type text);\n"

    func flagged(_ sql: String) -> [String] {
        sqlFindings(.sqlUnknownLiteral, sql, before: table).map { $0.message.components(separatedBy: "'")[1] }
    }

    func testTriggering() {
        XCTAssertEqual(flagged("SELECT * FROM notifications WHERE type IN ('message', 'bogus');"), ["bogus"])
        XCTAssertEqual(flagged("SELECT * FROM public.notifications n WHERE n.type = 'bogus';"), ["bogus"])
        XCTAssertEqual(flagged("SELECT * FROM notifications n WHERE 'bogus' <> n.type;"), ["bogus"])
        XCTAssertEqual(flagged("SELECT * FROM notifications WHERE type = ANY (ARRAY['bogus']);"), ["bogus"])
        XCTAssertEqual(flagged("INSERT INTO notifications (user_id, type, title) VALUES (1, 'bogus', 'message'), (2, 'other', 'x');"), ["bogus"])
        XCTAssertEqual(flagged("INSERT INTO notifications (type) SELECT 'bogus' FROM requests;"), ["bogus"])
        XCTAssertEqual(flagged("UPDATE notifications SET type = 'bogus' WHERE id = 1;"), ["bogus"])
        XCTAssertEqual(flagged("SELECT CASE type WHEN 'bogus' THEN 1 END FROM notifications;"), ["bogus"])
        XCTAssertEqual(flagged("SELECT public.create_notification(1, 'bogus', 'title');"), ["bogus"])
        XCTAssertEqual(flagged("""
            CREATE FUNCTION t() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF NEW.type = 'bogus' THEN NEW.type := 'bogus_two'; END IF;
                RETURN NEW;
            END $$;
            CREATE TRIGGER t BEFORE INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION t();
            """), ["bogus", "bogus_two"])
        XCTAssertEqual(flagged("""
            CREATE FUNCTION t() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;
            CREATE TRIGGER t AFTER INSERT ON notifications FOR EACH ROW WHEN (NEW.type = 'bogus') EXECUTE FUNCTION t();
            """), ["bogus"])
        XCTAssertEqual(flagged("""
            CREATE FUNCTION f() RETURNS bigint LANGUAGE sql BEGIN ATOMIC
                SELECT count(*) FROM notifications WHERE type = 'bogus';
            END;
            """), ["bogus"])
    }

    func testNonTriggering() {
        XCTAssertEqual(flagged("SELECT * FROM requests r WHERE r.type = 'ride';"), [])
        XCTAssertEqual(flagged("SELECT * FROM requests WHERE type = 'ride' AND EXISTS (SELECT 1 FROM notifications n WHERE n.type = 'message');"), [])
        XCTAssertEqual(flagged("SELECT 'ride' AS kind, title FROM notifications WHERE title = 'ride';"), [])
        XCTAssertEqual(flagged("SELECT public.create_notification(1, 'message', 'ride');"), [])
        XCTAssertEqual(flagged("ALTER TABLE notifications ADD CONSTRAINT c CHECK (type IN ('not_a_literal_finding'));"), [])
        XCTAssertEqual(flagged("""
            CREATE FUNCTION t() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN IF NEW.type = 'ride' THEN RETURN NULL; END IF; RETURN NEW; END $$;
            CREATE TRIGGER t BEFORE INSERT ON requests FOR EACH ROW EXECUTE FUNCTION t();
            """), [])
        // Superseded and dropped functions are not live code.
        XCTAssertEqual(flagged("""
            CREATE FUNCTION f() RETURNS bigint LANGUAGE sql AS $$ SELECT count(*) FROM notifications WHERE type = 'old' $$;
            CREATE OR REPLACE FUNCTION f() RETURNS bigint LANGUAGE sql AS $$ SELECT count(*) FROM notifications WHERE type = 'message' $$;
            CREATE FUNCTION g() RETURNS bigint LANGUAGE sql AS $$ SELECT count(*) FROM notifications WHERE type = 'gone' $$;
            DROP FUNCTION g();
            """), [])
    }

    // MARK: - The column as apps wrap it

    func testWrappedColumnTriggering() {
        XCTAssertEqual(flagged("SELECT * FROM notifications WHERE coalesce(type, '') IN ('message', 'bogus');"), ["bogus"])
        XCTAssertEqual(flagged("SELECT * FROM notifications n WHERE lower(n.type) = 'bogus';"), ["bogus"])
        XCTAssertEqual(flagged("SELECT * FROM notifications WHERE trim(type) = 'bogus';"), ["bogus"])
        XCTAssertEqual(flagged("SELECT * FROM notifications WHERE lower(trim(type::text)) <> 'bogus';"), ["bogus"])
        XCTAssertEqual(flagged("SELECT * FROM notifications WHERE type::text = 'bogus'::text;"), ["bogus"])
        XCTAssertEqual(flagged("SELECT * FROM notifications WHERE nullif(type, '') = 'bogus';"), ["bogus"])
        XCTAssertEqual(flagged("SELECT * FROM notifications WHERE type IS DISTINCT FROM 'bogus';"), ["bogus"])
        XCTAssertEqual(flagged("SELECT * FROM notifications WHERE type IS NOT DISTINCT FROM 'bogus';"), ["bogus"])
        XCTAssertEqual(flagged("SELECT CASE WHEN type = 'bogus' THEN 1 ELSE 0 END FROM notifications;"), ["bogus"])
        XCTAssertEqual(flagged("SELECT CASE lower(type) WHEN 'message' THEN 1 WHEN 'bogus' THEN 2 END FROM notifications;"), ["bogus"])
        XCTAssertEqual(flagged("SELECT * FROM notifications WHERE type <> ALL (ARRAY['message', 'bogus']);"), ["bogus"])
        XCTAssertEqual(flagged("SELECT * FROM notifications WHERE type = ANY ('{message,bogus}'::text[]);"), ["bogus"])
        XCTAssertEqual(flagged("SELECT * FROM notifications WHERE type NOT IN ('bogus');"), ["bogus"])
        // Only ANY/ALL take a text literal for an array.
        XCTAssertEqual(flagged("SELECT * FROM notifications WHERE type = '{bogus,other}';"), ["{bogus,other}"])
        XCTAssertEqual(flagged("""
            CREATE FUNCTION t() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF coalesce(new.type, '') IN ('message', 'bogus') OR lower(OLD.type) = 'bogus_old' THEN RETURN NEW; END IF;
                RETURN NULL;
            END $$;
            CREATE TRIGGER t BEFORE UPDATE ON notifications FOR EACH ROW EXECUTE FUNCTION t();
            """), ["bogus", "bogus_old"])
        // A PL/pgSQL CASE statement on the column.
        XCTAssertEqual(flagged("""
            CREATE FUNCTION t() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                CASE lower(NEW.type)
                    WHEN 'message', 'bogus' THEN NEW.title := 'x';
                    WHEN 'bogus_two' THEN NULL;
                    ELSE NULL;
                END CASE;
                RETURN NEW;
            END $$;
            CREATE TRIGGER t BEFORE INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION t();
            """), ["bogus", "bogus_two"])
        // An upsert's DO UPDATE SET.
        XCTAssertEqual(flagged("INSERT INTO notifications (id, type) VALUES (1, 'message') ON CONFLICT (id) DO UPDATE SET type = 'bogus', title = 'ride';"), ["bogus"])
        // Written values: each branch of a CASE or coalesce.
        XCTAssertEqual(flagged("INSERT INTO notifications (type) VALUES (coalesce(NULL, 'bogus'));"), ["bogus"])
        XCTAssertEqual(flagged("UPDATE notifications SET type = CASE WHEN id = 1 THEN 'message' ELSE 'bogus' END;"), ["bogus"])
    }

    func testWrappedColumnNonTriggering() {
        // The '' default of coalesce is not a type, nor is an empty-string guard.
        XCTAssertEqual(flagged("SELECT * FROM notifications WHERE coalesce(type, '') IN ('message', 'other');"), [])
        XCTAssertEqual(flagged("SELECT * FROM notifications WHERE coalesce(type, '') <> '';"), [])
        // A coalesce, lower or CASE on another column is not the type column.
        XCTAssertEqual(flagged("SELECT * FROM notifications WHERE coalesce(title, 'untitled') = 'ride';"), [])
        XCTAssertEqual(flagged("SELECT * FROM notifications WHERE lower(title) = 'ride' AND type IS DISTINCT FROM 'message';"), [])
        XCTAssertEqual(flagged("SELECT CASE title WHEN 'ride' THEN 1 END, CASE WHEN title = 'x' THEN 2 END FROM notifications;"), [])
        XCTAssertEqual(flagged("SELECT * FROM notifications WHERE coalesce(NULL, type) = 'ride';"), [])
        XCTAssertEqual(flagged("SELECT * FROM requests WHERE lower(type) = 'ride' AND type <> ALL ('{ride,favor}');"), [])
        XCTAssertEqual(flagged("UPDATE notifications SET title = coalesce(title, 'ride') WHERE type = 'message';"), [])
        // A PL/pgSQL CASE statement on another column.
        XCTAssertEqual(flagged("""
            CREATE FUNCTION t() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                CASE NEW.title WHEN 'ride', 'favor' THEN NULL; ELSE NULL; END CASE;
                RETURN NEW;
            END $$;
            CREATE TRIGGER t BEFORE INSERT ON notifications FOR EACH ROW EXECUTE FUNCTION t();
            """), [])
        // NEW.type outside a trigger on the table is not the column.
        XCTAssertEqual(flagged("""
            CREATE FUNCTION t() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN IF coalesce(NEW.type, '') = 'ride' THEN RETURN NULL; END IF; RETURN NEW; END $$;
            CREATE TRIGGER t BEFORE INSERT ON requests FOR EACH ROW EXECUTE FUNCTION t();
            """), [])
    }

    // MARK: - Retired values

    func retiredMessages(_ sql: String, later: String? = nil) -> [String] {
        sqlFindings(.sqlUnknownLiteral, sql, before: table, retired: ["legacy"], later: later).map(\.message)
    }

    func testWritingARetiredValueIsDrift() {
        let retired = "is a retired notification type: old rows may hold it, but nothing may write it again"
        XCTAssertEqual(retiredMessages("INSERT INTO notifications (user_id, type) VALUES (1, 'legacy');"),
                       ["'legacy' (inserted into notifications.type) \(retired)"])
        XCTAssertEqual(retiredMessages("UPDATE notifications SET type = 'legacy' WHERE type = 'message';"),
                       ["'legacy' (assigned to notifications.type) \(retired)"])
        XCTAssertEqual(retiredMessages("SELECT public.create_notification(1, 'legacy', 't');"),
                       ["'legacy' (argument 2 of create_notification) \(retired)"])
        // A live function writes it whenever it runs, whatever migrations cleaned up.
        XCTAssertEqual(retiredMessages("""
            CREATE FUNCTION f() RETURNS void LANGUAGE plpgsql AS $$
            BEGIN INSERT INTO notifications (user_id, type) VALUES (1, 'legacy'); END $$;
            """, later: "DELETE FROM notifications WHERE type = 'legacy';").count, 1)
        // A migration after the last cleanup writes it again.
        XCTAssertEqual(retiredMessages("DELETE FROM notifications WHERE type = 'legacy';",
                                       later: "INSERT INTO notifications (user_id, type) VALUES (1, 'legacy');").count, 1)
    }

    func testReadingOrCleaningUpARetiredValueIsNot() {
        XCTAssertEqual(retiredMessages("SELECT count(*) FROM notifications WHERE type = 'legacy';"), [])
        XCTAssertEqual(retiredMessages("UPDATE notifications SET type = 'message' WHERE type = 'legacy';"), [])
        XCTAssertEqual(retiredMessages("DELETE FROM notifications WHERE coalesce(type, '') IN ('legacy');"), [])
        XCTAssertEqual(retiredMessages("UPDATE notifications SET type = CASE type WHEN 'legacy' THEN 'message' ELSE type END;"), [])
        // The migration that wrote it before a later one cleaned it up is history.
        XCTAssertEqual(retiredMessages("INSERT INTO notifications (user_id, type) VALUES (1, 'legacy');",
                                       later: "UPDATE notifications SET type = 'message' WHERE type = 'legacy';"), [])
        // Superseded functions are not live.
        XCTAssertEqual(retiredMessages("""
            CREATE FUNCTION f() RETURNS void LANGUAGE sql AS $$ INSERT INTO notifications (type) VALUES ('legacy') $$;
            CREATE OR REPLACE FUNCTION f() RETURNS void LANGUAGE sql AS $$ INSERT INTO notifications (type) VALUES ('message') $$;
            """), [])
    }
}
