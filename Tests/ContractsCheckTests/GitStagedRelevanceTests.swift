@testable import ContractsCheck
import ContractsCore
@testable import ContractsGit
import ContractsTestSupport
import Foundation
import XCTest

final class GitStagedRelevanceTests: XCTestCase {
    private func registry(_ extra: String = "") throws -> Registry {
        let text = """
        version: 1
        notification_types:
          swift_enum: NotificationType
          typescript_const: NOTIFICATION_TYPES
          sql: { table: public.notifications, column: type, constraint: valid_notification_type }
          values:
            - raw: message
        migrations:
          - { dir: database, scheme: sequential, width: 3 }
          - { dir: supabase/migrations, scheme: timestamp }
        sources:
          swift: ["NaarsCars/**/*.swift"]
          typescript: ["supabase/functions/**/*.ts"]
          exclude: ["NaarsCars/Vendor/**"]
        outputs:
          swift: generated/Swift
          typescript: supabase/functions/_shared
        \(extra)
        """
        return try RegistryLoader.load(text: text, file: "registry.yaml")
    }

    func testEachKindOfPathThatCanChangeTheResultIsRelevant() throws {
        let staged = [
            "registry.yaml",
            ".naars-contracts-baseline.json",
            "generated/Swift/NotificationType.swift",
            "supabase/functions/_shared/notificationTypes.ts",
            "database/107_badge_counts.sql",
            "supabase/migrations/20260407202111_content_hidden.sql",
            "NaarsCars/Core/DeepLinkParser.swift",
            "supabase/functions/send-push/index.ts",
            // Any file of a functions folder: a function folder added or removed changes the edge-function rules.
            "supabase/functions/send-push/deno.json",
        ]

        XCTAssertEqual(StagedRelevance.relevantPaths(staged: staged, registry: try registry()), staged)
    }

    func testUnrelatedAndExcludedPathsAreNot() throws {
        let staged = [
            "README.md",
            "NaarsCars/Assets.xcassets/Contents.json",
            "NaarsCars/Vendor/Lib.swift",
            "NaarsCarsTests/ParserTests.swift",
            "supabase/config.toml",
            "supabase/functionsX/a.ts",
            "databases/001_x.sql",
            "docs/registry.yaml",
        ]

        XCTAssertEqual(StagedRelevance.relevantPaths(staged: staged, registry: try registry()), [])
    }

    func testConfiguredBaselineAndSQLOutputCount() throws {
        let reg = try registry("""
        baseline: ci/accepted.json
        """)

        XCTAssertEqual(StagedRelevance.relevantPaths(staged: ["ci/accepted.json", "README.md"], registry: reg),
                       ["ci/accepted.json"])
    }

    func testStagedChangesListsWhatTheCommitWouldChangeBelowTheRoot() throws {
        let repo = try GitTestRepo()
        try repo.write("ios/registry.yaml", "version: 1\n")
        try repo.write("ios/database/001_init.sql", "select 1;\n")
        try repo.write("ios/database/002_old_name.sql", "select 2;\n")
        try repo.write("backend/main.go", "package main\n")
        try repo.commitAll("first")
        try repo.write("ios/registry.yaml", "version: 1\n# changed\n")
        try repo.git("add", "ios/registry.yaml")
        try repo.git("mv", "ios/database/002_old_name.sql", "ios/database/002_new_name.sql")
        try repo.write("backend/main.go", "package main // changed\n")
        try repo.git("add", "backend/main.go")
        try repo.write("ios/database/001_init.sql", "select 1; -- not staged\n")

        let staged = try StagedChanges.paths(in: repo.url.appendingPathComponent("ios"))

        XCTAssertEqual(staged.sorted(), ["database/002_new_name.sql", "database/002_old_name.sql", "registry.yaml"])
    }

    func testStagedChangesBeforeTheFirstCommitListsEverythingStaged() throws {
        let repo = try GitTestRepo()
        try repo.write("registry.yaml", "version: 1\n")
        try repo.write("notes.md", "x\n")
        try repo.git("add", "registry.yaml")

        XCTAssertEqual(try StagedChanges.paths(in: repo.url), ["registry.yaml"])
    }
}

final class GitStagedProjectTests: XCTestCase {
    private let registry = """
    version: 1
    notification_types:
      swift_enum: NotificationType
      typescript_const: NOTIFICATION_TYPES
      sql: { table: public.notifications, column: type, constraint: valid_notification_type }
      values:
        - raw: message
    migrations:
      - { dir: database, scheme: sequential, width: 3 }
    sources:
      swift: ["App/**/*.swift"]
    outputs:
      swift: generated/Swift
      typescript: generated/ts

    """

    func testNothingStagedOrNothingRelevantNeedsNoCheck() throws {
        let repo = try GitTestRepo()
        try repo.write("registry.yaml", registry)
        try repo.write("README.md", "x\n")
        try repo.commitAll("first")
        XCTAssertNil(try StagedProject.load(root: repo.url, registryFile: "registry.yaml"))

        try repo.write("README.md", "y\n")
        try repo.write("App/Unstaged.swift", "let x = 1\n")
        try repo.git("add", "README.md")
        XCTAssertNil(try StagedProject.load(root: repo.url, registryFile: "registry.yaml"))
    }

    func testARegistryNotYetInTheIndexGuardsNothing() throws {
        let repo = try GitTestRepo()
        try repo.write("registry.yaml", registry)
        try repo.write("App/Main.swift", "let x = 1\n")
        try repo.git("add", "App/Main.swift")

        XCTAssertNil(try StagedProject.load(root: repo.url, registryFile: "registry.yaml"))
    }

    func testTheStagedRegistryIsTheOneJudged() throws {
        let repo = try GitTestRepo()
        try repo.write("registry.yaml", registry)
        try repo.commitAll("first")
        try repo.write("registry.yaml", registry.replacingOccurrences(of: "    - raw: message\n",
                                                                     with: "    - raw: message\n    - raw: staged_type\n"))
        try repo.git("add", "registry.yaml")
        try repo.write("registry.yaml", "not: [valid\n")
        try repo.write("App/Later.swift", "let x = 1\n")

        let project = try XCTUnwrap(try StagedProject.load(root: repo.url, registryFile: "registry.yaml"))

        XCTAssertEqual(project.registry.notificationTypes!.rawValues, ["message", "staged_type"])
        XCTAssertEqual(project.relevantPaths, ["registry.yaml"])
        XCTAssertFalse(project.tree.exists("App/Later.swift"))
    }

    /// The index is listed early only when a staged file looks like one the checkers read; the registry alone
    /// decides what is relevant, so a document in a migration folder is judged, and the listing is the same
    /// either way.
    func testTheIndexListingDoesNotDependOnWhenItIsTaken() throws {
        let repo = try GitTestRepo()
        try repo.write("registry.yaml", registry)
        try repo.write("database/001_init.sql", "select 1;\n")
        try repo.commitAll("first")
        try repo.write("database/NOTES.md", "why 002 is missing\n")
        try repo.git("add", "database/NOTES.md")
        XCTAssertFalse(StagedProject.mayBeRelevant("database/NOTES.md"))
        let document = try XCTUnwrap(try StagedProject.load(root: repo.url, registryFile: "registry.yaml"))
        XCTAssertEqual(document.relevantPaths, ["database/NOTES.md"])
        XCTAssertEqual(try document.tree.files(under: ""), ["database/001_init.sql", "database/NOTES.md", "registry.yaml"])

        try repo.write("App/Main.swift", "let x = 1\n")
        try repo.git("add", "App/Main.swift")
        XCTAssertTrue(StagedProject.mayBeRelevant("App/Main.swift"))
        let source = try XCTUnwrap(try StagedProject.load(root: repo.url, registryFile: "registry.yaml"))
        XCTAssertEqual(source.relevantPaths, ["App/Main.swift", "database/NOTES.md"])
        XCTAssertEqual(try source.tree.readText("App/Main.swift"), "let x = 1\n")
        XCTAssertFalse(StagedProject.mayBeRelevant("docs.d/README"), "a dot in a folder name is no extension")
    }

    func testAnInvalidStagedRegistryThrowsItsErrors() throws {
        let repo = try GitTestRepo()
        try repo.write("registry.yaml", registry)
        try repo.commitAll("first")
        try repo.write("registry.yaml", "version: [\n")
        try repo.git("add", "registry.yaml")

        XCTAssertThrowsError(try StagedProject.load(root: repo.url, registryFile: "registry.yaml")) { error in
            XCTAssertTrue(error is RegistryErrors, "\(error)")
        }
    }
}
