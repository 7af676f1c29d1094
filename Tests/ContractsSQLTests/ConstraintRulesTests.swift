import ContractsCore
@testable import ContractsSQL
import XCTest

/// `sql-constraint-drift`, `sql-constraint-unreadable` and `migration-order-ambiguous`: triggering and
/// non-triggering examples.
final class ConstraintRulesTests: XCTestCase {
    func testDriftTriggers() {
        let findings = sqlFindings(.sqlConstraintDrift, """
            CREATE TABLE notifications (type text CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride')));
            """)
        XCTAssertEqual(findings.map(\.message), [
            "CHECK constraint valid_notification_type on public.notifications.type differs from the registry: missing 'other'; not registered 'ride'",
        ])
        XCTAssertEqual(findings.first?.location.description, "database/002_example.sql:1:39")
    }

    func testAFreeTextColumnWithoutConstraintIsNoDriftAndAppOnlyValuesAreNotExpected() throws {
        var registry = SQLTestRegistry.make(values: ["message", "other", "draft"])
        registry.notificationTypes!.values[2].scope = .app
        let check = "CREATE TABLE notifications (type text CONSTRAINT valid_notification_type CHECK (type IN ('message', 'other')));"
        let checked = try SQLSourceCheck.findings(in: CheckContext(registry: registry, tree: MemoryTree(text: ["database/001_a.sql": check])))
        XCTAssertEqual(checked, [], "'draft' is app-only: the database never holds it")
        registry.notificationTypes!.sql!.constraint = nil
        let free = try SQLSourceCheck.findings(in: CheckContext(registry: registry, tree: MemoryTree(text: [
            "database/001_a.sql": "CREATE TABLE notifications (type text);",
        ])))
        XCTAssertEqual(free, [], "a free-text column has no constraint to miss")
    }

    func testNoConstraintAtAllIsReportedAtTheRegistry() {
        let findings = sqlFindings(.sqlConstraintDrift, "CREATE TABLE notifications (type text);")
        XCTAssertEqual(findings.map(\.message), ["No CHECK constraint on public.notifications.type after replaying 1 migration(s) in database, supabase/migrations"])
        XCTAssertEqual(findings.first?.location, SourceLocation(file: "registry.yaml", line: 9, column: 3))
    }

    func testDriftDoesNotTriggerWhenTheSetsAgreeInAnyOrderAndSyntax() {
        XCTAssertEqual(sqlFindings(.sqlConstraintDrift, """
            ALTER TABLE notifications ADD CONSTRAINT valid_notification_type
                CHECK (type::text = ANY ((ARRAY['other'::character varying, 'message'::character varying])::text[]));
            """, before: "CREATE TABLE notifications (type varchar);"), [])
    }

    func testUnreadableActiveConstraintIsAWarningAtItsDefinition() {
        let findings = sqlFindings(.sqlConstraintUnreadable, """
            ALTER TABLE notifications ADD CONSTRAINT valid_notification_type CHECK (type ~ '^[a-z_]+$');
            """, before: "CREATE TABLE notifications (type text);")
        XCTAssertEqual(findings.map(\.location.description), ["database/002_example.sql:1:31"])
        XCTAssertEqual(findings.first?.severity, .warning)
        // An unreadable check dropped later is gone: nothing to say.
        XCTAssertEqual(sqlFindings(.sqlConstraintUnreadable, "ALTER TABLE notifications DROP CONSTRAINT valid_notification_type;",
                                   before: "CREATE TABLE notifications (type text CONSTRAINT valid_notification_type CHECK (length(type) < 9));"), [])
    }

    func testFunctionInOneFolderTwiceIsNotAmbiguous() {
        XCTAssertEqual(sqlFindings(.migrationOrderAmbiguous, """
            CREATE FUNCTION f() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;
            CREATE OR REPLACE FUNCTION f() RETURNS int LANGUAGE sql AS $$ SELECT 2 $$;
            """, before: "CREATE TABLE notifications (type text CHECK (type IN ('message', 'other')));"), [])
    }

    func testFunctionInTwoFoldersIsAmbiguousWithBothLocations() throws {
        let context = SQLTestRegistry.context([
            "database/001_f.sql": "CREATE FUNCTION f() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;",
            "supabase/migrations/20260101000000_f.sql": "\nCREATE OR REPLACE FUNCTION f() RETURNS int LANGUAGE sql AS $$ SELECT 2 $$;",
        ])
        let findings = try SQLSourceCheck.findings(in: context).filter { $0.ruleID == Rule.migrationOrderAmbiguous.id }
        XCTAssertEqual(findings.map(\.location.description), ["supabase/migrations/20260101000000_f.sql:2:1"])
        XCTAssertEqual(findings.first?.related.map(\.description), ["database/001_f.sql:1:1"])
        XCTAssertEqual(findings.first?.severity, .warning)
    }
}
