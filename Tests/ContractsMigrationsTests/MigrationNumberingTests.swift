import ContractsCore
import ContractsMigrations
import XCTest

/// `migrations next`: sequential numbers and timestamps that always sort last.
final class MigrationNumberingTests: XCTestCase {
    let database = MigrationFolder(dir: "database", scheme: .sequential(width: 3),
                                   location: SourceLocation(file: "registry.yaml", line: 1, column: 1))
    let supabase = MigrationFolder(dir: "supabase/migrations", scheme: .timestamp,
                                   location: SourceLocation(file: "registry.yaml", line: 2, column: 1))
    /// 2026-11-22 01:50:00 UTC.
    let now = Date(timeIntervalSince1970: 1_795_312_200)

    func files(_ folder: MigrationFolder, _ names: [String]) -> [MigrationFile] {
        names.map { MigrationFile(path: folder.dir + "/" + $0, folder: folder) }
    }

    func testEmptyFolders() {
        XCTAssertEqual(MigrationNumbering.nextPrefix(in: database, existing: [], now: now), "001")
        XCTAssertEqual(MigrationNumbering.nextPrefix(in: supabase, existing: [], now: now), "20261122015000")
    }

    func testSequentialIsMaxPlusOnePadded() {
        let existing = files(database, ["001_a.sql", "092_b_FIXED.sql", "128_a.sql", "128_b.sql", "seed.sql", "README.md"])
        XCTAssertEqual(MigrationNumbering.nextPrefix(in: database, existing: existing, now: now), "129")
        let wide = MigrationFolder(dir: "db", scheme: .sequential(width: 4), location: database.location)
        XCTAssertEqual(MigrationNumbering.nextPrefix(in: wide, existing: files(wide, ["0009_a.sql"]), now: now), "0010")
        XCTAssertEqual(MigrationNumbering.nextPrefix(in: database, existing: files(database, ["999_a.sql"]), now: now), "1000")
    }

    func testTimestampIsNowWhenNewer() {
        let existing = files(supabase, ["20260126_0001_a.sql", "20260407202111_b.sql"])
        XCTAssertEqual(MigrationNumbering.nextPrefix(in: supabase, existing: existing, now: now), "20261122015000")
    }

    func testTimestampMovesPastAFutureNewest() {
        let existing = files(supabase, ["20261122015959_clock_skew.sql"])
        XCTAssertEqual(MigrationNumbering.nextPrefix(in: supabase, existing: existing, now: now), "20261122020000")
        let sameSecond = files(supabase, ["20261122015000_same.sql"])
        XCTAssertEqual(MigrationNumbering.nextPrefix(in: supabase, existing: sameSecond, now: now), "20261122015001")
        let datedToday = files(supabase, ["20261122_0001_today.sql"])
        XCTAssertEqual(MigrationNumbering.nextPrefix(in: supabase, existing: datedToday, now: now), "20261123000000")
    }

    func testFileName() {
        XCTAssertEqual(MigrationNumbering.fileName(prefix: "129", description: "Fix badge counts!"), "129_fix_badge_counts.sql")
    }
}
