import Foundation
import XCTest
import Yams

/// `.pre-commit-hooks.yaml` leaves relevance to the tool: a project whose migrations live in `db/migrations` (or
/// any folder the registry names) is not skipped by a file pattern that only knows this repository's folders.
final class PreCommitManifestTests: XCTestCase {
    private func hook() throws -> [String: Any] {
        let text = try String(contentsOf: DistributionHarness.repoRoot.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        let hooks = try XCTUnwrap(try Yams.load(yaml: text) as? [[String: Any]])
        XCTAssertEqual(hooks.count, 1)
        return try XCTUnwrap(hooks.first)
    }

    /// pre-commit's rule: a hook runs when `always_run` is set, or when a staged file matches `files` (a regex
    /// searched in the path, default: everything) and not `exclude`; otherwise it is reported "Skipped".
    private func wouldRun(_ hook: [String: Any], staged: [String]) throws -> Bool {
        if hook["always_run"] as? Bool == true { return true }
        let files = try NSRegularExpression(pattern: hook["files"] as? String ?? "")
        let exclude = try (hook["exclude"] as? String).map { try NSRegularExpression(pattern: $0) }
        func matches(_ regex: NSRegularExpression, _ path: String) -> Bool {
            regex.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil
        }
        return staged.contains { path in matches(files, path) && !(exclude.map { matches($0, path) } ?? false) }
    }

    func testAProjectWithDbMigrationsIsNotSkipped() throws {
        let hook = try hook()
        for staged in [["db/migrations/20240301_add_ride_type.sql"], ["infra/sql/0002.sql"], ["Contracts/registry.yml"]] {
            XCTAssertTrue(try wouldRun(hook, staged: staged), "\(staged) would be skipped")
        }
    }

    func testTheJudgeSkipsWhatTheOldFolderPatternSkipped() throws {
        // The pattern this manifest used to carry: the judge above must see that it skipped db/migrations,
        // or the test before proves nothing.
        let old: [String: Any] = [
            "files": #"(^|/)(registry\.yaml|\.naars-contracts-baseline\.json)$|(^|/)(database|supabase/migrations)/.*\.sql$|\.(swift|ts)$"#,
        ]
        XCTAssertFalse(try wouldRun(old, staged: ["db/migrations/20240301_add_ride_type.sql"]))
        XCTAssertTrue(try wouldRun(old, staged: ["supabase/migrations/20240301_add_ride_type.sql"]))
    }

    func testTheToolDecidesRelevanceOnWhatIsStaged() throws {
        let hook = try hook()
        XCTAssertEqual(hook["always_run"] as? Bool, true)
        XCTAssertEqual(hook["pass_filenames"] as? Bool, false, "the check reads the index itself")
        for filter in ["files", "exclude", "types", "types_or", "exclude_types"] {
            XCTAssertNil(hook[filter], "\(filter): a file filter would skip projects with other folders")
        }
        XCTAssertEqual(hook["entry"] as? String, "naars-contracts check --staged", "the check's own fast exit")
        XCTAssertEqual(hook["language"] as? String, "swift")
    }
}
