import ContractsCore
import ContractsMigrations
import Foundation
import XCTest

/// Each lint rule with a folder that triggers it and one that does not.
final class MigrationLintRuleTests: XCTestCase {
    let database = MigrationFolder(dir: "database", scheme: .sequential(width: 3),
                                   location: SourceLocation(file: "registry.yaml", line: 3, column: 5))
    let supabase = MigrationFolder(dir: "supabase/migrations", scheme: .timestamp,
                                   location: SourceLocation(file: "registry.yaml", line: 4, column: 5))

    func lint(_ files: [String], _ extra: [String: String] = [:], base: [String]? = nil) -> [Finding] {
        var text = extra
        for file in files { text[file] = "select 1;\n" }
        let context = CheckContext(registry: TestRegistry.make(migrations: [database, supabase]), tree: MemoryTree(text: text))
        do {
            return try MigrationLint.findings(in: context, baseRevisionFiles: base)
        } catch {
            XCTFail("an in-memory tree cannot fail to list: \(error)")
            return []
        }
    }

    func ids(_ findings: [Finding], _ rule: Rule) -> [Finding] { findings.filter { $0.ruleID == rule.id } }

    func testCleanFoldersHaveNoFindings() {
        XCTAssertEqual(lint([
            "database/001_init.sql", "database/002_badges.sql", "database/README.md",
            "supabase/migrations/20260101120000_a.sql", "supabase/migrations/20260407202111_content_hidden.sql",
        ]), [])
    }

    func testDuplicateNumber() {
        let findings = ids(lint(["database/001_a.sql", "database/002_x.sql", "database/002_y.sql", "database/002_z.sql"]),
                           .migrationDuplicateNumber)
        XCTAssertEqual(findings.count, 1)
        XCTAssertEqual(findings.first?.location, SourceLocation(file: "database/002_z.sql", line: 1, column: 1))
        XCTAssertEqual(findings.first?.related.map(\.file), ["database/002_x.sql", "database/002_y.sql", "database/002_z.sql"])
        XCTAssertEqual(findings.first?.severity, .error)
        XCTAssertEqual(findings.first?.registryLocation, database.location)
        XCTAssertTrue(findings.first?.message.contains("share number 002") ?? false, findings.first?.message ?? "")
        XCTAssertEqual(ids(lint(["database/001_a.sql", "database/002_x.sql"]), .migrationDuplicateNumber), [])
    }

    func testFixedSuffixSharingANumberIsADuplicate() {
        let findings = ids(lint(["database/092_badge_counts_rpc.sql", "database/092_badge_counts_rpc_FIXED.sql"]),
                           .migrationDuplicateNumber)
        XCTAssertEqual(findings.map(\.location.file), ["database/092_badge_counts_rpc_FIXED.sql"])
    }

    func testBadName() {
        let findings = ids(lint([
            "database/seed.sql", "database/01_short.sql", "database/003.sql", "database/004_has space.sql",
            "database/20260407202111_stamp.sql",
            "supabase/migrations/001_seq.sql", "supabase/migrations/20261332000000_bad_month.sql",
        ]), .migrationBadName)
        XCTAssertEqual(findings.map(\.location.file), [
            "database/003.sql", "database/004_has space.sql", "database/01_short.sql",
            "database/20260407202111_stamp.sql", "database/seed.sql",
            "supabase/migrations/001_seq.sql", "supabase/migrations/20261332000000_bad_month.sql",
        ])
        XCTAssertEqual(ids(lint([
            "database/001_init.sql", "database/002_badge_counts_rpc_FIXED.sql", "database/003_kebab-name.sql",
            "database/1000_past_width.sql",
            "supabase/migrations/20260126_0001_date_counter.sql",
        ]), .migrationBadName), [])
    }

    func testGapIsAWarning() {
        let findings = ids(lint(["database/001_a.sql", "database/002_b.sql", "database/005_c.sql"]), .migrationGap)
        XCTAssertEqual(findings.map(\.location.file), ["database/005_c.sql"])
        XCTAssertEqual(findings.first?.severity, .warning)
        XCTAssertTrue(findings.first?.message.contains("3–4 are missing") ?? false, findings.first?.message ?? "")
        XCTAssertEqual(ids(lint(["database/001_a.sql", "database/002_b.sql", "database/002_c.sql", "database/003_d.sql"]),
                           .migrationGap), [])
    }

    func testMixedSchemeIsOneFindingPerFolderListingTheMinority() {
        let files = ["supabase/migrations/20260126_001_a.sql", "supabase/migrations/20260126_002_b.sql",
                     "supabase/migrations/20260407202111_c.sql", "supabase/migrations/20260408090000_d.sql",
                     "supabase/migrations/20260409090000_e.sql"]
        let findings = ids(lint(files), .migrationMixedScheme)
        XCTAssertEqual(findings.count, 1, "one finding for the folder, not one per file")
        XCTAssertEqual(findings.first?.location.file, files[0])
        XCTAssertEqual(findings.first?.related.map(\.file), [files[1]])
        XCTAssertEqual(findings.first?.severity, .warning)
        let message = findings.first?.message ?? ""
        XCTAssertTrue(message.contains("`YYYYMMDD_NNN_` names (2: 20260126_001_a.sql, 20260126_002_b.sql)"), message)
        XCTAssertTrue(message.contains("3 `YYYYMMDDHHMMSS_` name(s)"), message)
        XCTAssertFalse(message.contains("NNNN"), "the files have three counter digits: \(message)")
        XCTAssertEqual(findings.first?.fix, "name new migrations with `naars-contracts migrations new --dir supabase/migrations`")
        XCTAssertEqual(ids(lint(["supabase/migrations/20260126_0001_a.sql", "supabase/migrations/20260127_0001_b.sql"]),
                           .migrationMixedScheme), [])
    }

    func testMixedSchemeListsTimestampsWhenTheyAreTheMinority() {
        let files = ["supabase/migrations/20260126_0001_a.sql", "supabase/migrations/20260127_0001_b.sql",
                     "supabase/migrations/20260407202111_c.sql"]
        let findings = ids(lint(files), .migrationMixedScheme)
        XCTAssertEqual(findings.map(\.location.file), ["supabase/migrations/20260407202111_c.sql"])
        XCTAssertTrue(findings.first?.message.contains("`YYYYMMDDHHMMSS_` names (1: 20260407202111_c.sql)") ?? false,
                      findings.first?.message ?? "")
        XCTAssertTrue(findings.first?.message.contains("2 `YYYYMMDD_NNNN_` name(s)") ?? false, findings.first?.message ?? "")
        // `migrations new` writes the minority's style here: the fix follows the majority instead.
        XCTAssertEqual(findings.first?.fix, "name new migrations `YYYYMMDD_NNNN_` as most of supabase/migrations is "
            + "(`migrations new` writes `YYYYMMDDHHMMSS_` names, the fewer here); or rename the `YYYYMMDD_NNNN_` files in one change")
    }

    func testHour24ThatSortsInPlaceIsAWarning() {
        let files = ["supabase/migrations/20250301120000_a.sql", "supabase/migrations/20250301240000_midnight.sql",
                     "supabase/migrations/20250302080000_b.sql"]
        let findings = ids(lint(files), .migrationBadName)
        XCTAssertEqual(findings.map(\.location.file), ["supabase/migrations/20250301240000_midnight.sql"])
        XCTAssertEqual(findings.first?.severity, .warning)
        XCTAssertTrue(findings.first?.message.contains("valid UTC time (24:00:00)") ?? false, findings.first?.message ?? "")
    }

    func testOverflowingTimeThatSortsOutOfPlaceOrAWrongDateStaysAnError() {
        // 25:00 on 1 March means 01:00 on 2 March, after 00:30 on 2 March, but its digits sort before it.
        let late = ids(lint(["supabase/migrations/20250301250000_late.sql", "supabase/migrations/20250302003000_b.sql"]),
                       .migrationBadName)
        XCTAssertEqual(late.map(\.severity), [.error])
        let badDay = ids(lint(["supabase/migrations/20250230120000_feb30.sql"]), .migrationBadName)
        XCTAssertEqual(badDay.map(\.severity), [.error])
    }

    func testVersionCollision() {
        let findings = ids(lint(["supabase/migrations/20260126_0001_a.sql", "supabase/migrations/20260126_0002_b.sql"]),
                           .migrationVersionCollision)
        XCTAssertEqual(findings.count, 1)
        XCTAssertEqual(findings.first?.location.file, "supabase/migrations/20260126_0002_b.sql")
        XCTAssertEqual(findings.first?.related.count, 2)
        XCTAssertEqual(ids(lint(["supabase/migrations/20260126_0001_a.sql", "supabase/migrations/20260127_0001_b.sql",
                                 "supabase/migrations/20260407202111_c.sql"]), .migrationVersionCollision), [])
    }

    func testNotNewerThanBase() {
        let base = ["database/001_a.sql", "database/005_e.sql", "database/README.md", "other/900_x.sql"]
        let findings = ids(lint(base + ["database/003_late.sql", "database/006_fine.sql"], base: base),
                           .migrationNotNewerThanBase)
        XCTAssertEqual(findings.map(\.location.file), ["database/003_late.sql"])
        XCTAssertEqual(findings.first?.related.map(\.file), ["database/005_e.sql"])
        XCTAssertEqual(ids(lint(base + ["database/006_fine.sql"], base: base), .migrationNotNewerThanBase), [])
        XCTAssertEqual(ids(lint(base + ["database/003_late.sql"], base: nil), .migrationNotNewerThanBase), [],
                       "without a base the rule does not run")
    }

    func testEdited() throws {
        let original = ["database/001_a.sql": "create table a();\n", "database/002_b.sql": "create table b();\n"]
        let sum = MigrationSum(files: original.sorted { $0.key < $1.key }.map { (String($0.key.dropFirst(9)), Data($0.value.utf8)) })
        var files = original
        files["database/migrations.sum"] = sum.text
        let clean = CheckContext(registry: TestRegistry.make(migrations: [database]), tree: MemoryTree(text: files))
        XCTAssertEqual(try MigrationLint.findings(in: clean), [])

        files["database/001_a.sql"] = "create table a(id int);\n"
        files["database/003_c.sql"] = "select 1;\n"
        let edited = CheckContext(registry: TestRegistry.make(migrations: [database]), tree: MemoryTree(text: files))
        let findings = try MigrationLint.findings(in: edited)
        XCTAssertEqual(findings.map(\.ruleID), [Rule.migrationEdited.id])
        XCTAssertEqual(findings.first?.location.file, "database/001_a.sql", "only the edited file, not the ones after it")
        XCTAssertEqual(findings.first?.related, [SourceLocation(file: "database/migrations.sum", line: 2, column: 1)])
    }

    /// With a memo (as `check` has), a recorded migration already found to match is known by its fingerprint and
    /// not read again; an edit is still found, a reverted edit is known again, and the findings never differ.
    func testRecordedMigrationsFoundUnchangedAreNotReadAgain() throws {
        let original = ["database/001_a.sql": "create table a();\n", "database/002_b.sql": "create table b();\n",
                        "database/003_c.sql": "create table c();\n"]
        let sum = MigrationSum(files: original.sorted { $0.key < $1.key }.map { (String($0.key.dropFirst(9)), Data($0.value.utf8)) })
        var files = original
        files["database/migrations.sum"] = sum.text
        let memo = ContentMemo.inMemory()
        func lint(_ files: [String: String]) throws -> (findings: [Finding], read: [String]) {
            let tree = ReadCountingTree(base: MemoryTree(text: files))
            let findings = try MigrationLint.findings(in: CheckContext(registry: TestRegistry.make(migrations: [database]),
                                                                       tree: tree, memo: memo))
            XCTAssertEqual(findings, try MigrationLint.findings(in: CheckContext(registry: TestRegistry.make(migrations: [database]),
                                                                                 tree: MemoryTree(text: files))))
            return (findings, tree.read)
        }
        XCTAssertEqual(try lint(files).read, ["database/migrations.sum", "database/001_a.sql", "database/002_b.sql", "database/003_c.sql"])
        XCTAssertEqual(try lint(files).read, ["database/migrations.sum"])

        var edited = files
        edited["database/002_b.sql"] = "create table b(id int);\n"
        let after = try lint(edited)
        XCTAssertEqual(after.findings.map(\.location.file), ["database/002_b.sql"])
        XCTAssertEqual(after.read, ["database/migrations.sum", "database/002_b.sql"])
        XCTAssertEqual(try lint(edited).read, ["database/migrations.sum", "database/002_b.sql"], "a finding is read every time")
        XCTAssertEqual(try lint(files).read, ["database/migrations.sum"], "the reverted file is known again")
    }

    /// A recorded migration edited between its fingerprint and its read (a check running while the editor
    /// saves): what is remembered as matching is the content read, never the fingerprint taken before it, so
    /// the edit is found when it is met.
    func testMatchIsRememberedForTheBytesRead() throws {
        let original = ["database/001_a.sql": "create table a();\n", "database/002_b.sql": "create table b();\n"]
        let sum = MigrationSum(files: original.sorted { $0.key < $1.key }.map { (String($0.key.dropFirst(9)), Data($0.value.utf8)) })
        var files = original
        files["database/migrations.sum"] = sum.text
        var edited = files
        edited["database/002_b.sql"] = "create table b(id int);\n"
        let memo = ContentMemo.inMemory()
        let registry = TestRegistry.make(migrations: [database])
        // Fingerprinted as the edit, read as the recorded bytes.
        let racing = StaleFingerprintTree(base: MemoryTree(text: files), fingerprinted: edited)
        XCTAssertEqual(try MigrationLint.findings(in: CheckContext(registry: registry, tree: racing, memo: memo)), [])
        let met = try MigrationLint.findings(in: CheckContext(registry: registry, tree: ReadCountingTree(base: MemoryTree(text: edited)),
                                                              memo: memo))
        XCTAssertEqual(met.map(\.location.file), ["database/002_b.sql"])
    }

    func testDeletedRecordedFileAndTamperedSum() throws {
        let files = ["database/001_a.sql": "a", "database/002_b.sql": "b"]
        let sum = MigrationSum(files: [("001_a.sql", Data("a".utf8)), ("002_b.sql", Data("b".utf8))])
        var deleted = files
        deleted.removeValue(forKey: "database/002_b.sql")
        deleted["database/migrations.sum"] = sum.text
        let gone = try MigrationLint.findings(in: CheckContext(registry: TestRegistry.make(migrations: [database]),
                                                           tree: MemoryTree(text: deleted)))
        XCTAssertEqual(gone.map(\.location), [SourceLocation(file: "database/migrations.sum", line: 3, column: 1)])

        var tampered = files
        tampered["database/migrations.sum"] = sum.text.replacingOccurrences(of: "002_b.sql", with: "002_c.sql")
        let bad = try MigrationLint.findings(in: CheckContext(registry: TestRegistry.make(migrations: [database]),
                                                          tree: MemoryTree(text: tampered)))
        XCTAssertTrue(bad.contains { $0.location == SourceLocation(file: "database/migrations.sum", line: 1, column: 1) })
    }
}

/// A tree that fingerprints without reading (as the check cache's tree does for a file whose stamp is
/// unchanged) and lists the files it was asked to read.
private final class ReadCountingTree: FileTree, @unchecked Sendable {
    let base: MemoryTree
    private let lock = NSLock()
    private var reads: [String] = []

    init(base: MemoryTree) { self.base = base }

    var read: [String] { lock.withLock { reads } }

    func files(under dir: String) throws -> [String] { try base.files(under: dir) }

    func read(_ path: String) throws -> Data {
        lock.withLock { reads.append(path) }
        return try base.read(path)
    }

    func fingerprint(_ path: String) throws -> String { ContentHash.hex(try base.read(path)) }
}

/// A tree that fingerprints each file as its text in `fingerprinted` and reads it from `base`: files changed
/// after their stamps were taken.
private struct StaleFingerprintTree: FileTree {
    let base: MemoryTree
    let fingerprinted: [String: String]

    func files(under dir: String) throws -> [String] { try base.files(under: dir) }
    func read(_ path: String) throws -> Data { try base.read(path) }
    func fingerprint(_ path: String) throws -> String {
        try fingerprinted[path].map { ContentHash.hex(Data($0.utf8)) } ?? ContentHash.hex(base.read(path))
    }
}
