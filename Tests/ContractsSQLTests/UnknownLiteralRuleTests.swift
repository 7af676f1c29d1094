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
}
