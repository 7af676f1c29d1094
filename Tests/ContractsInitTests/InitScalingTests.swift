import ContractsCore
@testable import ContractsInit
import ContractsSQL
import Foundation
import XCTest

/// `init` reads a long history in time linear in its length: every typed column is a value-set candidate, and
/// each candidate replayed the whole history (4,000 one-table migrations took 31 s, 10,000 `ADD COLUMN`s over 300 s).
final class InitScalingTests: XCTestCase {
    /// The fastest of three runs, so one busy moment of a shared machine does not decide a ratio.
    private func seconds(_ body: () throws -> Void) rethrows -> Double {
        var best = Double.infinity
        for _ in 0..<3 {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        return best
    }

    private func discover(_ migrations: Int, _ text: (Int) -> String) throws -> InitDraft {
        var files: [String: String] = ["App/Alerts.swift": "enum AlertCategory: String { case info, warning }\n"]
        for number in 1...migrations { files[String(format: "database/%05d_m.sql", number)] = text(number) }
        return try ContractDiscovery.discover(ProjectFiles(tree: MemoryTree(text: files)), options: InitOptions())
    }

    /// Four times the migrations take about four times as long (quadratic: sixteen); the bound is between the two.
    private func assertLinear(_ name: String, _ text: @escaping (Int) -> String, file: StaticString = #filePath, line: UInt = #line) throws {
        let small = try seconds { _ = try discover(1_000, text) }
        let large = try seconds { _ = try discover(4_000, text) }
        XCTAssertLessThan(large / max(small, 1e-3), 8, "\(name): 1,000 → \(small) s, 4,000 → \(large) s", file: file, line: line)
    }

    func testOneTablePerMigrationIsLinear() throws {
        try assertLinear("CREATE TABLE") { "CREATE TABLE t\($0) (id int, kind text);\n" }
    }

    func testOneColumnPerMigrationIsLinear() throws {
        try assertLinear("ADD COLUMN") { $0 == 1 ? "CREATE TABLE t (id int);\n" : "ALTER TABLE t ADD COLUMN c\($0) text;\n" }
    }

    func testTheValueSetIsStillFoundAmongThousandsOfColumns() throws {
        // Decoys: a CHECK dropped and added again by name, an ENUM column whose type gains a value and is renamed
        // (statements that name no table), among thousands of other columns of the same table.
        let text = { (number: Int) -> String in
            switch number {
            case 1: return "CREATE TABLE alerts (id int, category text CHECK (category IN ('info', 'warning')));\n"
                + "CREATE TYPE public.level AS ENUM ('low', 'high');\n"
            case 500: return "ALTER TABLE alerts ADD COLUMN level public.level;\n"
            case 900: return "ALTER TYPE level ADD VALUE 'urgent';\nALTER TYPE level RENAME TO severity;\n"
            case 1_200: return "ALTER TABLE alerts DROP CONSTRAINT alerts_category_check;\n"
                + "ALTER TABLE alerts ADD CONSTRAINT alerts_category_check CHECK (category IN ('info', 'warning', 'error'));\n"
            default: return "ALTER TABLE alerts ADD COLUMN c\(number) text;\n"
            }
        }
        // No notification flow names the alerts' category: it is found as a shared enum, not as the notification column.
        let draft = try discover(2_000, text)
        XCTAssertNil(draft.column)
        let category = draft.sharedEnums.first { $0.name == "AlertCategory" }?.columns.first
        XCTAssertEqual(category?.table, "alerts")
        XCTAssertEqual(category?.column, "category")
        XCTAssertEqual(category?.values, ["info", "warning", "error"])
        XCTAssertEqual(category?.location?.file, "database/01200_m.sql")
        var files: [String: String] = [:]
        for number in 1...2_000 { files[String(format: "database/%05d_m.sql", number)] = text(number) }
        let sets = try ValueSetDiscovery.valueSets(folders: [MigrationFolder(dir: "database", scheme: .sequential(width: 5),
                                                                            location: SourceLocation(file: "", line: 1, column: 1))],
                                                   tree: MemoryTree(text: files))
        XCTAssertEqual(sets.map { "\($0.table).\($0.column)" }, ["alerts.category", "alerts.level"])
        XCTAssertEqual(sets.last?.enumType, "public.severity")
        XCTAssertEqual(sets.last?.values, ["low", "high", "urgent"])
    }
}
