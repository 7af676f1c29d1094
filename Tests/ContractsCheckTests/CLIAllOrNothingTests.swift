import Foundation
import XCTest

/// On exit 2 nothing is written: every target is judged first, then everything is written in one step.
final class CLIAllOrNothingTests: XCTestCase {
    private func repoRegistry() throws -> String {
        try String(contentsOf: CLIHarness.repoRoot.appendingPathComponent("registry.yaml"), encoding: .utf8)
    }

    func testGenerateWritesNothingWhenTheSchemaBesideTheRegistryIsAFolder() throws {
        let root = try CLIHarness.project(["registry.yaml": try repoRegistry(), "database/.keep": "",
                                           "registry.schema.json/.keep": ""])
        let before = CLIHarness.snapshot(root)
        let result = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertEqual(result.stderr, "registry.schema.json:1:1: error: is a folder, but generate writes a file there; move the folder away\n")
        XCTAssertEqual(result.stdout, "")
        CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root))
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("generated").path))
    }

    func testGenerateWritesTheSchemaWithTheGeneratedFiles() throws {
        // Decoy: with nothing in the way, the schema is written (and said) in the same run as the generated files.
        let root = try CLIHarness.project(["registry.yaml": try repoRegistry(), "database/.keep": ""])
        let result = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.hasSuffix("wrote registry.schema.json\n"), result.stdout)
        XCTAssertEqual(result.stdout.components(separatedBy: "wrote registry.schema.json").count, 2, result.stdout)
        let again = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(again.stdout, "", "a second run writes nothing")
    }

    func testMigrationsHashWritesNoSumWhenALaterFolderLinksOutOfTheProject() throws {
        let outside = try CLIHarness.project(["20240101000000_x.sql": "SELECT 1;\n"])
        let root = try CLIHarness.project(["registry.yaml": try repoRegistry(), "database/001_init.sql": "SELECT 1;\n"])
        try FileManager.default.createDirectory(at: root.appendingPathComponent("supabase"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("supabase/migrations"), withDestinationURL: outside)
        let before = CLIHarness.snapshot(root), outsideBefore = CLIHarness.snapshot(outside)
        let result = try CLIHarness.run(["migrations", "hash"], in: root)
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.hasPrefix("supabase/migrations/migrations.sum:1:1: error: supabase/migrations resolves to "), result.stderr)
        XCTAssertEqual(result.stdout, "")
        CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root))
        CLIHarness.assertSameSnapshot(outsideBefore, CLIHarness.snapshot(outside))
        // Decoy: the first folder alone is written.
        let one = try CLIHarness.run(["migrations", "hash", "--dir", "database"], in: root)
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertEqual(one.stdout, "wrote database/migrations.sum (1 migrations)\n")
    }

    func testInitWritesNoRegistryWhenTheSchemaCannotBeWritten() throws {
        let files = [
            "db/migrations/001_alerts.sql": """
                CREATE TABLE alerts (id int, category text NOT NULL DEFAULT 'info' CHECK (category IN ('info', 'warning')));
                """,
            "App/Alerts.swift": """
                enum AlertCategory: String { case info, warning }
                """,
        ]
        let root = try CLIHarness.project(files.merging(["registry.schema.json/.keep": ""]) { $1 })
        let before = CLIHarness.snapshot(root)
        let result = try CLIHarness.run(["init"], in: root)
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertEqual(result.stderr, "registry.schema.json:1:1: error: is a folder, but generate writes a file there; move the folder away\n")
        CLIHarness.assertSameSnapshot(before, CLIHarness.snapshot(root))
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("registry.yaml").path))
        // Decoy: the same app without the folder gets both files.
        let clean = try CLIHarness.project(files)
        XCTAssertEqual(try CLIHarness.run(["init"], in: clean).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: clean.appendingPathComponent("registry.yaml").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: clean.appendingPathComponent("registry.schema.json").path))
    }
}

/// A file name is data: a newline in it must not end a `# file:line` comment of the registry `init` writes, and
/// a bidi control in it must not reach the terminal raw.
final class InitHostileFileNameTests: XCTestCase {
    func testANewlineOrBidiControlInAFileNameNeverReachesTheRegistryOrTheTerminal() throws {
        let hostileTS = "supabase/functions/x\n  typescript_type: Pwned #.ts"
        let hostileSwift = "App/Alert\u{202E}tfiws.Category.swift"
        let root = try CLIHarness.project([
            "db/migrations/001_alerts.sql": """
                CREATE TABLE alerts (id int, category text NOT NULL DEFAULT 'info' CHECK (category IN ('info', 'warning')));
                """,
            "App/Alerts.swift": "enum AlertCategory: String { case info, warning }\n",
            hostileSwift: "enum OtherCategory: String { case info, warning, error }\n",
            hostileTS: "export const ALERT_CATEGORIES = { Info: 'info', Warning: 'warning' } as const;\n",
        ])
        let result = try CLIHarness.run(["init"], in: root)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let registry = try String(contentsOf: root.appendingPathComponent("registry.yaml"), encoding: .utf8)
        XCTAssertFalse(registry.contains("Pwned"), registry)
        XCTAssertFalse(registry.contains("\u{202E}"), registry)
        XCTAssertFalse((result.stdout + result.stderr).contains("\u{202E}"))
        XCTAssertTrue(result.stdout.contains("  left out     App/Alert\\u{202E}tfiws.Category.swift (its name holds a control, "
            + "line-separator or bidi character: rename it)"), result.stdout)
        XCTAssertTrue(result.stdout.contains("  left out     supabase/functions/x\\u{A}  typescript_type: Pwned #.ts"), result.stdout)
        // The registry loads, and what generate writes names no Pwned type.
        let generated = try CLIHarness.run(["generate"], in: root)
        XCTAssertEqual(generated.status, 0, generated.stderr)
        let check = try CLIHarness.run(["check", "--no-cache"], in: root)
        XCTAssertNotEqual(check.status, 2, check.stderr)
        let walker = FileManager.default.enumerator(atPath: root.path)
        while let path = walker?.nextObject() as? String {
            guard path.hasSuffix(".ts"), !path.contains("\n") else { continue }
            XCTAssertFalse(try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8).contains("Pwned"), path)
        }
    }

    func testAnOrdinaryNameIsReadAsBefore() throws {
        // Decoy: the same const in a file with an ordinary name is found and named in the registry.
        let root = try CLIHarness.project([
            "db/migrations/001_alerts.sql": """
                CREATE TABLE alerts (id int, category text NOT NULL DEFAULT 'info' CHECK (category IN ('info', 'warning')));
                """,
            "App/Alerts.swift": "enum AlertCategory: String { case info, warning }\n",
            "supabase/functions/shared/categories.ts": "export const ALERT_CATEGORIES = { Info: 'info', Warning: 'warning' } as const;\n",
        ])
        let result = try CLIHarness.run(["init"], in: root)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertFalse(result.stdout.contains("left out"), result.stdout)
        let registry = try String(contentsOf: root.appendingPathComponent("registry.yaml"), encoding: .utf8)
        XCTAssertTrue(registry.contains("typescript_const: ALERT_CATEGORIES              # supabase/functions/shared/categories.ts:1"), registry)
    }
}

/// `init` reads Swift with the same bounds as `check`: a hostile file is skipped, never a crash or a hang.
final class InitHostileSourceTests: XCTestCase {
    func testInitSkipsSwiftThatCannotBeParsedInBoundedTime() throws {
        var files = [
            "db/migrations/001_alerts.sql": """
                CREATE TABLE alerts (id int, category text NOT NULL DEFAULT 'info' CHECK (category IN ('info', 'warning')));
                """,
            "App/Alerts.swift": "enum AlertCategory: String { case info, warning }\n",
            "App/Generics.swift": "let x = " + String(repeating: "a<", count: 1_600) + "\n",
            "App/Unclosed.swift": "let x = a" + String(repeating: "[", count: 30) + "\n",
            "App/Switches.swift": (0..<2_000).map { "func f\($0)() { switch self { switch self { } } }\n" }.joined(),
        ]
        files["App/Chain.swift"] = "func f(_ v: Int) -> Int {\n    if v == 0 { return 0 }\n"
            + (1..<6_000).map { "    else if v == \($0) { return \($0) }\n" }.joined() + "    return -1\n}\n"
        let root = try CLIHarness.project(files)
        let started = Date()
        let result = try CLIHarness.run(["init"], in: root)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30)
        let registry = try String(contentsOf: root.appendingPathComponent("registry.yaml"), encoding: .utf8)
        XCTAssertTrue(registry.contains("swift_enum: AlertCategory"), registry)
    }
}
