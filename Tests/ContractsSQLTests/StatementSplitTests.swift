import ContractsCore
@testable import ContractsSQL
import XCTest

/// A migration PostgreSQL cannot parse is split with its scanner: the broken statement is a `sql-syntax-error`
/// at its own line and column, every other statement is replayed, and only a broken statement that names the
/// table, the constraint or the ENUM type makes the value set unknown (`sql-constraint-unknown`).
final class StatementSplitTests: XCTestCase {
    /// An RLS fix that PostgreSQL 15 rejects (`SET (row_security = off)` is not function syntax), about something else.
    let unrelatedBroken = """
        -- Old RLS fix, applied long ago; nobody may edit it.
        CREATE TABLE profiles (id uuid PRIMARY KEY, note text DEFAULT 'a;b');
        ALTER FUNCTION public.is_admin() SET (row_security = off);
        ALTER TABLE notifications ADD CONSTRAINT valid_notification_type CHECK (type IN ('message', 'other', 'extra'));
        CREATE FUNCTION later() RETURNS int LANGUAGE sql AS $$ SELECT 1; SELECT 2 $$;
        """

    func context(_ files: [String: String], values: [String] = ["message", "other"]) -> CheckContext {
        SQLTestRegistry.context(files, values: values)
    }

    func testBrokenStatementIsReportedAtItsPlaceAndTheOthersReplay() throws {
        let files = ["database/001_init.sql": "CREATE TABLE notifications (id int, type text);\n",
                     "database/002_rls.sql": unrelatedBroken]
        let findings = try SQLSourceCheck.findings(in: context(files))
        XCTAssertEqual(findings.filter { $0.ruleID == Rule.sqlSyntaxError.id }.map(\.location.description),
                       ["database/002_rls.sql:3:38"])
        // The ADD CONSTRAINT after the broken statement was replayed: 'extra' is drift.
        let drift = findings.filter { $0.ruleID == Rule.sqlConstraintDrift.id }
        XCTAssertEqual(drift.map(\.message), [
            "CHECK constraint valid_notification_type on public.notifications.type differs from the registry: not registered 'extra'",
        ])
        XCTAssertEqual(drift.first?.location.description, "database/002_rls.sql:4:31")
        XCTAssertEqual(findings.filter { $0.ruleID == Rule.sqlConstraintUnknown.id }, [], "the broken statement is about a function")
        let analysis = try SQLAnalysis.load(context(files))
        XCTAssertNil(analysis.valueSetUnknown)
        XCTAssertEqual(analysis.effectiveConstraint?.values, ["message", "other", "extra"])
    }

    func testStringsWithSemicolonsAndFunctionBodiesSplitWhole() throws {
        let parsed = MigrationParser.parse(text: unrelatedBroken, path: "m.sql", folder: "database")
        XCTAssertEqual(parsed.statements.filter { $0.origin == .topLevel }.map(\.kind),
                       ["CreateStmt", "AlterTableStmt", "CreateFunctionStmt"])
        XCTAssertEqual(parsed.functions.map(\.name), ["public.later"])
        XCTAssertEqual(parsed.unparsed.map(\.location.description), ["m.sql:3:1"])
    }

    func testBrokenStatementNamingTheTableMakesTheSetUnknownInOneFinding() throws {
        let files = [
            "database/001_init.sql": "CREATE TABLE notifications (id int, type text CONSTRAINT valid_notification_type CHECK (type IN ('message')));\n",
            "database/002_broken.sql": """
                ALTER TABLE public.notifications DROP CONSTRAINT valid_notification_type,
                    ADD CONSTRAINT valid_notification_type CHECK (type IN ('message', 'other')) NOT VALIDATED;
                SELECT 1;
                """,
            "database/003_also.sql": "UPDATE \"notifications\" SET type = 'message' WHERE;\n",
        ]
        let findings = try SQLSourceCheck.findings(in: context(files))
        let unknown = findings.filter { $0.ruleID == Rule.sqlConstraintUnknown.id }
        XCTAssertEqual(unknown.count, 1)
        XCTAssertEqual(unknown.first?.location.description, "database/002_broken.sql:1:1")
        XCTAssertEqual(unknown.first?.related.map(\.description), ["database/003_also.sql:1:1"])
        XCTAssertEqual(unknown.first?.severity, .warning)
        XCTAssertEqual(findings.filter { $0.ruleID == Rule.sqlConstraintDrift.id }, [],
                       "the replayed set misses 'other', but the broken statement may have added it: no guess")
        XCTAssertEqual(findings.filter { $0.ruleID == Rule.sqlSyntaxError.id }.count, 2)
        XCTAssertNotNil(try SQLAnalysis.load(context(files)).valueSetUnknown)
    }

    /// A file left out whole (a NUL byte, a lexer-limit run) is judged like a broken statement: by its text.
    func testAFileLeftOutWholeMakesTheSetUnknownOnlyWhenItNamesTheTable() throws {
        let base = ["database/001_init.sql": "CREATE TABLE notifications (id int, type text CHECK (type IN ('message', 'other')));\n"]
        let nulOnTable = "SELECT 1;\u{0}\nALTER TABLE public.notifications DROP CONSTRAINT notifications_type_check;\n"
        let nulElsewhere = "SELECT 1;\u{0}\nALTER TABLE public.profiles DROP COLUMN note;\n"
        let runOnTable = "-- notifications\nSELECT 1 " + String(repeating: "/*", count: 6000) + String(repeating: "*/", count: 6000) + ";\n"
        for (text, unknown) in [(nulOnTable, true), (nulElsewhere, false), (runOnTable, true)] {
            let analysis = try SQLAnalysis.load(context(base.merging(["database/002_odd.sql": text]) { $1 }))
            XCTAssertEqual(analysis.valueSetUnknown != nil, unknown, String(text.prefix(60)))
            XCTAssertEqual(analysis.findings.filter { $0.ruleID == Rule.sqlSyntaxError.id }.count, 1)
        }
    }

    func testALaterMigrationThatRestatesTheConstraintMakesTheSetKnownAgain() throws {
        let broken = "ALTER TABLE public.notifications ADD CONSTRAINT x CHECK (type IN ('a')) NOT VALIDATED;\n"
        let restate = """
            ALTER TABLE public.notifications DROP CONSTRAINT IF EXISTS valid_notification_type;
            ALTER TABLE public.notifications ADD CONSTRAINT valid_notification_type CHECK (type IN ('message', 'extra'));
            """
        let before = ["database/001_init.sql": "CREATE TABLE notifications (id int, type text);\n", "database/002_broken.sql": broken]
        XCTAssertNotNil(try SQLAnalysis.load(context(before)).valueSetUnknown)
        let after = before.merging(["database/003_restate.sql": restate]) { $1 }
        let analysis = try SQLAnalysis.load(context(after))
        XCTAssertNil(analysis.valueSetUnknown)
        XCTAssertEqual(analysis.findings.filter { $0.ruleID == Rule.sqlConstraintDrift.id }.map(\.location.description),
                       ["database/003_restate.sql:2:38"], "drift is judged again from the restated constraint")
        // A restatement before the broken statement does not help.
        let earlier = ["database/001_init.sql": "CREATE TABLE notifications (id int, type text);\n" + restate, "database/002_broken.sql": broken]
        XCTAssertNotNil(try SQLAnalysis.load(context(earlier)).valueSetUnknown)
    }

    func testSeveralBrokenStatementsAfterMultibyteTextAreEachReportedAndSkipped() {
        let text = """
            -- Café «menu» 🍽 notes
            CREATE TABLE a (note text DEFAULT 'naïve');
            SELECT id FRM a;
            CREATE TABLE b (id int);
            ALTER FUNCTION f() SET (row_security = off);
            CREATE TABLE c (id int);
            """
        let parsed = MigrationParser.parse(text: text, path: "m.sql", folder: "database")
        XCTAssertEqual(parsed.statements.map(\.kind), ["CreateStmt", "CreateStmt", "CreateStmt"])
        XCTAssertEqual(parsed.syntaxErrors.map(\.location.description), ["m.sql:3:15", "m.sql:5:24"])
        XCTAssertEqual(parsed.unparsed.map(\.location.description), ["m.sql:3:1", "m.sql:5:1"])
        XCTAssertEqual(parsed.unparsed.map(\.text), ["SELECT id FRM a", "ALTER FUNCTION f() SET (row_security = off)"])
    }

    func testNamesCountOnlyAsWholeIdentifiers() {
        let target = SQLTestRegistry.make(values: []).notificationTypes!.sql!
        XCTAssertTrue(ValueSetReach.couldTouch("ALTER TABLE public.notifications FOO", target))
        XCTAssertTrue(ValueSetReach.couldTouch("alter table x drop constraint VALID_NOTIFICATION_TYPE", target))
        XCTAssertFalse(ValueSetReach.couldTouch("ALTER TABLE notifications_log FOO", target))
        XCTAssertFalse(ValueSetReach.couldTouch("ALTER TABLE my_notifications FOO", target))
        var enumTarget = target
        enumTarget.enumType = SQLTypeName(schema: "public", name: "remote_match_status")
        XCTAssertTrue(ValueSetReach.couldTouch("ALTER TYPE remote_match_status ADD VALUE 'x' AFTER", enumTarget))
    }

    func testUnclosedParenthesisIsTheLastStatementAndAnUnterminatedStringTheWholeFile() {
        let unclosed = MigrationParser.parse(text: "-- x\nSELECT 1;\nCREATE INDEX i ON t USING gin (a gin_trgm_ops;\n",
                                             path: "m.sql", folder: "database")
        XCTAssertEqual(unclosed.statements.map(\.kind), ["SelectStmt"])
        XCTAssertEqual(unclosed.syntaxErrors.map(\.location.description), ["m.sql:3:46"])
        XCTAssertEqual(unclosed.unparsed.map(\.location.description), ["m.sql:3:1"])
        let open = MigrationParser.parse(text: "-- x\nSELECT 1;\nSELECT 'open string;\n", path: "m.sql", folder: "database")
        XCTAssertEqual(open.syntaxErrors.count, 1)
        XCTAssertEqual(open.unparsed.map(\.location.description), ["m.sql:2:1"])
    }
}
