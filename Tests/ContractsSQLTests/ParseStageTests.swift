import ContractsCore
@testable import ContractsSQL
import XCTest

/// The parse stage: statements keep exact file positions, through DO blocks and function bodies.
final class ParseStageTests: XCTestCase {
    /// The location of the first occurrence of `needle` in `text` (1-based, UTF-8 columns).
    func location(of needle: String, in text: String, file: String = "m.sql", after: String? = nil) -> SourceLocation {
        var searchStart = text.startIndex
        if let after, let range = text.range(of: after) { searchStart = range.upperBound }
        let range = text.range(of: needle, range: searchStart ..< text.endIndex)!
        return LineMap(text).location(ofByte: text.utf8.distance(from: text.startIndex, to: range.lowerBound), in: file)
    }

    func literals(_ text: String, values: [String] = ["message"]) -> [TypeLiteral] {
        let parsed = MigrationParser.parse(text: text, path: "m.sql", folder: "database")
        let reader = TypeLiteralReader(target: TargetColumn(SQLTestRegistry.make(values: values).notificationTypes!.sql!),
                                       emitters: ["create_notification": 2], triggerFunctions: ["public.trg"])
        return parsed.statements.flatMap { reader.literals(in: $0, source: parsed.source) }
            + parsed.functions.flatMap { f in f.body.flatMap { reader.literals(in: $0, source: parsed.source) } }
    }

    func testStatementsStartAtTheirFirstTokenNotAfterThePreviousSemicolon() {
        let text = "SELECT 1;\n\n-- comment\n  /* block */ ALTER TABLE notifications DROP CONSTRAINT x;"
        let parsed = MigrationParser.parse(text: text, path: "m.sql", folder: "database")
        XCTAssertEqual(parsed.statements.map(\.kind), ["SelectStmt", "AlterTableStmt"])
        XCTAssertEqual(parsed.source.location(parsed.statements[1].start, parsed.statements[1].map),
                       location(of: "ALTER", in: text))
    }

    func testSyntaxErrorReportsPostgresMessageAtItsPositionCountingCharactersNotBytes() {
        let text = "-- «é» accents before the error\nSELECT id FRM notifications;\n"
        let parsed = MigrationParser.parse(text: text, path: "m.sql", folder: "database")
        XCTAssertEqual(parsed.syntaxErrors, [SQLSyntaxError(location: location(of: "notifications", in: text),
                                                            message: "syntax error at or near \"notifications\"")])
        XCTAssertTrue(parsed.statements.isEmpty)
    }

    /// PL/pgSQL gives no position, only "near line N" of the body (the line PostgreSQL itself names).
    func testBrokenPLpgSQLBodyIsASyntaxErrorOnTheLinePostgresNames() {
        let text = "CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS $$\nBEGIN\n    IF true THEN\n    RETURN 1;\nEND;\n$$;"
        let parsed = MigrationParser.parse(text: text, path: "m.sql", folder: "database")
        XCTAssertEqual(parsed.syntaxErrors.count, 1)
        XCTAssertEqual(parsed.syntaxErrors.first?.location, SourceLocation(file: "m.sql", line: 4, column: 5))
        XCTAssertTrue(parsed.syntaxErrors.first?.message.contains("syntax error") ?? false)
    }

    func testLiteralInsideDollarQuotedFunctionBodyKeepsItsFileLocation() {
        let text = """
        CREATE OR REPLACE FUNCTION public.f(p uuid) RETURNS void LANGUAGE plpgsql AS $body$
        DECLARE v int;
        BEGIN
          IF EXISTS (SELECT 1 FROM notifications n WHERE n.type IN ('message', 'bogus_one')) THEN
            PERFORM create_notification(p, 'bogus_two', 'x');
          END IF;
          SELECT count(*) INTO v FROM notifications WHERE type = 'bogus_three';
          UPDATE notifications SET type = 'bogus_four' WHERE id = p;
        END;
        $body$;
        """
        let found = literals(text)
        XCTAssertEqual(found.map(\.value), ["message", "bogus_one", "bogus_two", "bogus_three", "bogus_four"])
        for literal in found {
            XCTAssertEqual(literal.location, location(of: "'\(literal.value)'", in: text), literal.value)
        }
    }

    func testLiteralInsideSingleQuotedBodyWithDoubledQuotesKeepsItsFileLocation() {
        let text = "CREATE FUNCTION g() RETURNS bigint LANGUAGE sql AS\n"
            + "'SELECT count(*) FROM notifications WHERE title <> ''it''''s'' AND type = ''bogus''';"
        let found = literals(text)
        XCTAssertEqual(found.map(\.value), ["bogus"])
        XCTAssertEqual(found.first?.location, location(of: "''bogus''", in: text))
    }

    func testDoBlockStatementsAreReadWithTheirGuardAndLocation() {
        let text = """
        DO $$ BEGIN
          IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conname = 'valid_notification_type') THEN
            ALTER TABLE notifications ADD CONSTRAINT valid_notification_type CHECK (type IN ('message'));
          END IF;
        END $$;
        """
        let parsed = MigrationParser.parse(text: text, path: "m.sql", folder: "database")
        let alter = parsed.statements.first { $0.kind == "AlterTableStmt" }
        XCTAssertEqual(alter?.origin, .doBlock)
        XCTAssertEqual(alter?.guardCondition, .absent("valid_notification_type"))
        let events = ConstraintEventReader.events(
            in: alter!, target: TargetColumn(SQLTestRegistry.make(values: []).notificationTypes!.sql!),
            constraintName: "valid_notification_type", source: parsed.source, folder: "database")
        XCTAssertEqual(events.first?.location, location(of: "CONSTRAINT", in: text))
    }

    func testFunctionDefinitionsAreNamedWithSchemaAndLanguage() {
        let text = "CREATE FUNCTION a() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$;\n"
            + "CREATE OR REPLACE FUNCTION Private.B() RETURNS int LANGUAGE plpgsql AS $$ BEGIN RETURN 1; END $$;"
        let parsed = MigrationParser.parse(text: text, path: "m.sql", folder: "database")
        XCTAssertEqual(parsed.functions.map(\.name), ["public.a", "private.b"])
        XCTAssertEqual(parsed.functions.map(\.language), ["sql", "plpgsql"])
        XCTAssertEqual(parsed.functions.last?.location, location(of: "CREATE OR REPLACE", in: text))
    }
}
