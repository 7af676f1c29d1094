import ContractsCore
@testable import ContractsSQL
import Foundation
import XCTest

/// `db-function-drift` shows how a body differs: a unified diff of the bodies normalised (layout and comments
/// gone, quoted text kept as written), capped, with hidden characters escaped.
final class FunctionBodyDiffTests: XCTestCase {
    private let written = """
        CREATE FUNCTION public.notify(p_id bigint) RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
          -- one row per message
          INSERT INTO public.notifications (id, type) VALUES (p_id, 'message');
        END;
        $$;
        """

    func testTheDiffShowsTheChangedStatementAndNotTheLayout() throws {
        let live = """
            CREATE OR REPLACE FUNCTION public.notify(p_id bigint)
             RETURNS void
             LANGUAGE plpgsql
            AS $function$
            BEGIN
                /* changed by hand */
                INSERT INTO public.notifications (id, type)   VALUES (p_id + 1, 'message');
            END;
            $function$
            """
        XCTAssertEqual(FunctionBodyDiff.render(written: written, live: live, path: "database/001_init.sql"), """
            --- body in database/001_init.sql (normalised)
            +++ body in the live database (normalised)
            @@ -1,3 +1,3 @@
             BEGIN
            -INSERT INTO public.notifications (id, type) VALUES (p_id, 'message');
            +INSERT INTO public.notifications (id, type) VALUES (p_id + 1, 'message');
             END;
            """)
    }

    /// Decoy: bodies that differ only in indentation, spacing, blank lines, comments and dollar tags give no diff.
    func testLayoutAndCommentsAloneGiveNoDiff() {
        let live = written.replacingOccurrences(of: "  -- one row per message\n", with: "/* a\n  nested /* comment */ */\n\n")
            .replacingOccurrences(of: "VALUES (p_id,", with: "\tVALUES  (p_id,   ")
            .replacingOccurrences(of: "  INSERT", with: "      INSERT")
            .replacingOccurrences(of: "$$", with: "$body$")
        XCTAssertNil(FunctionBodyDiff.render(written: written, live: live, path: "a.sql"))
    }

    /// What sits inside quotes is kept as written (its spaces, a `--` that is not a comment), and a positional
    /// parameter is not a dollar quote.
    func testQuotedTextIsKeptAsWritten() {
        XCTAssertEqual(FunctionBodyDiff.normalised("""
            SELECT 'a  --  b', "odd  name", $q$ x  -- y $q$, $1   + 2;  -- gone
            SELECT E'it\\'s  --', 'don''t  /* keep */';
            """), [
            "SELECT 'a  --  b', \"odd  name\", $q$ x  -- y $q$, $1 + 2;",
            "SELECT E'it\\'s  --', 'don''t  /* keep */';",
        ])
    }

    /// A long diff stops after `maximumLines` hunk lines with a count of the rest; a long line is cut.
    func testTheDiffIsCapped() throws {
        func function(_ statements: [String]) -> String {
            "CREATE FUNCTION f() RETURNS void LANGUAGE plpgsql AS $$\nBEGIN\n" + statements.joined(separator: "\n") + "\nEND $$;"
        }
        let old = (1...60).map { "PERFORM \($0);" }
        let new = (1...60).map { "PERFORM \($0 * 100);" }
        let diff = try XCTUnwrap(FunctionBodyDiff.render(written: function(old), live: function(new), path: "a.sql"))
        let lines = diff.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 2 + FunctionBodyDiff.maximumLines + 1)
        XCTAssertEqual(lines.last, "… 93 more lines of the diff")
        let long = try XCTUnwrap(FunctionBodyDiff.render(written: function(["PERFORM 1;"]),
                                                         live: function(["PERFORM '" + String(repeating: "x", count: 500) + "';"]),
                                                         path: "a.sql"))
        let longest = long.split(separator: "\n").map(\.count).max() ?? 0
        XCTAssertEqual(longest, FunctionBodyDiff.maximumLineLength)
        XCTAssertTrue(long.contains("xxx…\n") || long.hasSuffix("xxx…"), long)
    }

    /// Control and bidirectional characters in a body (a string literal with ESC, U+202E) are shown escaped.
    func testHiddenCharactersAreShownEscaped() throws {
        let live = written.replacingOccurrences(of: "'message'", with: "'mess\u{1B}[2J\u{202E}age'")
        let diff = try XCTUnwrap(FunctionBodyDiff.render(written: written, live: live, path: "a.sql"))
        XCTAssertTrue(diff.contains("+INSERT INTO public.notifications (id, type) VALUES (p_id, 'mess\\u{1B}[2J\\u{202E}age');"), diff)
        XCTAssertFalse(diff.unicodeScalars.contains { $0 != "\n" && HiddenScalars.mustEscape($0) }, diff)
    }

    /// An SQL-standard body (`BEGIN ATOMIC`) has no body string: it is read from `BEGIN ATOMIC` on.
    func testAnSQLStandardBodyIsReadFromBeginAtomic() {
        let body = FunctionBodyDiff.body(of: "CREATE FUNCTION f() RETURNS int LANGUAGE sql BEGIN ATOMIC SELECT 1; END;")
        XCTAssertEqual(body, "BEGIN ATOMIC SELECT 1; END;")
    }
}
