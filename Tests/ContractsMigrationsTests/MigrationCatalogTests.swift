import ContractsCore
import ContractsMigrations
import XCTest

/// The catalog reads real-world folders: stray files, shared numbers, `_FIXED` suffixes, both timestamp styles.
final class MigrationCatalogTests: XCTestCase {
    let database = MigrationFolder(dir: "database", scheme: .sequential(width: 3),
                                   location: SourceLocation(file: "registry.yaml", line: 1, column: 1))
    let supabase = MigrationFolder(dir: "supabase/migrations", scheme: .timestamp,
                                   location: SourceLocation(file: "registry.yaml", line: 2, column: 1))

    var messyTree: MemoryTree {
        MemoryTree(text: [
            "database/README.md": "# notes",
            "database/.DS_Store": "junk",
            "database/128_b.sql": "select 1;",
            "database/128_a.sql": "select 1;",
            "database/092_badge_counts_rpc_FIXED.sql": "select 1;",
            "database/092_badge_counts_rpc.sql": "select 1;",
            "database/107_badge_counts_resilience.sql": "select 1;",
            "database/001_init.sql": "select 1;",
            "database/archive/999_old.sql": "select 1;",
            "databases/002_not_this_folder.sql": "select 1;",
            "supabase/migrations/20260407202111_content_hidden.sql": "select 1;",
            "supabase/migrations/20260126_0002_second.sql": "select 1;",
            "supabase/migrations/20260126_0001_first.sql": "select 1;",
            "supabase/migrations/README.md": "# notes",
        ])
    }

    func testSequentialFolderIsInReplayOrderAndIgnoresOtherFiles() throws {
        let names = try MigrationCatalog.files(in: database, tree: messyTree).map(\.name)
        XCTAssertEqual(names, [
            "001_init.sql", "092_badge_counts_rpc.sql", "092_badge_counts_rpc_FIXED.sql",
            "107_badge_counts_resilience.sql", "128_a.sql", "128_b.sql",
        ])
    }

    func testTimestampFolderOrdersBothStyles() throws {
        let files = try MigrationCatalog.files(in: supabase, tree: messyTree)
        XCTAssertEqual(files.map(\.name), [
            "20260126_0001_first.sql", "20260126_0002_second.sql", "20260407202111_content_hidden.sql",
        ])
        XCTAssertEqual(files.map(\.version), ["20260126", "20260126", "20260407202111"])
        XCTAssertEqual(files.map(\.sortKey), [[20260126, 1], [20260126, 2], [20260407202111]])
        XCTAssertEqual(files.map(\.slug), ["first", "second", "content_hidden"])
        XCTAssertEqual(files[0].path, "supabase/migrations/20260126_0001_first.sql")
        XCTAssertEqual(files[0].folder, supabase)
    }

    func testNameParts() {
        let fixed = MigrationFile(path: "database/092_badge_counts_rpc_FIXED.sql", folder: database)
        XCTAssertEqual(fixed.version, "092")
        XCTAssertEqual(fixed.sortKey, [92])
        XCTAssertEqual(fixed.slug, "badge_counts_rpc_FIXED")

        let unnumbered = MigrationFile(path: "database/seed_data.sql", folder: database)
        XCTAssertNil(unnumbered.version)
        XCTAssertEqual(unnumbered.sortKey, [])
        XCTAssertEqual(unnumbered.slug, "seed_data")

        let bare = MigrationFile(path: "database/107.sql", folder: database)
        XCTAssertNil(bare.version, "the Supabase CLI needs `digits_`")
        XCTAssertEqual(bare.sortKey, [107])
        XCTAssertNil(bare.slug)
    }

    func testNumericNotTextualOrder() throws {
        let tree = MemoryTree(text: ["database/99_a.sql": "", "database/100_b.sql": "", "database/0100_c.sql": ""])
        let names = try MigrationCatalog.files(in: database, tree: tree).map(\.name)
        XCTAssertEqual(names, ["99_a.sql", "0100_c.sql", "100_b.sql"])
    }

    func testReplayOrderFollowsRegistryFolderOrder() throws {
        let registry = TestRegistry.make(migrations: [supabase, database])
        let paths = try MigrationCatalog.replayOrder(registry, tree: messyTree).map(\.path)
        XCTAssertEqual(paths.first, "supabase/migrations/20260126_0001_first.sql")
        XCTAssertEqual(paths.last, "database/128_b.sql")
        XCTAssertEqual(paths.count, 9)
    }

    func testOnDiskFixtureOrder() throws {
        let root = try XCTUnwrap(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
            .appendingPathComponent("migrations-messy")
        let files = try MigrationCatalog.replayOrder(TestRegistry.make(migrations: [database, supabase]), tree: DiskTree(root: root))
        XCTAssertEqual(files.map(\.path), [
            "database/001_init.sql", "database/002_badge_counts_rpc.sql", "database/002_badge_counts_rpc_FIXED.sql",
            "database/003_notifications.sql", "database/005_reviews.sql", "database/006_a.sql", "database/006_b.sql",
            "supabase/migrations/20260126_0001_first.sql", "supabase/migrations/20260126_0002_second.sql",
            "supabase/migrations/20260407202111_content_hidden.sql",
        ])
    }

    func testMissingFolderIsEmpty() throws {
        XCTAssertEqual(try MigrationCatalog.files(in: database, tree: MemoryTree(text: [:])), [])
    }
}
