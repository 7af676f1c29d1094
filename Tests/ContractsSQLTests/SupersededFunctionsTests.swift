import ContractsCore
@testable import ContractsSQL
import ContractsTestSupport
import Foundation
import XCTest

/// Leaving the bodies of replaced function definitions unread (`SupersededFunctions`) changes nothing any rule
/// reports: on every fixture app and on seeded random histories full of redefinitions (a replaced body that writes
/// an unregistered type, one that does not compile, a replacement that does not parse, drops and re-creations), the
/// findings and every fact of a definition still live are the full parse's; a replaced body's syntax error is still
/// reported; a memo filled while a body was replaced answers right after the replacement is edited away.
final class SupersededFunctionsTests: XCTestCase {
    private static let fixtureApps: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("ContractsCheckTests/Fixtures")

    /// Loads `context` with and without the skip and asserts they agree; returns how many bodies were skipped.
    @discardableResult
    private func assertSameAsFullParse(_ context: CheckContext, _ label: String, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let skipping = try SQLAnalysis.load(context, relevance: nil)
        let full = try SQLAnalysis.load(context, relevance: nil, shortcuts: false)
        XCTAssertEqual(skipping.findings, full.findings, label, file: file, line: line)
        XCTAssertEqual(skipping.effectiveConstraint, full.effectiveConstraint, label, file: file, line: line)
        XCTAssertEqual(skipping.unregisteredWrites.map { "\($0.value)@\($0.location)" },
                       full.unregisteredWrites.map { "\($0.value)@\($0.location)" }, label, file: file, line: line)
        let lhs = skipping.facts.history.facts, rhs = full.facts.history.facts
        XCTAssertEqual(lhs.count, rhs.count, label, file: file, line: line)
        var skipped = 0
        for (a, b) in zip(lhs, rhs) {
            XCTAssertFalse(b.functions.contains(where: \.bodySkipped), "\(label): the full parse skips nothing", file: file, line: line)
            // The same facts, once what a skipped body would have yielded is left out of the full parse's too.
            var expected = b
            XCTAssertEqual(a.functions.count, b.functions.count, "\(label) \(a.path)", file: file, line: line)
            for (i, function) in a.functions.enumerated() where function.bodySkipped && i < expected.functions.count {
                skipped += 1
                // (An RPC's returned objects are whatever the statement alone says: no rule reads a replaced RPC's.)
                expected.functions[i] = FunctionFacts(name: function.name, language: function.language, location: function.location,
                                                      literals: [], triggerLiterals: nil, pushBuilds: [],
                                                      returned: expected.functions[i].returned == nil ? nil : function.returned)
                expected.functions[i].bodySkipped = true
            }
            XCTAssertEqual(a, expected, "\(label) \(a.path)", file: file, line: line)
        }
        XCTAssertFalse(skipping.facts.live.values.contains { $0.function.bodySkipped }, "\(label): a live body is always read",
                       file: file, line: line)
        // The trees agree too, but for the skipped bodies.
        for (a, b) in zip(skipping.facts.history.migrations, full.facts.history.migrations) {
            XCTAssertEqual(a.statements, b.statements, label, file: file, line: line)
            XCTAssertEqual(a.syntaxErrors, b.syntaxErrors, label, file: file, line: line)
            XCTAssertEqual(a.unparsed, b.unparsed, label, file: file, line: line)
            XCTAssertEqual(a.functions.map(\.body), zip(a.functions, b.functions).map { $0.bodySkipped ? [] : $1.body }, label,
                           file: file, line: line)
            XCTAssertEqual(a.functions.map(\.statementText), b.functions.map(\.statementText), label, file: file, line: line)
        }
        return skipped
    }

    func testEveryFixtureAppFindsTheSameWithReplacedBodiesUnread() throws {
        let apps = try FileManager.default.contentsOfDirectory(atPath: Self.fixtureApps.path).sorted()
            .filter { FileManager.default.fileExists(atPath: Self.fixtureApps.appendingPathComponent("\($0)/registry.yaml").path) }
        XCTAssertGreaterThanOrEqual(apps.count, 6)
        var skipped = 0
        for app in apps {
            let root = Self.fixtureApps.appendingPathComponent(app)
            let text = try String(contentsOf: root.appendingPathComponent("registry.yaml"), encoding: .utf8)
            let registry = try RegistryLoader.load(text: text, file: "registry.yaml")
            skipped += try assertSameAsFullParse(CheckContext(registry: registry, tree: DiskTree(root: root)), app)
        }
        XCTAssertGreaterThan(skipped, 0, "some fixture app redefines a function, or this test compares nothing")
    }

    func testSeededRandomHistoriesFindTheSameWithReplacedBodiesUnread() throws {
        var skipped = 0
        for seed in 1 ... 12 {
            var generator = SeededRandom(seed: UInt64(seed))
            let files = RedefinitionHistory.make(&generator, count: 14)
            let context = SQLTestRegistry.context(files, values: ["message", "ride_update", "review", "other"],
                                                  emitters: [FunctionEmitter(function: "create_notification", argument: 2,
                                                                             location: SQLTestRegistry.here)],
                                                  retired: ["legacy_alert"])
            skipped += try assertSameAsFullParse(context, "seed \(seed)")
        }
        XCTAssertGreaterThan(skipped, 20)
    }

    /// A replaced body that writes an unregistered type is not drift (the rules read live definitions); one that
    /// does not compile is still a syntax error at its place; a replacement that does not parse replaces nothing.
    func testReplacedBodiesKeepTheirSyntaxErrorsAndOnlyLiveBodiesReport() throws {
        let files = [
            "database/001_init.sql": """
                CREATE TABLE public.notifications (id bigint, type text NOT NULL,
                  CONSTRAINT valid_notification_type CHECK (type IN ('message', 'other')));
                CREATE FUNCTION public.notify() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                  INSERT INTO public.notifications (id, type) VALUES (1, 'old_kind');
                  RETURN NEW;
                END;
                $$;
                CREATE FUNCTION public.broken() RETURNS void LANGUAGE plpgsql AS $$
                BEGIN
                  INSERT INTO public.notifications (id, type) VALUES (1, 'message')
                  RETURN;
                END;
                $$;
                CREATE FUNCTION public.kept() RETURNS void LANGUAGE plpgsql AS $$
                BEGIN
                  INSERT INTO public.notifications (id, type) VALUES (2, 'kept_kind');
                END;
                $$;

                """,
            "database/002_again.sql": """
                CREATE OR REPLACE FUNCTION public.notify() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                  INSERT INTO public.notifications (id, type) VALUES (1, 'message');
                  RETURN NEW;
                END;
                $$;
                CREATE OR REPLACE FUNCTION public.broken() RETURNS void LANGUAGE plpgsql AS $$
                BEGIN
                  INSERT INTO public.notifications (id, type) VALUES (1, 'other');
                END;
                $$;
                -- Does not parse (a stray word after the body): replaces nothing, so 001's `kept` stays live.
                CREATE OR REPLACE FUNCTION public.kept() RETURNS void LANGUAGE plpgsql AS $$
                BEGIN
                  NULL;
                END;
                $$ STRAY;

                """,
        ]
        let context = SQLTestRegistry.context(files)
        try assertSameAsFullParse(context, "hand-made")
        let analysis = try SQLAnalysis.load(context)
        let functions = analysis.facts.history.facts[0].functions
        XCTAssertEqual(functions.map(\.bodySkipped), [false, false, false], "the scan's guess about `kept` was checked, and 001 read in full")
        XCTAssertEqual(analysis.unregisteredWrites.map(\.value), ["kept_kind"])
        XCTAssertEqual(analysis.syntaxErrors.filter { $0.location.file == "database/001_init.sql" }.count, 1,
                       "\(analysis.syntaxErrors.map(\.location))")
        // Without the stray word 002 replaces all three, and the body that does not compile is still reported.
        var replacing = files
        replacing["database/002_again.sql"] = files["database/002_again.sql"]!.replacingOccurrences(of: "$$ STRAY;", with: "$$;")
        let replaced = try SQLAnalysis.load(SQLTestRegistry.context(replacing))
        XCTAssertEqual(replaced.facts.history.facts[0].functions.map(\.bodySkipped), [true, true, true])
        XCTAssertEqual(replaced.unregisteredWrites.map(\.value), [])
        XCTAssertEqual(replaced.syntaxErrors.filter { $0.location.file == "database/001_init.sql" }.map(\.location),
                       analysis.syntaxErrors.filter { $0.location.file == "database/001_init.sql" }.map(\.location))
        try assertSameAsFullParse(SQLTestRegistry.context(replacing), "hand-made, replaced")
    }

    /// A memo filled while 002 replaced 001's function: after 002 is edited so that it no longer does, 001's
    /// remembered facts (its body unread) are parsed again, and the finding in it is reported.
    func testAMemoFilledWhileABodyWasReplacedAnswersRightAfterTheReplacementGoes() throws {
        let first = """
            CREATE TABLE public.notifications (id bigint, type text NOT NULL,
              CONSTRAINT valid_notification_type CHECK (type IN ('message', 'other')));
            CREATE FUNCTION public.notify() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              INSERT INTO public.notifications (id, type) VALUES (1, 'old_kind');
              RETURN NEW;
            END;
            $$;

            """
        let replacing = """
            CREATE OR REPLACE FUNCTION public.notify() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              RETURN NEW;
            END;
            $$;

            """
        let memo = ContentMemo.inMemory()
        let registry = SQLTestRegistry.make(values: ["message", "other"])
        let before = ["database/001_init.sql": first, "database/002_replace.sql": replacing]
        let filled = try SQLAnalysis.load(CheckContext(registry: registry, tree: MemoryTree(text: before), memo: memo))
        XCTAssertEqual(filled.unregisteredWrites.map(\.value), [])
        XCTAssertEqual(filled.facts.history.facts[0].functions.map(\.bodySkipped), [true])
        let after = ["database/001_init.sql": first, "database/002_replace.sql": "-- nothing any more\n"]
        let served = try SQLAnalysis.load(CheckContext(registry: registry, tree: MemoryTree(text: after), memo: memo))
        let plain = try SQLAnalysis.load(CheckContext(registry: registry, tree: MemoryTree(text: after)), relevance: nil, shortcuts: false)
        XCTAssertEqual(served.unregisteredWrites.map(\.value), ["old_kind"])
        XCTAssertEqual(served.findings, plain.findings)
        XCTAssertEqual(served.facts.history.facts, plain.facts.history.facts)
        // And remembered so: a third run is served the full facts.
        let again = try SQLAnalysis.load(CheckContext(registry: registry, tree: MemoryTree(text: after), memo: memo))
        XCTAssertEqual(again.findings, plain.findings)
        XCTAssertEqual(again.facts.history.facts, plain.facts.history.facts)
    }

    /// A replaced body whose PL/pgSQL tree nests too deep to decode is reported as a read of it would report it;
    /// the depth is measured without decoding, at the decoder's own limit.
    func testAReplacedBodyTooDeepToDecodeIsReportedAsWhenRead() throws {
        let nested = String(repeating: "IF x THEN\n", count: 400) + "INSERT INTO public.notifications (type) VALUES ('message');\n"
            + String(repeating: "END IF;\n", count: 400)
        let deep = "CREATE FUNCTION public.deep(x boolean) RETURNS void LANGUAGE plpgsql AS $$\nBEGIN\n\(nested)END;\n$$;\n"
        let files = [
            "database/001_deep.sql": deep,
            "database/002_again.sql": deep.replacingOccurrences(of: "CREATE FUNCTION", with: "CREATE OR REPLACE FUNCTION"),
        ]
        let context = SQLTestRegistry.context(files)
        try assertSameAsFullParse(context, "deep")
        let analysis = try SQLAnalysis.load(context)
        XCTAssertEqual(analysis.facts.history.facts[0].functions.map(\.bodySkipped), [true])
        XCTAssertEqual(analysis.syntaxErrors.map(\.location.file), ["database/001_deep.sql", "database/002_again.sql"])
        // A body no rule would read is not decoded either way: no such complaint.
        let quiet = files.mapValues { $0.replacingOccurrences(of: "public.notifications (type) VALUES ('message')", with: "audit (note) VALUES ('x')") }
        try assertSameAsFullParse(SQLTestRegistry.context(quiet), "deep, unread")
        XCTAssertEqual(try SQLAnalysis.load(SQLTestRegistry.context(quiet)).syntaxErrors, [])
        for depth in [PgJSONDecoder.depthLimit - 1, PgJSONDecoder.depthLimit, PgJSONDecoder.depthLimit + 1] {
            var json = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            json.withUTF8 { XCTAssertEqual(PgJSONDecoder.decodes($0), PgJSONDecoder.decode($0) != nil, "depth \(depth)") }
        }
        for text in ["{\"a\": [1, \"b\\\"\"]} ", "[1, 2", "[1] 2", "{\"a\": [}"] {
            var json = text
            json.withUTF8 { XCTAssertEqual(PgJSONDecoder.decodes($0), PgJSONDecoder.decode($0) != nil, text) }
        }
    }

    func testTheScanFindsTopLevelDefinitionsOnly() {
        let sql = #"""
            -- CREATE FUNCTION public.in_comment() ...
            /* CREATE FUNCTION /* nested */ public.in_block_comment() */
            SELECT 'CREATE FUNCTION public.in_string()', E'it\'s CREATE FUNCTION public.in_escape_string()';
            CREATE OR REPLACE FUNCTION Public.Notify_All(p text) RETURNS void LANGUAGE plpgsql AS $body$
            BEGIN
              EXECUTE 'CREATE FUNCTION public.in_execute() RETURNS int AS $$ SELECT 1 $$ LANGUAGE sql';
              -- $$ is not the end of this body
            END;
            $body$;
            create function "Quoted"."Name"() returns int language sql as $$ select 1 $$;
            CREATE
              OR REPLACE /* a comment */ PROCEDURE archive ( ) LANGUAGE sql AS $$ SELECT 1 $$;
            DO $$ BEGIN CREATE FUNCTION public.in_do() RETURNS int AS 'SELECT 1' LANGUAGE sql; END $$;
            CREATE TABLE create_function_log (function text);
            CREATE FUNCTION public.unterminated() RETURNS int AS $$ SELECT 1
            """#
        var text = sql
        let names = text.withUTF8 { SupersededFunctions.definitions(in: $0) }
        XCTAssertEqual(names, ["public.notify_all", "quoted.name", "public.archive", "public.unterminated"])
    }

    func testReplacedCountsFollowReplayOrder() {
        let counts = SupersededFunctions.superseded([["public.f", "public.g", "public.f"], ["public.g"], ["public.h"], ["public.f"]])
        XCTAssertEqual(counts, [["public.f": 2, "public.g": 1], [:], [:], [:]])
    }
}


/// Random migration histories whose functions are redefined again and again: notification triggers, RPCs and
/// helpers that write, compare and hand on types (some unregistered or retired), drops and re-creations, CHECK
/// constraints redefined, triggers on the table, bodies that do not compile and definitions that do not parse.
enum RedefinitionHistory {
    static let names = ["create_notification", "notify_ride", "notify_review", "badge_counts", "relay", "cleanup"]
    static let types = ["message", "ride_update", "review", "other", "mesage", "legacy_alert", "ride_cancelled"]

    static func make(_ rng: inout SeededRandom, count: Int) -> [String: String] {
        var files: [String: String] = [:]
        files["database/001_init.sql"] = """
            CREATE TABLE public.notifications (id bigint, user_id uuid, type text NOT NULL, title text,
              CONSTRAINT valid_notification_type CHECK (type IN ('message', 'ride_update', 'review', 'other')));

            """
        for n in 2 ... count {
            var parts: [String] = []
            for _ in 0 ..< Int.random(in: 1 ... 3, using: &rng) {
                let name = names.randomElement(using: &rng)!
                switch Int.random(in: 0 ..< 10, using: &rng) {
                case 0: parts.append("DROP FUNCTION IF EXISTS public.\(name);\n")
                case 1: parts.append(definition(name, &rng, broken: .body))
                case 2: parts.append(definition(name, &rng, broken: .statement))
                default: parts.append(definition(name, &rng, broken: nil))
                }
            }
            if Bool.random(using: &rng) {
                let kind = types.randomElement(using: &rng)!
                parts.append("INSERT INTO public.notifications (id, type) VALUES (\(n), '\(kind)');\n")
            }
            if Int.random(in: 0 ..< 4, using: &rng) == 0 {
                let kept = types.filter { _ in Bool.random(using: &rng) }
                parts.append("""
                    ALTER TABLE public.notifications DROP CONSTRAINT IF EXISTS valid_notification_type;
                    ALTER TABLE public.notifications ADD CONSTRAINT valid_notification_type CHECK (type IN (\(kept.map { "'\($0)'" }.joined(separator: ", "))));

                    """)
            }
            if Int.random(in: 0 ..< 5, using: &rng) == 0 {
                let name = names.randomElement(using: &rng)!
                parts.append("CREATE TRIGGER t_\(n) AFTER INSERT ON public.notifications FOR EACH ROW EXECUTE FUNCTION public.\(name)();\n")
            }
            files[String(format: "database/%03d_step.sql", n)] = parts.joined(separator: "\n")
        }
        return files
    }

    enum Broken { case body, statement }

    static func definition(_ name: String, _ rng: inout SeededRandom, broken: Broken?) -> String {
        var lines: [String] = []
        for _ in 0 ..< Int.random(in: 2 ... 6, using: &rng) {
            let kind = types.randomElement(using: &rng)!
            switch Int.random(in: 0 ..< 6, using: &rng) {
            case 0: lines.append("  INSERT INTO public.notifications (user_id, type, title) VALUES (p_user, '\(kind)', 'hi');")
            case 1: lines.append("  INSERT INTO public.notifications (user_id, type, title) VALUES (p_user, p_kind, 'relayed');")
            case 2: lines.append("  PERFORM public.create_notification(p_user, '\(kind)', 'hello');")
            case 3: lines.append("  PERFORM public.relay(p_user, '\(kind)');")
            case 4: lines.append("  IF NEW.type = '\(kind)' THEN\n    NEW.type := '\(types.randomElement(using: &rng)!)';\n  END IF;")
            default: lines.append("  UPDATE public.notifications SET title = 'seen' WHERE type = '\(kind)';")
            }
        }
        if broken == .body { lines.insert("  INSERT INTO public.notifications (type) VALUES ('x')", at: 0) }  // no `;`
        if Int.random(in: 0 ..< 4, using: &rng) == 0 {
            // A `LANGUAGE sql` body: plain statements (one that does not parse when broken).
            let kind = types.randomElement(using: &rng)!
            return """
                CREATE OR REPLACE FUNCTION public.\(name)(p_user uuid DEFAULT NULL, p_kind text DEFAULT NULL) RETURNS void LANGUAGE sql AS $$
                  INSERT INTO public.notifications (user_id, type, title) VALUES (p_user, '\(kind)', 'sql');
                  INSERT INTO public.notifications (user_id, type, title) VALUES (p_user, p_kind, 'sql')\(broken == .body ? " WHERE" : "");
                $$\(broken == .statement ? " STRAY" : "");

                """
        }
        return """
            CREATE OR REPLACE FUNCTION public.\(name)(p_user uuid DEFAULT NULL, p_kind text DEFAULT NULL) RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
            \(lines.joined(separator: "\n"))
              RETURN NEW;
            END;
            $$\(broken == .statement ? " STRAY" : "");

            """
    }
}
