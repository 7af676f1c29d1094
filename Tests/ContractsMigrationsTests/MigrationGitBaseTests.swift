import ContractsCore
import ContractsMigrations
import Foundation
import XCTest

/// `migrations lint --against REF` on a real git repository: the project lives in a subfolder, main gains a
/// migration, a branch adds one numbered before it and one after it.
final class MigrationGitBaseTests: XCTestCase {
    var repo: URL!
    var project: URL { repo.appendingPathComponent("app") }

    override func setUpWithError() throws {
        repo = try MigrationCLI.temporaryFolder()
        let fixture = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
            .appendingPathComponent("migrations-clean")
        try FileManager.default.copyItem(at: fixture, to: project)
        try write("database/005_main_later.sql", "select 5;\n")
        try git(["init", "-q", "-b", "main"])
        try git(["add", "-A"])
        try git(["commit", "-q", "-m", "base"])
        try git(["checkout", "-q", "-b", "feature"])
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: repo)
    }

    func testBaseFileListIsRelativeToTheProject() throws {
        let files = try GitRevisionFiles.list(ref: "main", dirs: ["database"], root: project)
        XCTAssertEqual(files, ["database/001_init.sql", "database/002_read_at.sql", "database/005_main_later.sql"])
    }

    func testMigrationNumberedBeforeTheBaseIsReported() throws {
        try write("database/003_feature_late.sql", "select 3;\n")
        try write("database/006_feature_ok.sql", "select 6;\n")
        try git(["add", "-A"])
        try git(["commit", "-q", "-m", "feature"])

        let result = try MigrationCLI.run(["migrations", "lint", "--format", "xcode", "--against", "main"], in: project)
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        let base = result.lines.filter { $0.hasSuffix("(migration-not-newer-than-base)") }
        XCTAssertEqual(base.count, 1, result.stdout)
        XCTAssertTrue(base.first?.hasPrefix("database/003_feature_late.sql:1:1: error: 003_feature_late.sql was added since the base revision but does not sort after 005_main_later.sql") ?? false,
                      result.stdout)

        let withoutBase = try MigrationCLI.run(["migrations", "lint", "--format", "xcode"], in: project)
        XCTAssertFalse(withoutBase.stdout.contains("migration-not-newer-than-base"))
    }

    func testMigrationsAfterTheBaseAreClean() throws {
        try write("database/006_feature_ok.sql", "select 6;\n") // uncommitted: the working tree is what is judged
        let result = try MigrationCLI.run(["migrations", "lint", "--format", "xcode", "--against", "main"], in: project)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertFalse(result.stdout.contains("migration-not-newer-than-base"), result.stdout)
    }

    func testUnknownRefIsAUsageError() throws {
        let result = try MigrationCLI.run(["migrations", "lint", "--format", "xcode", "--against", "no-such-branch"], in: project)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("no-such-branch"), result.stderr)
    }

    private func write(_ path: String, _ text: String) throws {
        try Data(text.utf8).write(to: project.appendingPathComponent(path))
    }

    private func git(_ arguments: [String]) throws {
        let result = try MigrationCLI.command(
            "git", ["-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"] + arguments,
            in: repo)
        XCTAssertEqual(result.status, 0, "git \(arguments.joined(separator: " ")): \(result.stderr)")
    }
}
