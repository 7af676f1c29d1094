import ContractsCore
@testable import ContractsSQL
import Foundation
import XCTest

/// Migrations shaped to make the SQL reader super-linear: nested comments, a PL/pgSQL body of thousands
/// of statements, a CHECK constraint of thousands of values. Each reads in time linear in its size, or is
/// reported. Ratios compare sizes 16 times apart (linear: about 16 times the time, quadratic: 256).
final class SQLSizeScalingTests: XCTestCase {
    /// The fastest of three runs, so one busy moment of a shared machine does not decide a ratio.
    private func seconds(_ body: () -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best
    }

    private func assertLinear(_ name: String, small: Int, _ body: (Int) -> Void,
                              file: StaticString = #filePath, line: UInt = #line) {
        let a = seconds { body(small) }
        let b = seconds { body(small * 16) }
        XCTAssertLessThan(b / max(a, 1e-4), 64, "\(name): \(small) → \(a) s, \(small * 16) → \(b) s", file: file, line: line)
    }

    func testALongRunOfCommentMarkersIsReportedNotLexed() {
        // PostgreSQL's lexer is quadratic on it: 20,000 `/*` then 20,000 `*/` took 2.9 s, 100,000 over 45 s.
        let text = "SELECT 1;\n" + String(repeating: "/*", count: 20_000) + String(repeating: "*/", count: 20_000) + "\n"
        let parsed = MigrationParser.parse(text: text, path: "database/001_x.sql", folder: "database")
        XCTAssertEqual(parsed.syntaxErrors.map(\.location), [SourceLocation(file: "database/001_x.sql", line: 2, column: 1)])
        XCTAssertTrue(parsed.syntaxErrors.first?.message.contains("quadratic") == true)
        XCTAssertTrue(parsed.statements.isEmpty)
        let findings = sqlFindings(.sqlSyntaxError, text)
        XCTAssertEqual(findings.map(\.location.line), [2])
    }

    func testBannersAndNestedCommentsOfUsualLengthStillParse() {
        // Decoys: a long `-- ====` banner, a nested comment, operators; nothing near the limit.
        let text = "-- " + String(repeating: "=", count: 5_000) + "\n/* a /* nested */ comment */\n"
            + "SELECT 1 + -2 >= 3, 'x' || '" + String(repeating: "-", count: 9_000) + "';\n"
        let parsed = MigrationParser.parse(text: text, path: "m.sql", folder: "database")
        XCTAssertEqual(parsed.syntaxErrors, [])
        XCTAssertEqual(parsed.statements.map(\.kind), ["SelectStmt"])
        XCTAssertNil(SQLLexerLimit.offsetOfLongOperatorRun(in: Array(String(repeating: "-", count: 10_000).utf8)))
        XCTAssertEqual(SQLLexerLimit.offsetOfLongOperatorRun(in: Array(("ab" + String(repeating: "-", count: 10_001)).utf8)), 2)
    }

    /// Many runs, each within the limit, are bounded together: 300 runs of 9,998 (3 MB) took minutes before.
    func testManyRunsWithinTheLimitAreBoundedTogether() {
        let run = String(repeating: "-", count: 9_998)
        let line = "SELECT 1, '" + run + "';\n"
        let text = String(repeating: line, count: 300)
        let started = Date()
        let parsed = MigrationParser.parse(text: text, path: "m.sql", folder: "database")
        XCTAssertLessThan(Date().timeIntervalSince(started), 10)
        XCTAssertEqual(parsed.syntaxErrors.map(\.location.line), [5], "the fifth run takes the file past four runs' work")
        XCTAssertTrue(parsed.syntaxErrors.first?.message.contains("takes the file's runs past") == true)
        XCTAssertTrue(parsed.statements.isEmpty)
        // Decoy: four such runs are read as before.
        let four = MigrationParser.parse(text: String(repeating: line, count: 4), path: "m.sql", folder: "database")
        XCTAssertEqual(four.syntaxErrors, [])
        XCTAssertEqual(four.unparsed.count, 0)
    }

    /// Left-nested expressions of thousands of terms nest PostgreSQL's parse tree as deep: a statement that names
    /// the table is reported and not read (walking it overflowed the stack); one that does not is stepped over.
    func testAnExpressionOfThousandsOfTermsIsReportedNotACrash() {
        let sum = Array(repeating: "1", count: 20_000).joined(separator: " + ")
        let concat = Array(repeating: "'a'", count: 30_000).joined(separator: " || ")
        for text in ["UPDATE public.notifications SET type = 'message' WHERE id = \(sum);\n",
                     "SELECT 1;\nINSERT INTO public.notifications (type) VALUES (\(concat));\n"] {
            let parsed = MigrationParser.parse(text: text, path: "m.sql", folder: "database")
            XCTAssertEqual(parsed.syntaxErrors.count, 1, "\(parsed.syntaxErrors)")
            XCTAssertTrue(parsed.syntaxErrors.first?.message.contains("levels deep in PostgreSQL's parse tree") == true)
            XCTAssertEqual(parsed.syntaxErrors.first?.location.line, text.hasPrefix("SELECT") ? 2 : 1)
            XCTAssertEqual(parsed.unparsed.count, 1)
        }
        // Decoy: as check reads a migration (by relevance), the same expression in a statement that does not name
        // the table is stepped over, and not reported.
        let relevance = BodyRelevance(SQLTestRegistry.make(values: ["message"]))
        let other = MigrationParser.parse(text: "SELECT \(sum);\n", path: "m.sql", folder: "database", relevance: relevance)
        XCTAssertEqual(other.syntaxErrors, [])
        let named = MigrationParser.parse(text: "UPDATE public.notifications SET type = 'message' WHERE id = \(sum);\n",
                                          path: "m.sql", folder: "database", relevance: relevance)
        XCTAssertEqual(named.syntaxErrors.count, 1)
        // In a function body, read with the body's own parse: reported, not a crash.
        let function = "CREATE FUNCTION f() RETURNS void LANGUAGE sql AS $$ UPDATE public.notifications SET type = 'message' "
            + "WHERE id = \(sum) $$;\n"
        let body = MigrationParser.parse(text: function, path: "m.sql", folder: "database")
        XCTAssertFalse(body.syntaxErrors.isEmpty)
    }

    /// A DO block assigning `count` literals, the last one compared with the type column.
    private func doBlock(_ count: Int) -> String {
        "DO $$\nDECLARE x int;\nBEGIN\n" + (0..<count).map { "  x := \($0);\n" }.joined()
            + "  PERFORM 1 FROM public.notifications n WHERE n.type = 'lost';\nEND $$;\n"
    }

    func testAPLpgSQLBodyOfManyStatementsReadsInLinearTime() {
        // Quadratic before: each statement searched for its line from the body's start (20,000 took 9.5 s).
        assertLinear("PL/pgSQL statements", small: 250) { count in
            _ = MigrationParser.parse(text: doBlock(count), path: "m.sql", folder: "database")
        }
    }

    func testStatementsOfALongBodyKeepTheirPlaces() {
        let text = doBlock(3_000)
        let found = sqlFindings(.sqlUnknownLiteral, text)
        XCTAssertEqual(found.map { [$0.location.line, $0.location.column] }, [[3_004, 56]])
        // Several expressions on one line are each found where they are, not at the first.
        let oneLine = "DO $$\nDECLARE x text;\nBEGIN\n  x := 'a'; x := 'b'; PERFORM 1 FROM public.notifications n WHERE n.type = 'lost';\nEND $$;\n"
        XCTAssertEqual(sqlFindings(.sqlUnknownLiteral, oneLine).map { [$0.location.line, $0.location.column] }, [[4, 76]])
    }

    /// A table whose CHECK constraint lists `count` values.
    private func inList(_ count: Int) -> String {
        "CREATE TABLE public.notifications (type text);\n"
            + "ALTER TABLE public.notifications ADD CONSTRAINT valid_notification_type CHECK (type IN ("
            + (0..<count).map { "'v\($0)'" }.joined(separator: ", ") + ", 'v0'));\n"
    }

    func testAConstraintOfManyValuesReadsInLinearTime() {
        // Quadratic before: values deduplicated and compared list against list (100,000 took 16 s in check).
        assertLinear("IN list", small: 500) { count in
            _ = sqlFindings(.sqlConstraintDrift, inList(count))
        }
    }

    func testAConstraintOfManyValuesStillReportsItsDrift() {
        let found = sqlFindings(.sqlConstraintDrift, inList(3), values: ["v0", "v1", "v9"])
        XCTAssertEqual(found.map(\.message),
                       ["CHECK constraint valid_notification_type on public.notifications.type differs from the registry: missing 'v9'; not registered 'v2'"])
    }
}
