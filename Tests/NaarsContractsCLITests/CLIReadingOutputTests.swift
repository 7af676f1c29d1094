import ContractsTestSupport
import Foundation
import XCTest

/// Output a team reads: one rule described with its examples (`rules <id>`), one rule's findings alone
/// (`check --only-rule`), and in GitHub Actions every finding in the step summary.
final class CLIReadingOutputTests: XCTestCase {
    /// A project with findings of two rules: an unregistered literal in a migration and a stale generated file.
    func project() throws -> URL {
        try CLIHarness.project([
            "registry.yaml": """
                version: 1
                notification_types:
                  swift_enum: NotificationType
                  payload_key: type
                  sql: { table: public.notifications, column: type, constraint: valid_notification_type }
                  values:
                    - raw: message
                migrations:
                  - { dir: database, scheme: sequential, width: 3 }
                outputs:
                  swift: App/Generated
                  typescript: supabase/functions/_shared

                """,
            "database/001_init.sql": """
                CREATE TABLE public.notifications (id bigint, type text NOT NULL,
                  CONSTRAINT valid_notification_type CHECK (type IN ('message')));
                INSERT INTO public.notifications (id, type) VALUES (1, 'mesage');

                """,
        ])
    }

    func testRulesWithAnIdDescribesItWithItsExamples() throws {
        let root = try project()
        let one = try CLIHarness.run(["rules", "sql-unknown-literal"], in: root)
        XCTAssertEqual(one.status, 0, one.stderr)
        XCTAssertTrue(one.stdout.hasPrefix("sql-unknown-literal (error)\nA literal SQL writes to an enum's column (inserts, assigns, passes to an emitter) is not one of its values, or is retired.\n"),
                      one.stdout)
        XCTAssertTrue(one.stdout.contains("Triggering examples (↓ marks each finding):"), one.stdout)
        XCTAssertTrue(one.stdout.contains("VALUES (1, ↓'mesage');"), one.stdout)
        XCTAssertTrue(one.stdout.contains("Non-triggering examples:"), one.stdout)
        // A rule split from another says so, with the examples of the unit that reports both.
        let read = try CLIHarness.run(["rules", "sql-unknown-literal-read"], in: root)
        XCTAssertTrue(read.stdout.hasPrefix("sql-unknown-literal-read (error)\n"), read.stdout)
        XCTAssertTrue(read.stdout.contains("\nSplit from sql-unknown-literal: a setting, ignore comment or baseline entry naming"), read.stdout)
        XCTAssertTrue(read.stdout.contains("VALUES (1, ↓'mesage');"), read.stdout)
        let unknown = try CLIHarness.run(["rules", "sql-unknown-literals"], in: root)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr, "error: no rule `sql-unknown-literals` (did you mean `sql-unknown-literal`?); "
            + "`naars-contracts rules` lists them\n")
    }

    func testOnlyRuleReportsThatRulesFindingsAlone() throws {
        let root = try project()
        let all = try CLIHarness.run(["check", "--no-cache", "--format", "xcode"], in: root)
        XCTAssertTrue(all.stdout.contains("(generated-stale)"), all.stdout)
        let only = try CLIHarness.run(["check", "--no-cache", "--format", "xcode", "--only-rule", "sql-unknown-literal"], in: root)
        XCTAssertEqual(only.status, 1)
        XCTAssertEqual(only.stdout.split(separator: "\n").filter { !$0.contains(": note: ") },
                       ["\(root.path)/database/001_init.sql:3:56: error: 'mesage' (inserted into notifications.type) is not a registered notification type (sql-unknown-literal)"])
        XCTAssertTrue(only.stdout.contains("database/001_init.sql:3:56: note: fix: use a registered type"), only.stdout)
        XCTAssertTrue(only.stdout.contains("registry.yaml:3:3: note: the registry's entry"), only.stdout)
        let bad = try CLIHarness.run(["check", "--only-rule", "sql-unknown"], in: root)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("--only-rule: no rule `sql-unknown`"), bad.stderr)
    }

    func testGitHubFormatWritesEveryFindingToTheStepSummary() throws {
        let root = try project()
        let summary = root.appendingPathComponent("step-summary.md")
        try Data("earlier step\n".utf8).write(to: summary)
        let run = try CLIHarness.run(["check", "--no-cache", "--format", "github"], in: root,
                                     environment: ["GITHUB_STEP_SUMMARY": summary.path])
        XCTAssertEqual(run.status, 1)
        let text = try String(contentsOf: summary, encoding: .utf8)
        XCTAssertTrue(text.hasPrefix("earlier step\n### naars-contracts\n\n"), text)
        XCTAssertTrue(text.contains("| error | `database/001_init.sql:3:56` | `sql-unknown-literal` |"), text)
        XCTAssertEqual(text.components(separatedBy: "`generated-stale`").count - 1,
                       run.stdout.components(separatedBy: "title=generated-stale").count - 1)
    }
}
