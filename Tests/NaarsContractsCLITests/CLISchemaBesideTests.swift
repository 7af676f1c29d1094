import ContractsTestSupport
import Foundation
import XCTest

/// `generate` (and `init`) keep registry.schema.json beside the registry so its `yaml-language-server` line
/// resolves: written when absent or an older copy of ours, never over someone else's file.
final class CLISchemaBesideTests: XCTestCase {
    private var shipped: Data {
        get throws { try Data(contentsOf: CLIHarness.repoRoot.appendingPathComponent("registry.schema.json")) }
    }

    func testGenerateWritesTheSchemaWhenAbsentAndRefreshesAnOlderCopyOfOurs() throws {
        let project = try HabitProject(drift: false)
        let url = project.app.appendingPathComponent("registry.schema.json")
        XCTAssertEqual(try Data(contentsOf: url), try shipped, "the first generate wrote it")

        // An older schema of ours (another $id, fewer descriptions) is brought up to date.
        var old = try XCTUnwrap(JSONSerialization.jsonObject(with: try shipped) as? [String: Any])
        old["$id"] = "registry.schema.json"
        old["description"] = "An older naars-contracts schema."
        try JSONSerialization.data(withJSONObject: old).write(to: url)
        let again = try CLIHarness.run(["generate"], in: project.app)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertTrue(again.stdout.contains("wrote registry.schema.json"), again.stdout)
        XCTAssertEqual(try Data(contentsOf: url), try shipped)

        // Current: nothing to write, nothing said.
        let quiet = try CLIHarness.run(["generate"], in: project.app)
        XCTAssertFalse(quiet.stdout.contains("registry.schema.json"), quiet.stdout)
    }

    func testSomeoneElsesSchemaIsNeverOverwritten() throws {
        let project = try HabitProject(drift: false)
        let url = project.app.appendingPathComponent("registry.schema.json")
        for theirs in [#"{"title": "our team's registry rules", "type": "object"}"#, "not json at all\n"] {
            try Data(theirs.utf8).write(to: url)
            let result = try CLIHarness.run(["generate"], in: project.app)
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), theirs)
        }
    }

    func testNoSchemaWithoutTheLineThatNamesIt() throws {
        let registry = try String(contentsOf: CLIHarness.repoRoot.appendingPathComponent("registry.yaml"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("yaml-language-server") }
            .joined(separator: "\n")
        let root = try CLIHarness.project(["registry.yaml": registry, "database/.keep": "", "supabase/migrations/.keep": ""])
        XCTAssertEqual(try CLIHarness.run(["generate"], in: root).status, 0)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("registry.schema.json").path))
        // --check and --dry-run write nothing, the schema included.
        let named = try CLIHarness.project(["registry.yaml": "# yaml-language-server: $schema=registry.schema.json\n" + registry,
                                            "database/.keep": "", "supabase/migrations/.keep": ""])
        _ = try CLIHarness.run(["generate", "--dry-run"], in: named)
        _ = try CLIHarness.run(["generate", "--check"], in: named)
        XCTAssertFalse(FileManager.default.fileExists(atPath: named.appendingPathComponent("registry.schema.json").path))
    }
}
