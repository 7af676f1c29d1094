import ContractsTestSupport
import Foundation
import XCTest

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
        // No notification flow: the alerts' category is a shared enum, its const named with where it is.
        XCTAssertTrue(registry.contains("typescript_const: ALERT_CATEGORIES   # supabase/functions/shared/categories.ts:1"), registry)
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

/// An app whose notification types are camelCase (stored so in a CHECK-constrained column, decoded by a Swift enum
/// with implicit raw values): `init` writes a registry that `generate`, `check` and `migrations next` accept.
final class InitCamelCaseValuesTests: XCTestCase {
    func testCamelCaseWireValuesRoundTrip() throws {
        let root = try CLIHarness.project([
            "supabase/migrations/20240101000000_activity.sql": """
                CREATE TABLE public.activities (
                  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
                  event_type text NOT NULL CONSTRAINT activities_event_type_check CHECK (event_type IN ('expenseAdded', 'commentAdded'))
                );
                """,
            "App/Models/ActivityType.swift": "enum ActivityType: String, Codable { case expenseAdded, commentAdded }\n",
            "supabase/functions/notify/index.ts": """
                export async function notify(supabase: any) {
                  await supabase.from('activities').insert({ event_type: 'expenseAdded' });
                }
                """,
        ])
        let initialised = try CLIHarness.run(["init"], in: root)
        XCTAssertEqual(initialised.status, 0, initialised.stdout + initialised.stderr)
        let registry = try String(contentsOf: root.appendingPathComponent("registry.yaml"), encoding: .utf8)
        XCTAssertTrue(registry.contains("      - expenseAdded\n"), registry)   // no notification flow: a shared enum
        // The app declares the enum, so init keeps it; the team moves to the generated one.
        XCTAssertTrue(registry.contains("    generate: false "), registry)
        try FileManager.default.removeItem(at: root.appendingPathComponent("App/Models/ActivityType.swift"))
        let generated = registry.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("    generate: false ") }.joined(separator: "\n")
        try Data(generated.utf8).write(to: root.appendingPathComponent("registry.yaml"))
        for arguments in [["generate"], ["check", "--no-cache"], ["migrations", "next"]] {
            let result = try CLIHarness.run(arguments, in: root)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stdout)\(result.stderr)")
        }
        let swift = try String(contentsOf: root.appendingPathComponent(
            registry.contains("swift: App/Generated") ? "App/Generated/ActivityType.swift" : "Generated/Swift/ActivityType.swift"), encoding: .utf8)
        XCTAssertTrue(swift.contains("case expenseAdded\n"), swift)
    }
}

/// A registry.yaml that is a dangling or looping link: init says so at registry.yaml:1:1, as check does, and
/// writes nothing through it.
final class InitDanglingRegistryTests: XCTestCase {
    func testADanglingOrLoopingRegistryLinkIsAnErrorAtItsFirstLine() throws {
        for (target, reason) in [("contracts.yaml", "a symbolic link to a file that does not exist"),
                                 ("registry.yaml", "a loop of symbolic links")] {
            let root = try CLIHarness.project([
                "db/migrations/001_alerts.sql": "CREATE TABLE alerts (id int, category text CHECK (category IN ('info', 'warning')));\n",
            ])
            try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("registry.yaml").path,
                                                       withDestinationPath: target)
            let result = try CLIHarness.run(["init"], in: root)
            XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
            XCTAssertEqual(result.stderr, "registry.yaml:1:1: error: cannot read the registry: it is \(reason) (\(target))\n")
            XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("contracts.yaml").path))
        }
    }
}
