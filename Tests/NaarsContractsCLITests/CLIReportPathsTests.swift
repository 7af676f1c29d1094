import ContractsTestSupport
import Foundation
import XCTest

/// Where each format's paths start, with the registry in the subfolder `app/` of a git repository: `xcode`
/// absolute, `github` and `sarif` from the repository root, `text` and `json` from the current folder.
final class CLIReportPathsTests: XCTestCase {
    private func resolved(_ url: URL) -> String { url.resolvingSymlinksInPath().path }

    func testXcodePrintsAbsolutePaths() throws {
        let project = try HabitProject()
        let app = resolved(project.app)
        for folder in [project.app, project.repo.url, project.app.appendingPathComponent("generated")] {
            let result = try CLIHarness.run(["check", "--registry", resolved(project.app) + "/registry.yaml", "--format", "xcode"], in: folder)
            XCTAssertEqual(result.status, 1)
            // Each finding's `note:` lines (its fix, its registry entry) follow it, with absolute paths too.
            let all = result.stdout.split(separator: "\n").map(String.init)
            XCTAssertTrue(all.allSatisfy { $0.hasPrefix("/") }, result.stdout)
            let lines = all.filter { !$0.contains(": note: ") }
            XCTAssertEqual(lines.count, 2, result.stdout)
            XCTAssertTrue(lines[0].hasPrefix(app + "/database/003_b.sql:1:1: warning: "), lines[0])
            XCTAssertTrue(lines[1].hasPrefix(app + "/generated/Swift/BadgeTab.swift:15:1: error: "), lines[1])
        }
    }

    func testGitHubAndSARIFPathsStartAtTheRepositoryRoot() throws {
        let project = try HabitProject()
        // Run from the app folder and from a folder below it: the same repository-root paths.
        for folder in [project.app, project.app.appendingPathComponent("generated/Swift")] {
            let github = try CLIHarness.run(["check", "--format", "github"], in: folder)
            XCTAssertEqual(github.status, 1)
            XCTAssertTrue(github.stdout.contains("::warning file=app/database/003_b.sql,line=1,col=1,title=migration-gap::"), github.stdout)
            XCTAssertTrue(github.stdout.contains("::error file=app/generated/Swift/BadgeTab.swift,line=15,col=1,title=generated-stale::"), github.stdout)

            let sarif = try CLIHarness.run(["check", "--format", "sarif"], in: folder)
            let run = try XCTUnwrap(try HabitProject.sarifRun(sarif.stdout))
            let uris = try XCTUnwrap(run["results"] as? [[String: Any]]).flatMap { result in
                ((result["locations"] as? [[String: Any]]) ?? []) + ((result["relatedLocations"] as? [[String: Any]]) ?? [])
            }.compactMap { (($0["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any])?["uri"] as? String }
            XCTAssertEqual(Set(uris), ["app/database/003_b.sql", "app/generated/Swift/BadgeTab.swift", "app/registry.yaml",
                                       "app/database/001_notification_type_check_constraint.sql"])
        }
    }

    func testOutsideAGitRepositoryGitHubPathsStartAtTheProjectRoot() throws {
        let project = try HabitProject()
        try FileManager.default.removeItem(at: project.repo.url.appendingPathComponent(".git"))
        let github = try CLIHarness.run(["check", "--format", "github"], in: project.app)
        XCTAssertTrue(github.stdout.contains("::warning file=database/003_b.sql,line=1,col=1,"), github.stdout)
    }

    func testTextAndJSONPathsStartAtTheCurrentFolder() throws {
        let project = try HabitProject()
        let cases: [(URL, [String], String, String)] = [
            (project.app, [], "", "generated/Swift/BadgeTab.swift"),
            (project.repo.url, ["--registry", "app/registry.yaml"], "app/", "app/generated/Swift/BadgeTab.swift"),
            // Inside `generated`, a path below it drops the `../generated/` detour.
            (project.app.appendingPathComponent("generated"), [], "../", "Swift/BadgeTab.swift"),
        ]
        for (folder, registry, prefix, badge) in cases {
            let text = try CLIHarness.run(["check"] + registry, in: folder)
            XCTAssertEqual(text.status, 1, text.stderr)
            XCTAssertTrue(text.stdout.hasPrefix(prefix + "database/003_b.sql\n"), "\(prefix): \(text.stdout)")
            XCTAssertTrue(text.stdout.contains("registry: \(prefix)registry.yaml:"), text.stdout)

            let json = try CLIHarness.run(["check", "--format", "json"] + registry, in: folder)
            let document = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let files = try XCTUnwrap(document["findings"] as? [[String: Any]]).compactMap { $0["file"] as? String }
            XCTAssertEqual(files, [prefix + "database/003_b.sql", badge])
            XCTAssertTrue(text.stdout.contains("\n\(badge)\n"), text.stdout)
        }
    }
}
